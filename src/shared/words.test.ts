import { describe, expect, it } from 'vitest';
import { joinWords, partOf, wholeNumber } from './words.ts';

describe('joinWords', () => {
  it('joins lists of any length in plain English', () => {
    expect(joinWords([])).toBe('');
    expect(joinWords(['a logo'])).toBe('a logo');
    expect(joinWords(['a logo', 'brand fonts'], 'or')).toBe('a logo or brand fonts');
    expect(joinWords(['AI recommendations', 'consumer insights', 'competitor tracking'])).toBe(
      'AI recommendations, consumer insights and competitor tracking',
    );
  });
});

describe('wholeNumber and partOf', () => {
  it('write counts with thousands separators', () => {
    expect(wholeNumber(46_442)).toBe('46,442');
    expect(wholeNumber(7)).toBe('7');
    expect(partOf(46_442, 61_910, 'ad')).toBe('46,442 of 61,910 ads');
  });
});
