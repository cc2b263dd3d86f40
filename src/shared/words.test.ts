import { describe, expect, it } from 'vitest';
import { joinWords } from './words.ts';

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
