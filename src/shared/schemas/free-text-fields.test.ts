import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { patternRefusesControlCharacters } from '../../../tests/helpers/control-proof-pattern.ts';
import { uncheckedTextFields } from '../../../tests/helpers/free-text-fields.ts';
import { hasControlCharacters, ZText } from './text.ts';

/** The paths the walk finds, for short expectations. */
const found = (schema: z.ZodType) => uncheckedTextFields(schema).map(({ path }) => path);

describe('the walk for unchecked free text', () => {
  it('finds a plain string wherever a request can hold one', () => {
    const free = z.string();
    const schema = z.object({
      plain: free,
      wrapped: free.trim().max(10).optional().nullable().default(''),
      nullish: free.nullish().transform((value) => value ?? null),
      preprocessed: z.preprocess((value) => value, free),
      piped: free.pipe(z.string().max(5)),
      list: z.array(z.object({ deep: free })),
      tuple: z.tuple([z.number(), free]),
      either: z.union([z.number(), free]),
      tagged: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('a'), a: free }),
        z.object({ kind: z.literal('b'), b: z.uuid() }),
      ]),
      dictionary: z.record(free, z.number()),
      values: z.record(z.enum(['x', 'y']), free),
      both: z.intersection(z.object({ left: free }), z.object({ right: z.number() })),
      lazy: z.lazy(() => z.object({ inner: free })),
      loose: z.looseObject({ known: z.number() }),
      anything: z.unknown(),
      refinedByHand: free.refine((value) => !hasControlCharacters(value)),
    });
    expect(found(schema).sort()).toEqual(
      [
        'plain',
        'wrapped',
        'nullish',
        'preprocessed',
        'piped',
        'list[].deep',
        'tuple[1]',
        'either',
        'tagged.a',
        'dictionary[key]',
        'values[value]',
        'both.left',
        'lazy.inner',
        'loose[other keys]',
        'anything',
        'refinedByHand',
      ].sort(),
    );
  });

  it('takes ZText however it is chained, wrapped or piped', () => {
    const tree: z.ZodType = z.lazy(() => z.object({ name: ZText('Name'), children: z.array(tree) }));
    const schema = z.object({
      chained: ZText('Name').trim().min(1).max(300).optional(),
      refined: ZText('Name').refine((value) => value !== 'x'),
      nullish: ZText('Name')
        .trim()
        .nullish()
        .transform((value) => value || null),
      preprocessed: z.preprocess((value) => value, ZText('Name').nullable()),
      pipedOn: ZText('Name')
        .transform((value) => value.trim())
        .pipe(z.string().min(1)),
      pipedInto: z.string().pipe(ZText('Name')),
      multiline: ZText('Notes', { multiline: true }).max(10_000),
      list: z.array(ZText('Term')).max(5),
      keyed: z.record(ZText('Key'), ZText('Value')),
      recursive: tree,
    });
    expect(found(schema)).toEqual([]);
  });

  it('takes a string held to a fixed format, a choice or a value written in the schema', () => {
    const schema = z.object({
      id: z.uuid(),
      email: z.email().max(254),
      day: z.iso.date(),
      moment: z.iso.datetime({ offset: true }),
      digits: z
        .string()
        .trim()
        .regex(/^\d{1,30}$/),
      colour: z.string().regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i),
      choice: z.enum(['daily', 'weekly']),
      fixed: z.literal('DELETE'),
      phrase: z.string().trim().pipe(z.literal('DELETE')),
      count: z.coerce.number().int(),
      flag: z.boolean(),
    });
    expect(found(schema)).toEqual([]);
  });

  it('does not take a format that lets control characters through', () => {
    // z.url() checks the text parses as a URL, and a URL takes a NUL or a BEL in its path
    expect(z.url().safeParse('https://shop.example/\u0000\u0007').success).toBe(true);
    const schema = z.object({
      url: z.url(),
      unanchored: z.string().regex(/\d+/),
      halfAnchored: z.string().regex(/^\d+$|x/),
      multiline: z.string().regex(/^\d+$/m),
      negated: z.string().regex(/^[^,]+$/),
      anyCharacter: z.string().regex(/^.{1,10}$/),
      nonSpace: z.string().regex(/^\S+$/),
      prefix: z.string().startsWith('https://'),
      lowercase: z.string().lowercase(),
    });
    expect(found(schema).sort()).toEqual(
      [
        'url',
        'unanchored',
        'halfAnchored',
        'multiline',
        'negated',
        'anyCharacter',
        'nonSpace',
        'prefix',
        'lowercase',
      ].sort(),
    );
  });

  it('names a kind of schema it cannot read rather than passing it', () => {
    expect(uncheckedTextFields(z.object({ later: z.promise(z.string()) }))).toEqual([
      { path: 'later', problem: 'a promise schema, which this check cannot read' },
    ]);
  });
});

/** `^\12$`, an octal escape for a line feed (written as a literal, it reads as a back reference to TypeScript). */
const octalLineFeed = new RegExp(['^', '\\12', '$'].join(''));

describe('patterns that refuse control characters', () => {
  it.each([
    /^\d+$/,
    /^[A-Za-z0-9_-]{1,64}$/,
    /^(?:a|b|c)$/,
    /^a$|^b$/,
    /^[ -~]+$/,
    /^\p{L}+$/u,
    /^(?<year>\d{4})-\d{2}$/,
  ])('%s does', (pattern) => {
    expect(patternRefusesControlCharacters(pattern)).toBe(true);
  });

  it.each([
    /^[\b]$/,
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a pattern that takes a control character is the point
    /^\x00$/,
    octalLineFeed,
    /^[\s\S]*$/,
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a pattern that takes a control character is the point
    /^[\u0000-\u00ff]+$/,
    /^\P{L}+$/u,
    /^\cG$/,
    /^[^"]+$/,
    /^.+$/s,
    /a/,
  ])('%s does not', (pattern) => {
    expect(patternRefusesControlCharacters(pattern)).toBe(false);
  });
});
