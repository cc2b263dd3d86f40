/**
 * Finds the places in a request schema where text is accepted without a check against control
 * characters: a string neither built from ZText nor held to a fixed format, or a field that
 * accepts any value at all. Walks zod 4's schema definitions.
 */
import type { z } from 'zod';
import { isText } from '../../src/shared/schemas/text.ts';
import { patternRefusesControlCharacters } from './control-proof-pattern.ts';

type Schema = z.core.$ZodType;
type Def = {
  type: string;
  checks?: Schema[];
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  items?: Schema[];
  rest?: Schema | null;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  getter?: () => Schema;
};

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

/**
 * String formats zod checks with their pattern alone, so the pattern says all the format lets
 * through. Others are checked otherwise and prove nothing here: z.url() parses the text as a URL
 * and takes a NUL or a BEL in its path; ipv6, base64 and jwt have code of their own; starts_with,
 * ends_with and includes hold only part of the text.
 */
const patternCheckedFormats = new Set([
  'regex',
  'uuid',
  'guid',
  'email',
  'date',
  'time',
  'datetime',
  'duration',
  'e164',
  'cuid',
  'cuid2',
  'ulid',
  'xid',
  'ksuid',
  'nanoid',
  'ipv4',
  'cidrv4',
  'mac',
  'hex',
]);

/** A string held to a fixed format: it, or one of its checks, is a pattern that refuses control characters. */
function hasControlProofFormat(schema: Schema): boolean {
  const def = defOf(schema);
  return [def, ...(def.checks ?? []).map(defOf)].some(
    (check) =>
      check.format !== undefined &&
      patternCheckedFormats.has(check.format) &&
      check.pattern instanceof RegExp &&
      patternRefusesControlCharacters(check.pattern),
  );
}

/** What is wrong at a path of the schema; absent where all is well. */
export type TextFinding = { path: string; problem: string };
type Findings = Map<string, string>;

const notText = 'free text not built from ZText';
const anyValue = 'accepts any value, text included, unchecked';

/** Both schemas check the value (a pipe, an intersection): a path is only wrong if wrong in both. */
function bothCheck(first: Findings, second: Findings, firstPaths: Set<string>, secondPaths: Set<string>): Findings {
  const found: Findings = new Map();
  for (const [path, problem] of first) if (second.has(path) || !secondPaths.has(path)) found.set(path, problem);
  for (const [path, problem] of second) if (first.has(path) || !firstPaths.has(path)) found.set(path, problem);
  return found;
}

type Walk = { findings: Findings; paths: Set<string> };

const joinPath = (path: string, part: string) =>
  !part ? path : part.startsWith('[') || !path ? `${path}${part}` : `${path}.${part}`;

function leaf(path: string, problem: string | null): Walk {
  return { findings: problem ? new Map([[path, problem]]) : new Map(), paths: new Set([path]) };
}

function merge(walks: Walk[]): Walk {
  return {
    findings: new Map(walks.flatMap((walk) => [...walk.findings])),
    paths: new Set(walks.flatMap((walk) => [...walk.paths])),
  };
}

function walkBoth(first: Walk, second: Walk): Walk {
  return {
    findings: bothCheck(first.findings, second.findings, first.paths, second.paths),
    paths: new Set([...first.paths, ...second.paths]),
  };
}

/** Types that take no text, or only values written in the schema (enums, literals). */
const fixedValueTypes = new Set([
  'number',
  'int',
  'bigint',
  'boolean',
  'date',
  'enum',
  'literal',
  'null',
  'undefined',
  'void',
  'nan',
  'never',
  'symbol',
  'file',
]);

function walk(schema: Schema, path: string, seen: Set<Schema>): Walk {
  if (seen.has(schema)) return merge([]);
  const inside = new Set(seen).add(schema);
  const def = defOf(schema);
  const into = (child: Schema | null | undefined, part = '') =>
    child ? walk(child, joinPath(path, part), inside) : merge([]);
  if (fixedValueTypes.has(def.type)) return leaf(path, null);
  switch (def.type) {
    case 'string':
      return leaf(path, isText(schema) || hasControlProofFormat(schema) ? null : notText);
    case 'template_literal':
      return leaf(path, schema._zod.pattern && patternRefusesControlCharacters(schema._zod.pattern) ? null : notText);
    case 'any':
    case 'unknown':
    case 'custom':
    case 'transform':
      return leaf(path, anyValue);
    case 'object':
      return merge([
        ...Object.entries(def.shape ?? {}).map(([key, child]) => into(child, key)),
        ...(def.catchall && defOf(def.catchall).type !== 'never' ? [into(def.catchall, '[other keys]')] : []),
      ]);
    case 'array':
      return into(def.element, '[]');
    case 'set':
      return into(def.valueType, '[]');
    case 'tuple':
      return merge([...(def.items ?? []).map((item, index) => into(item, `[${index}]`)), into(def.rest, '[]')]);
    case 'record':
    case 'map':
      return merge([into(def.keyType, '[key]'), into(def.valueType, '[value]')]);
    case 'union':
      return merge((def.options ?? []).map((option) => into(option)));
    case 'intersection':
      return walkBoth(into(def.left), into(def.right));
    case 'pipe':
      return walkPipe(def, into);
    case 'lazy':
      return into(def.getter?.());
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'catch':
    case 'readonly':
      return into(def.innerType);
    default:
      // a kind of schema this walk does not know yet: teach it rather than let text through unseen
      return leaf(path, `a ${def.type} schema, which this check cannot read`);
  }
}

/**
 * A pipe checks its input with `in` and that output with `out`. A transform checks nothing: after
 * one (a preprocess) only `out` counts, before one (a .transform()) only `in`.
 */
function walkPipe(def: Def, into: (child: Schema | undefined) => Walk): Walk {
  const isTransform = (schema: Schema | undefined) => schema !== undefined && defOf(schema).type === 'transform';
  if (isTransform(def.in)) return into(def.out);
  if (isTransform(def.out)) return into(def.in);
  return walkBoth(into(def.in), into(def.out));
}

/** Every place in the schema that takes text without refusing control characters, as `path: problem`. */
export function uncheckedTextFields(schema: Schema): TextFinding[] {
  return [...walk(schema, '', new Set()).findings].map(([path, problem]) => ({ path: path || '(the value)', problem }));
}
