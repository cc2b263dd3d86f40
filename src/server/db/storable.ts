/**
 * Text from outside (feeds, review pages, watched pages, landing pages, Meta, CSV files) made safe
 * to store. PostgreSQL refuses U+0000 in `text` and in `jsonb` strings, so one NUL byte in a feed's
 * title would fail the whole write; every outside value passes through here before it is stored.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing NUL is the point
const NUL = /\u0000/g;
// A lone UTF-16 surrogate cannot be encoded as UTF-8; PostgreSQL would receive U+FFFD at best.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without what PostgreSQL cannot store (NUL, lone surrogates). */
export function storableText(text: string): string {
  if (!text.includes('\u0000') && !LONE_SURROGATE.test(text)) return text;
  LONE_SURROGATE.lastIndex = 0;
  return text.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');
}

/** storableText for a value that may be absent. */
export function storableOptionalText<T extends string | null | undefined>(text: T): T {
  return (typeof text === 'string' ? storableText(text) : text) as T;
}

/**
 * A JSON-like value (for jsonb columns) with every string, keys included, made storable.
 * Dates, numbers, booleans and null pass through unchanged.
 */
export function storableJson<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map((item) => storableJson(item)) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const clean: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) clean[storableText(key)] = storableJson(item);
    return clean as T;
  }
  return value;
}
