import { describe, expect, it } from 'vitest';
import { genreOf } from './analyse-insight.ts';

describe('which texts are read as reviews', () => {
  it('reads a review site’s item, a review import or a rated item as a review, anything else as a post', () => {
    expect(genreOf({ source: 'reviews' })).toBe('review');
    expect(genreOf({ source: 'social', channel: 'reviews' })).toBe('review');
    expect(genreOf({ source: 'feedback', rating: 4 })).toBe('review');
    expect(genreOf({ source: 'feedback', rating: null })).toBe('post');
    expect(genreOf({ source: 'social', channel: 'social' })).toBe('post');
    expect(genreOf({})).toBe('post');
  });
});
