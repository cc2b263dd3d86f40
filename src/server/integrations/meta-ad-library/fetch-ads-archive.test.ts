import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPIRED_TOKEN,
  type MetaGraphDouble,
  manyAds,
  ordinaryAd,
  startMetaGraphDouble,
} from '../../../../tests/doubles/meta-graph.ts';
import { findAdvertiserPages } from './advertiser-pages.ts';
import {
  AdLibraryError,
  type AdSearch,
  maskToken,
  searchAdsArchive,
  TOKEN_INVALID_MESSAGE,
  withoutToken,
} from './fetch-ads-archive.ts';

let graph: MetaGraphDouble;
const fast = { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 50 };

beforeAll(async () => {
  graph = await startMetaGraphDouble();
  graph.setAds('555', manyAds(25));
  graph.setAds('Acme Coffee', manyAds(3, 'term-'));
  graph.setAds('Spoke & Chain', [
    ordinaryAd('s-1', { page_id: '4001', page_name: 'Spoke & Chain Cycles' }),
    ordinaryAd('x-1', { page_id: '4002', page_name: 'Other Bikes', ad_creative_bodies: ['Better than Spoke & Chain'] }),
    ordinaryAd('s-2', { page_id: '4001', page_name: 'Spoke & Chain Cycles' }),
    ordinaryAd('n-1', { page_id: undefined, page_name: undefined }),
  ]);
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

describe('the token never leaves in an error', () => {
  const secret = 'server-secret-token';
  const visible = (error: Error) => `${error.message} ${error.stack} ${JSON.stringify({ ...error })}`;

  it('refuses a next-page link that is not an address, without quoting it', async () => {
    graph.malformedOnce('bad-next', 1);
    const failure = await searchAdsArchive(search({ token: secret }), { pageSize: 10, retry: fast }).catch(
      (error) => error,
    );
    expect(failure).toMatchObject({ kind: 'malformed' });
    expect(visible(failure)).not.toContain(secret);
  });

  it('says the API could not be reached without the address it called', async () => {
    const closed = await startMetaGraphDouble();
    await closed.close();
    const failure = await searchAdsArchive(search({ graphUrl: closed.graphUrl, token: secret }), {
      retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    }).catch((error) => error);
    expect(failure).toBeInstanceOf(AdLibraryError);
    expect(visible(failure)).not.toContain(secret);
  });

  it('masks the token wherever an unexpected error shows it, and keeps other errors whole', () => {
    const urlError = Object.assign(new TypeError(`Invalid URL: https://x/?access_token=${secret}`), {
      input: `https://x/?access_token=${secret}`,
      code: 'ERR_INVALID_URL',
    });
    const safe = withoutToken(urlError, secret);
    expect(visible(safe)).not.toContain(secret);
    expect(safe.message).toBe('Invalid URL: https://x/?access_token=[masked]');
    const databaseError = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(withoutToken(databaseError, secret)).toBe(databaseError);
    expect(maskToken(`said ${secret} and access_token=other`, secret)).toBe('said [masked] and access_token=[masked]');
  });
});

describe('finding the pages behind a name', () => {
  it('counts the ads of each page a name search finds, most first, storing nothing', async () => {
    graph.calls.length = 0;
    const found = await findAdvertiserPages(
      { graphUrl: graph.graphUrl, token: 'good-token', searchTerms: 'Spoke & Chain', countries: ['GB'] },
      { retry: fast },
    );
    expect(found).toEqual({
      adsRead: 4,
      capped: false,
      pages: [
        { pageId: '4001', pageName: 'Spoke & Chain Cycles', adCount: 2 },
        { pageId: '4002', pageName: 'Other Bikes', adCount: 1 },
      ],
    });
    expect(graph.calls[0]!.get('search_terms')).toBe('Spoke & Chain');
  });
});
