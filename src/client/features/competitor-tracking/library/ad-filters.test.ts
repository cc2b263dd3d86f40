import { describe, expect, it } from 'vitest';
import {
  adApiQuery,
  adFiltersFromSearch,
  hasAdFilters,
  noAdFilters,
  searchFromAdFilters,
  type TAdFilters,
  withAdFilters,
} from './ad-filters.ts';

const rival = '0b6f8f1e-6a3c-4d8e-9b1a-2f4c5d6e7f80';
const brand = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

const everything: TAdFilters = {
  q: 'spring sale',
  competitorId: rival,
  platform: 'meta',
  mediaType: 'video',
  publisherPlatform: 'audience_network',
  status: 'running',
  from: '2026-01-01',
  to: '2026-03-31',
  sort: 'longest-running',
};

describe('ad filters in the address', () => {
  it('reads no filters from an empty query string', () => {
    expect(adFiltersFromSearch('')).toEqual(noAdFilters);
    expect(searchFromAdFilters(noAdFilters).toString()).toBe('');
    expect(hasAdFilters(noAdFilters)).toBe(false);
  });

  it('writes every filter under the API names and reads the same filters back', () => {
    const search = searchFromAdFilters(everything).toString();
    expect(search).toBe(
      `q=spring+sale&competitorId=${rival}&platform=meta&mediaType=video&publisherPlatform=audience_network` +
        '&status=running&from=2026-01-01&to=2026-03-31&sort=longest-running',
    );
    expect(adFiltersFromSearch(search)).toEqual(everything);
    expect(adFiltersFromSearch(new URLSearchParams(search))).toEqual(everything);
  });

  it('writes only the filters set, and the default sort not at all', () => {
    const filters = {
      ...noAdFilters,
      platform: 'google' as const,
      status: 'stopped' as const,
      sort: 'newest' as const,
    };
    expect(searchFromAdFilters(filters).toString()).toBe('platform=google&status=stopped');
  });

  it('trims the search and leaves a blank one out', () => {
    expect(searchFromAdFilters({ ...noAdFilters, q: '  loaves  ' }).toString()).toBe('q=loaves');
    expect(searchFromAdFilters({ ...noAdFilters, q: '   ' }).toString()).toBe('');
    expect(adFiltersFromSearch('q=%20%22fresh%20bread%22%20-rye%20').q).toBe('"fresh bread" -rye');
  });

  it('keeps a search with accents and punctuation through the round trip', () => {
    const filters = { ...noAdFilters, q: 'café & crème "50% off"' };
    expect(adFiltersFromSearch(searchFromAdFilters(filters))).toEqual(filters);
  });

  it('drops values the API would refuse, so a stale or edited link still shows a library', () => {
    const filters = adFiltersFromSearch(
      'competitorId=not-a-uuid&platform=myspace&mediaType=gif&publisherPlatform=Face%20Book&status=paused' +
        '&from=2026-02-30&to=yesterday&sort=random&q=a%00b',
    );
    expect(filters).toEqual(noAdFilters);
  });

  it('puts dates given the wrong way round in order', () => {
    const filters = adFiltersFromSearch('from=2026-05-01&to=2026-04-01');
    expect([filters.from, filters.to]).toEqual(['2026-04-01', '2026-05-01']);
  });

  it('ignores parameters that are not filters', () => {
    expect(adFiltersFromSearch(`brand=${brand}&utm_source=mail&platform=tiktok`)).toEqual({
      ...noAdFilters,
      platform: 'tiktok',
    });
  });

  it('counts any narrowing filter, but not the sort, as filtering', () => {
    expect(hasAdFilters({ ...noAdFilters, sort: 'longest-running' })).toBe(false);
    expect(hasAdFilters({ ...noAdFilters, q: ' ' })).toBe(false);
    expect(hasAdFilters({ ...noAdFilters, q: 'sale' })).toBe(true);
    expect(hasAdFilters({ ...noAdFilters, to: '2026-01-31' })).toBe(true);
    expect(hasAdFilters({ ...noAdFilters, publisherPlatform: 'instagram' })).toBe(true);
  });

  it('replaces the filters in the address and keeps the other parameters', () => {
    const current = new URLSearchParams(`brand=${brand}&platform=meta&q=old`);
    expect(withAdFilters(current, { ...noAdFilters, status: 'running' }).toString()).toBe(
      `brand=${brand}&status=running`,
    );
    expect(withAdFilters(current, noAdFilters).toString()).toBe(`brand=${brand}`);
  });

  it("asks the API for the brand's ads under the filters, with page parameters added", () => {
    expect(adApiQuery(brand, { ...noAdFilters, platform: 'meta', q: 'sale' })).toBe(
      `brandId=${brand}&q=sale&platform=meta`,
    );
    expect(adApiQuery(brand, noAdFilters, { limit: '50', cursor: 'abc' })).toBe(`brandId=${brand}&limit=50&cursor=abc`);
  });
});
