import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startYoutubeDouble, type YoutubeDouble } from '../../../../../tests/doubles/mention-sources/youtube.ts';
import { ServiceError } from '../../http/fetch-service.ts';
import { type MentionQuery, NOT_AVAILABLE_ON_THIS_SERVER } from '../mention-source.ts';
import { YoutubeQuotaLedger } from './youtube-api.ts';
import { createYoutubeMentionSource, youtubeQuery } from './youtube-source.ts';

let double: YoutubeDouble;
const waits: number[] = [];
const wait = async (ms: number) => void waits.push(ms);

const query = (overrides: Partial<MentionQuery> = {}): MentionQuery => ({
  name: 'Northwind Roasters',
  domain: 'northwind.example',
  handles: { youtube: 'northwindroasters' },
  hashtags: [],
  includeTerms: [],
  excludeTerms: ['decaf', 'instant coffee'],
  market: { language: 'en', country: 'GB' },
  targets: { appleAppIds: [], googlePlaceIds: [] },
  since: null,
  maxItems: 1000,
  ...overrides,
});

const source = (options: { apiKey?: string; dailyQuotaUnits?: number } = {}) =>
  createYoutubeMentionSource(
    { apiUrl: double.url, apiKey: options.apiKey ?? double.apiKey, dailyQuotaUnits: options.dailyQuotaUnits ?? 10_000 },
    { wait },
  );

beforeAll(async () => {
  double = await startYoutubeDouble();
});
afterAll(() => double.close());
beforeEach(() => {
  waits.length = 0;
  double.calls.length = 0;
  double.setQuota(Number.POSITIVE_INFINITY);
  double.loadChannel('northwindroasters', 120);
  double.loadVideos(120);
});

describe('YouTube mention source', () => {
  it('is unavailable without a key and says what to set', () => {
    const off = createYoutubeMentionSource({ apiUrl: double.url, apiKey: undefined, dailyQuotaUnits: 10_000 });
    expect(off.availability()).toEqual({
      available: false,
      reason: NOT_AVAILABLE_ON_THIS_SERVER,
      adminHint: 'Set YOUTUBE_API_KEY',
    });
  });

  it('reads the own channel comments, the videos naming the brand with their statistics, and their comments; counts units', async () => {
    double.loadVideoComments('vid00000001', 5);
    double.disableComments('vid00000002');
    const result = await source().search(query(), {});
    expect(result.stoppedEarly).toBeNull();
    expect(result.mentions).toHaveLength(120 + 120 + 5);
    // channels 1 + own comments 2 pages + search 3 pages x 100 + videos.list 3 + 20 videos' comments
    expect(double.unitsSpent).toBe(1 + 2 + 300 + 3 + 20);

    const search = double.calls.find((call) => call.path === '/search');
    expect(search?.query.get('q')).toBe('"Northwind Roasters"|northwind.example -decaf -"instant coffee"');
    expect(search?.query.get('order')).toBe('date');
    expect(search?.query.get('type')).toBe('video');
    expect(double.calls.find((call) => call.path === '/channels')?.query.get('forHandle')).toBe('@northwindroasters');

    const video = result.mentions.find((mention) => mention.externalId === 'youtube:video:vid00000001');
    expect(video).toMatchObject({
      url: 'https://www.youtube.com/watch?v=vid00000001',
      title: 'Northwind Roasters review #1',
      content: 'Northwind Roasters review #1\nWe visit Northwind Roasters and taste their espresso...',
      authorName: 'Coffee Reviews & More',
      engagement: { views: 1000, likes: 10, comments: 0 },
      platform: 'YouTube',
      channel: 'video',
    });
    // A hidden like count is left out, not 0; an empty description gives the title.
    expect(result.mentions.find((mention) => mention.externalId === 'youtube:video:vid00000003')?.engagement).toEqual({
      views: 1002,
      comments: 2,
    });
    expect(result.mentions.find((mention) => mention.externalId === 'youtube:video:vid00000004')?.content).toBe(
      'Northwind Roasters review #4',
    );
    const comment = result.mentions.find((mention) => mention.externalId === 'youtube:comment:Ugzvid00000001c2');
    expect(comment).toMatchObject({
      url: 'https://www.youtube.com/watch?v=vid00000001&lc=Ugzvid00000001c2',
      content: 'Great & friendly service from Northwind Roasters (2)',
      authorName: '@viewer2',
      engagement: { likes: 2, replies: 2 },
      platform: 'YouTube · comment',
    });
    expect(comment?.publishedAt).toBeInstanceOf(Date);
    const onVideo = double.calls.find((call) => call.path === '/commentThreads' && call.query.get('videoId'));
    expect(onVideo?.query.get('searchTerms')).toBe('Northwind Roasters');
  });

  it('reads 500 generated videos within one run’s share of the quota', async () => {
    double.loadVideos(500);
    const result = await source().search(query(), {});
    expect(result.stoppedEarly).toBeNull();
    expect(result.mentions.filter((mention) => mention.externalId.startsWith('youtube:video:'))).toHaveLength(500);
    expect(double.unitsSpent).toBe(1 + 2 + 1000 + 10 + 20);
  });

  it('stops cleanly at the daily quota and says so, counting across runs', async () => {
    const ledger = new YoutubeQuotaLedger(250);
    const youtube = createYoutubeMentionSource(
      { apiUrl: double.url, apiKey: double.apiKey, dailyQuotaUnits: 250 },
      { wait, ledger, runUnits: 10_000 },
    );
    const result = await youtube.search(query(), {});
    expect(result.mentions).toHaveLength(120 + 100);
    expect(result.stoppedEarly).toBe(
      "YouTube's daily quota for this server is used up (203 of 250 units); the rest is read after it resets at midnight Pacific time.",
    );
    const again = await youtube.search(query({ handles: {} }), {});
    expect(again.mentions).toHaveLength(0);
    expect(again.stoppedEarly).toMatch(/daily quota/);
    expect(ledger.spentToday()).toBe(203);
  });

  it('keeps one run within its share of the day', async () => {
    const youtube = createYoutubeMentionSource(
      { apiUrl: double.url, apiKey: double.apiKey, dailyQuotaUnits: 10_000 },
      { wait, runUnits: 150 },
    );
    const result = await youtube.search(query(), {});
    expect(result.stoppedEarly).toBe(
      "This run used its share of YouTube's daily quota (103 units); the rest is read on the next run.",
    );
  });

  it("treats YouTube's quotaExceeded as quota: an error when nothing was read, a stop when something was", async () => {
    double.setQuota(0);
    const error = await source()
      .search(query(), {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('quota');

    double.setQuota(150);
    const partial = await source().search(query(), {});
    expect(partial.mentions.length).toBeGreaterThan(0);
    expect(partial.stoppedEarly).toMatch(/quota/);
  });

  it('honours since with publishedAfter and stops at the first older item', async () => {
    const now = new Date();
    double.loadVideos(120, undefined, now);
    double.loadChannel('northwindroasters', 120, now);
    const since = new Date(now.getTime() - 9.5 * 3_600_000);
    const result = await source().search(query({ since }), {});
    expect(double.calls.find((call) => call.path === '/search')?.query.get('publishedAfter')).toBe(since.toISOString());
    expect(result.mentions.filter((mention) => mention.externalId.startsWith('youtube:video:'))).toHaveLength(10);
    expect(result.mentions.every((mention) => (mention.publishedAt?.getTime() ?? 0) >= since.getTime())).toBe(true);
  });

  it('waits as a 429 Retry-After asks, then succeeds', async () => {
    double.fault('/search', {
      status: 429,
      headers: { 'retry-after': '2' },
      body: { error: { code: 429, message: 'Too many requests' } },
    });
    const result = await source().search(query({ maxItems: 130 }), {});
    expect(result.mentions).toHaveLength(130);
    expect(waits).toEqual([2000]);
  });

  it('fails as auth for a refused key, without the key in the error', async () => {
    const error = await source({ apiKey: 'AIzaWrongKey99999' })
      .search(query(), {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('auth');
    expect(JSON.stringify([(error as ServiceError).message, (error as ServiceError).details])).not.toContain(
      'AIzaWrongKey99999',
    );
  });

  it('writes exclusions with the documented NOT operator only', () => {
    expect(youtubeQuery(query({ domain: null, excludeTerms: [] }))).toBe('"Northwind Roasters"');
  });
});
