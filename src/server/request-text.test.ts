import fs from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { testConfig } from '../../tests/helpers/app.ts';
import { uncheckedTextFields } from '../../tests/helpers/free-text-fields.ts';
import { buildApp } from './app.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import * as schema from './db/schema/index.ts';
import type { ApiRoute } from './features/api-docs/collect-api-routes.ts';
import { projectRoot } from './project-root.ts';

/**
 * Every free-text field of every request is built from ZText, which refuses control characters
 * (PostgreSQL refuses NUL outright: a 500 instead of a 400). Two sources are walked:
 * - the schemas the built app registers on its /api routes (params, query string, body, headers):
 *   every schema a request is actually validated with, whatever its name or file;
 * - every schema exported from src/shared whose name says it is a request (…Request, …Query,
 *   …Params, …Body, …Fields): it also covers the few parsed by hand, such as the fields of a CSV
 *   upload, which arrive as multipart and so are not a route's body schema.
 */

/**
 * Text left unchecked on purpose, as `<url> <part> <field>`. Each needs its reason.
 */
const uncheckedOnPurpose = new Set([
  // An e-mail's unsubscribe link: any query string is answered with a page rather than a JSON
  // error, so the token is taken as it comes; it is read only through its signature check, which
  // refuses anything this server did not sign, and is never stored.
  '/api/notifications/unsubscribe querystring token',
  '/api/email-reports/unsubscribe querystring token',
]);

const requestParts = ['params', 'querystring', 'body', 'headers'] as const;
const requestSchemaName = /^Z\w+(?:Request|Query|Params|Body|Fields)$/;

const isSchema = (value: unknown): value is z.core.$ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** Every zod schema exported from src/shared, by export name. */
async function sharedSchemas(): Promise<Map<z.core.$ZodType, string>> {
  const sharedDir = path.join(projectRoot, 'src/shared');
  const files = fs
    .readdirSync(sharedDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  const names = new Map<z.core.$ZodType, string>();
  for (const file of files) {
    const exports: Record<string, unknown> = await import(path.join(sharedDir, file));
    for (const [name, value] of Object.entries(exports)) if (isSchema(value)) names.set(value, name);
  }
  return names;
}

/** Only the routes are wanted: a database handle that never connects, as registering them runs no query. */
function unconnectedDatabase(): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
  const refuse = async (): Promise<never> => {
    throw new Error('no database: this test only registers routes');
  };
  return {
    db: drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Database,
    kind: 'postgres',
    executeSql: refuse,
    migrate: refuse,
    close: () => pool.end(),
  };
}

let database: DatabaseHandle;
let routes: readonly ApiRoute[];
let schemaNames: Map<z.core.$ZodType, string>;

beforeAll(async () => {
  database = unconnectedDatabase();
  const app = await buildApp({ config: testConfig(), database, clientDir: null, logger: false, signInProviders: {} });
  await app.ready();
  routes = app.apiRoutes;
  await app.close();
  schemaNames = await sharedSchemas();
}, 30_000);

afterAll(async () => {
  await database?.close();
});

describe('free text in requests', () => {
  it('is built from ZText in every schema a route validates a request with', () => {
    const found: string[] = [];
    for (const route of routes) {
      for (const part of requestParts) {
        const schema = route.schema[part];
        if (!isSchema(schema)) continue;
        const name = schemaNames.get(schema) ?? 'a schema of the route';
        for (const { path: field, problem } of uncheckedTextFields(schema)) {
          if (uncheckedOnPurpose.has(`${route.url} ${part} ${field}`)) continue;
          found.push(`${route.method} ${route.url} ${part} (${name}) ${field}: ${problem}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('is built from ZText in every request schema exported from src/shared', () => {
    const found = [...schemaNames]
      .filter(([, name]) => requestSchemaName.test(name))
      .flatMap(([schema, name]) =>
        uncheckedTextFields(schema).map(({ path: field, problem }) => `${name} ${field}: ${problem}`),
      );
    expect(found).toEqual([]);
  });

  it('sees the routes and the schemas it walks', () => {
    const validated = (method: string, url: string, part: (typeof requestParts)[number]) => {
      const schema = routes.find((route) => route.method === method && route.url === url)?.schema[part];
      return isSchema(schema) ? schemaNames.get(schema) : undefined;
    };
    expect(routes.length).toBeGreaterThan(100);
    expect(validated('PUT', '/api/competitors/:id/tiktok-advertiser', 'body')).toBe('ZChooseTikTokAdvertiserRequest');
    expect(validated('GET', '/api/competitors/:id/tiktok-advertisers', 'querystring')).toBe('ZTikTokAdvertiserQuery');
    expect(validated('GET', '/api/brands/:id', 'params')).toBe('ZIdParams');
    // multipart CSV imports: their fields are parsed by hand, found by name
    const names = [...schemaNames.values()];
    expect(names).toEqual(expect.arrayContaining(['ZCsvImportFields', 'ZAdCsvImportFields']));
    expect(names.filter((name) => requestSchemaName.test(name)).length).toBeGreaterThan(50);
  });
});
