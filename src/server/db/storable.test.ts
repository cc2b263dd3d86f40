import { describe, expect, it } from 'vitest';
import { storableJson, storableOptionalText, storableText } from './storable.ts';

describe('storableText', () => {
  it('removes NUL bytes and keeps everything else', () => {
    expect(storableText('Bike\u0000 shop\u0000')).toBe('Bike shop');
    expect(storableText('Café ☕ 👍')).toBe('Café ☕ 👍');
  });

  it('replaces lone surrogates, keeps pairs', () => {
    expect(storableText('a\uD83Db')).toBe('a\uFFFDb');
    expect(storableText('a\uDC4Db')).toBe('a\uFFFDb');
    expect(storableText('\uD83D\uDC4D')).toBe('👍');
  });

  it('passes absent values through', () => {
    expect(storableOptionalText(null)).toBeNull();
    expect(storableOptionalText(undefined)).toBeUndefined();
    expect(storableOptionalText('x\u0000')).toBe('x');
  });
});

describe('storableJson', () => {
  it('cleans strings at any depth, keys included, and keeps other values', () => {
    const when = new Date('2026-01-01T00:00:00Z');
    expect(storableJson({ 'k\u0000': ['a\u0000', 1, null, { b: 'c\u0000', when }], ok: true })).toEqual({
      k: ['a', 1, null, { b: 'c', when }],
      ok: true,
    });
  });
});
