import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZShareAuditRequest, ZStartAuditRequest } from './audits.ts';
import { ZDevSwitchQuery, ZGoogleLoginQuery, ZLoginQuery } from './auth.ts';
import { ZCreateBrandRequest, ZUpdateBrandRequest } from './brands.ts';
import { ZActionStatusRequest } from './recommendations.ts';
import { hasControlCharacters, ZText } from './text.ts';

type Path = (string | number)[];
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every place in a request schema where a string is accepted, arrays entered at index 0. */
function stringPaths(schema: z.ZodType, path: Path = []): Path[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return [path];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) => stringPaths(child, [...path, key]));
    case 'array':
      return def.element ? stringPaths(def.element, [...path, 0]) : [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'catch':
      return def.innerType ? stringPaths(def.innerType, path) : [];
    case 'pipe':
      return [...(def.in ? stringPaths(def.in, path) : []), ...(def.out ? stringPaths(def.out, path) : [])];
    case 'union':
      return (def.options ?? []).some((option) => stringPaths(option).length > 0) ? [path] : [];
    default:
      return [];
  }
}

const asset = { url: '/api/uploads/0a1b.png', originalName: 'logo.png', size: 10, mimetype: 'image/png' };
const brand = {
  name: 'Acme Coffee',
  websiteUrl: 'https://acme.example/',
  instagramHandle: 'acme',
  twitterHandle: 'acme',
  linkedinHandle: 'acme',
  tiktokHandle: 'acme',
  facebookHandle: 'acme',
  logoUrl: '/api/uploads/0a1b.png',
  colourPalette: ['#112233'],
  fonts: ['Inter'],
  assets: [asset],
};

/** Each request schema with a payload it accepts. */
const requestSchemas: [string, z.ZodType, Record<string, unknown>][] = [
  ['POST /api/brands', ZCreateBrandRequest, { ...brand, userId: 'someone' }],
  ['PATCH /api/brands/{id}', ZUpdateBrandRequest, brand],
  ['POST /api/audits', ZStartAuditRequest, { brandId: '5f0c6a8e-4b7a-4a8e-9a55-0b6c2f1e9d11' }],
  ['POST /api/audits/{id}/share', ZShareAuditRequest, { maxDownloads: 5 }],
  ['PATCH /api/action-items/{id}/status', ZActionStatusRequest, { status: 'completed' }],
  ['GET /api/login', ZLoginQuery, { plan: 'starter' }],
  ['GET /api/auth/google', ZGoogleLoginQuery, { state: 'starter' }],
  ['GET /api/dev-switch', ZDevSwitchQuery, { email: 'someone@example.com', plan: 'free' }],
];

function withValue(payload: Record<string, unknown>, path: Path, value: unknown) {
  const copy = structuredClone(payload);
  let target: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path.at(-1) as string | number] = value;
  return copy;
}

function valueAt(payload: Record<string, unknown>, path: Path): unknown {
  return path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], payload);
}

const controlCharacters = ['\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u009f', '\t', '\n', '\r'];

describe('control characters in requests', () => {
  it.each(requestSchemas)('%s accepts its sample payload', (_route, schema, payload) => {
    expect(schema.safeParse(payload).success).toBe(true);
  });

  it('finds the free-text fields of the brand form', () => {
    const paths = stringPaths(ZCreateBrandRequest).map((path) => path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['name', 'websiteUrl', 'instagramHandle', 'fonts.0', 'assets.0.originalName', 'userId']),
    );
  });

  for (const [route, schema, payload] of requestSchemas) {
    const paths = stringPaths(schema).filter((path) => typeof valueAt(payload, path) === 'string');
    for (const path of paths) {
      it(`${route}: ${path.join('.')} refuses every control character, naming the field`, () => {
        for (const character of controlCharacters) {
          const result = schema.safeParse(withValue(payload, path, `${valueAt(payload, path)}${character}x`));
          expect(result.success, JSON.stringify(character)).toBe(false);
          const issue = result.error?.issues.find((candidate) => candidate.path.join('.') === path.join('.'));
          expect(issue?.message, JSON.stringify(character)).toBeTruthy();
        }
      });
    }
  }
});

describe('ZText', () => {
  it('names the field and allows line breaks only in multi-line text', () => {
    const single = ZText('Company name').safeParse('Acme\u0000');
    expect(single.error?.issues[0]?.message).toBe('Company name contains a control character');
    expect(ZText('Notes', { multiline: true }).safeParse('one\r\ntwo\tthree').success).toBe(true);
    expect(ZText('Notes', { multiline: true }).safeParse('one\u000btwo').success).toBe(false);
    expect(ZText('Name').safeParse('Café ☕ ü').success).toBe(true);
  });

  it('recognises C0, DEL and C1 but not ordinary text', () => {
    expect(hasControlCharacters('\u0000')).toBe(true);
    expect(hasControlCharacters('\u007f')).toBe(true);
    expect(hasControlCharacters('\u0080')).toBe(true);
    expect(hasControlCharacters('\u00a0')).toBe(false);
    expect(hasControlCharacters('line\nbreak', { multiline: true })).toBe(false);
  });
});
