import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../lib/storage.ts';
import { filterInsights, readBrandFilter, writeBrandFilter } from './insight-filters.ts';
import { confidenceText } from './insight-format.ts';

const COMPETITOR = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const insights = [
  { id: 'a', competitorId: null, sentiment: 'positive' as const },
  { id: 'b', competitorId: COMPETITOR, sentiment: 'negative' as const },
  { id: 'c', competitorId: null, sentiment: 'negative' as const },
  { id: 'd', competitorId: null, sentiment: 'neutral' as const },
  { id: 'e', competitorId: COMPETITOR, sentiment: 'positive' as const },
];
const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

describe('filterInsights', () => {
  it("shows the brand's own insights, its competitors' or all, keeping the order", () => {
    expect(ids(filterInsights(insights, { brand: 'my-brand', sentiment: 'all' }).shown)).toEqual(['a', 'c', 'd']);
    expect(ids(filterInsights(insights, { brand: 'competitors', sentiment: 'all' }).shown)).toEqual(['b', 'e']);
    expect(ids(filterInsights(insights, { brand: 'all', sentiment: 'all' }).shown)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('narrows by sentiment and counts each sentiment within the brand filter', () => {
    const mine = filterInsights(insights, { brand: 'my-brand', sentiment: 'negative' });
    expect(ids(mine.shown)).toEqual(['c']);
    expect(mine.counts).toEqual({ all: 3, positive: 1, negative: 1, neutral: 1 });
    const everyone = filterInsights(insights, { brand: 'all', sentiment: 'positive' });
    expect(ids(everyone.shown)).toEqual(['a', 'e']);
    expect(everyone.counts).toEqual({ all: 5, positive: 2, negative: 2, neutral: 1 });
    expect(filterInsights([], { brand: 'all', sentiment: 'neutral' })).toEqual({
      shown: [],
      counts: { all: 0, positive: 0, negative: 0, neutral: 0 },
    });
  });
});

describe('the stored brand filter', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("defaults to 'my-brand', keeps a choice and ignores an unknown value", () => {
    expect(readBrandFilter()).toBe('my-brand');
    writeBrandFilter('competitors');
    expect(store.get(storageKeys.insightBrandFilter)).toBe('competitors');
    expect(readBrandFilter()).toBe('competitors');
    store.set(storageKeys.insightBrandFilter, 'everything');
    expect(readBrandFilter()).toBe('my-brand');
  });
});

describe('confidenceText', () => {
  it('rounds down, so only a certain result reads 100%', () => {
    expect(confidenceText(0.999)).toBe('99%');
    expect(confidenceText(0.5)).toBe('50%');
    expect(confidenceText(1)).toBe('100%');
    expect(confidenceText(0)).toBe('0%');
  });
});
