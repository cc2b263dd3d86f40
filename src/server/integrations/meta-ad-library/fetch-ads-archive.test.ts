import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPIRED_TOKEN,
  type MetaGraphDouble,
  manyAds,
  startMetaGraphDouble,
} from '../../../../tests/doubles/meta-graph.ts';
import { AdLibraryError, type AdSearch, searchAdsArchive, TOKEN_INVALID_MESSAGE } from './fetch-ads-archive.ts';

let graph: MetaGraphDouble;
const fast = { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 50 };

beforeAll(async () => {
  graph = await startMetaGraphDouble();
  graph.setAds('555', manyAds(25));
  graph.setAds('Acme Coffee', manyAds(3, 'term-'));
});
afterAll(() => graph?.close());

const search = (overrides: Partial<AdSearch> = {}): AdSearch => ({
  graphUrl: graph.graphUrl,
  token: 'good-token',
  pageId: '555',
  searchTerms: 'Acme Coffee',
  countries: ['GB'],
  ...overrides,
});

describe('searching the ad library', () => {
  it('follows paging.next to the end, asking by page id for the market', async () => {
    const seen: number[] = [];
    graph.calls.length = 0;
    const outcome = await searchAdsArchive(search(), {
      pageSize: 10,
      retry: fast,
      onPage: async ({ ads }) => {
        seen.push(ads.length);
      },
    });
    expect(outcome).toEqual({ read: 25, pages: 3, capped: false });
    expect(seen).toEqual([10, 10, 5]);
    const first = graph.calls[0]!;
    expect(first.get('search_page_ids')).toBe('["555"]');
    expect(first.get('search_terms')).toBeNull();
    expect(first.get('ad_reached_countries')).toBe('["GB"]');
    expect(first.get('ad_active_status')).toBe('ALL');
    expect(first.get('ad_type')).toBe('ALL');
    expect(first.get('fields')).toContain('eu_total_reach');
    expect(graph.calls[2]!.get('after')).toBe('20');
  });

  it('searches by name when there is no page id', async () => {
    graph.calls.length = 0;
    const outcome = await searchAdsArchive(search({ pageId: null }), { retry: fast });
    expect(outcome.read).toBe(3);
    expect(graph.calls[0]!.get('search_terms')).toBe('Acme Coffee');
    expect(graph.calls[0]!.get('search_page_ids')).toBeNull();
  });

  it('stops at the cap per run and says so', async () => {
    const outcome = await searchAdsArchive(search(), { pageSize: 10, maxAds: 15, retry: fast });
    expect(outcome).toEqual({ read: 15, pages: 2, capped: true });
  });

  it('retries after a rate limit and carries on', async () => {
    graph.calls.length = 0;
    graph.rateLimitOnce(17);
    const outcome = await searchAdsArchive(search(), { pageSize: 10, retry: fast });
    expect(outcome.read).toBe(25);
    expect(graph.calls).toHaveLength(4);
  });

  it('stops on an expired token with what to do', async () => {
    const failure = await searchAdsArchive(search({ token: EXPIRED_TOKEN }), { retry: fast }).catch((error) => error);
    expect(failure).toBeInstanceOf(AdLibraryError);
    expect(failure).toMatchObject({ kind: 'token', message: TOKEN_INVALID_MESSAGE });
  });

  it('fails on a truncated page before handing any of it on', async () => {
    graph.malformedOnce('truncated', 2);
    const handed: number[] = [];
    const failure = await searchAdsArchive(search(), {
      pageSize: 10,
      retry: fast,
      onPage: async ({ ads }) => {
        handed.push(ads.length);
      },
    }).catch((error) => error);
    expect(failure).toMatchObject({ kind: 'malformed' });
    expect(failure.message).toMatch(/not complete JSON/);
    expect(handed).toEqual([10]);
  });
});
