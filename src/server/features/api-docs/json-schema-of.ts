import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  format?: string;
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  [keyword: string]: unknown;
};

/**
 * The JSON Schema (2020-12, OpenAPI 3.1's dialect) of a route schema: zod schemas are converted as
 * the request sees them (`io: 'input'`) or as the reply is written (`'output'`); what JSON Schema
 * cannot say (a transform's input, a date) is left open rather than refused. A schema that is
 * already JSON Schema is used as it is.
 */
export function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema {
  if (!(schema instanceof $ZodType)) return (schema ?? {}) as JsonSchema;
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  }) as JsonSchema;
  return json;
}
