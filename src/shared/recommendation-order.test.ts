import { describe, expect, it } from 'vitest';
import { sortRecommendations } from './recommendation-order.ts';

const item = (title: string, priority: 'High' | 'Medium' | 'Low', scoreImpact: number, estimatedHours = 1) => ({
  title,
  priority,
  scoreImpact,
  estimatedHours,
});

describe('sortRecommendations', () => {
  it('lists by priority, then the larger score impact', () => {
    const sorted = sortRecommendations([
      item('low', 'Low', 9),
      item('high small', 'High', 1),
      item('medium', 'Medium', 3),
      item('high big', 'High', 5),
    ]);
    expect(sorted.map((r) => r.title)).toEqual(['high big', 'high small', 'medium', 'low']);
  });

  it('breaks ties by the quicker fix, then by title, whatever the input order', () => {
    const items = [
      item('Slow fix', 'Medium', 2, 4),
      item('b quick', 'Medium', 2, 0.5),
      item('a quick', 'Medium', 2, 0.5),
    ];
    const expected = ['a quick', 'b quick', 'Slow fix'];
    expect(sortRecommendations(items).map((r) => r.title)).toEqual(expected);
    expect(sortRecommendations([...items].reverse()).map((r) => r.title)).toEqual(expected);
  });

  it('returns a copy and leaves the input alone', () => {
    const items = [item('b', 'Low', 0), item('a', 'High', 3)];
    sortRecommendations(items);
    expect(items.map((r) => r.title)).toEqual(['b', 'a']);
  });
});
