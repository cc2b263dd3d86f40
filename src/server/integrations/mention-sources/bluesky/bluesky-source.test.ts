import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BlueskyDouble, startBlueskyDouble } from '../../../../../tests/doubles/mention-sources/bluesky.ts';
import { ServiceError } from '../../http/fetch-service.ts';
import { type MentionQuery, NOT_AVAILABLE_ON_THIS_SERVER } from '../mention-source.ts';
import { blueskyWebUrl, createBlueskyMentionSource } from './bluesky-source.ts';

let double: BlueskyDouble;
const waits: number[] = [];
const wait = async (ms: number) => void waits.push(ms);
const NAME = '"Northwind Roasters"';

const query = (overrides: Partial<MentionQuery> = {}): MentionQuery => ({
  name: 'Northwind Roasters',
  domain: null,
  handles: {},
  hashtags: [],
  includeTerms: [],
  excludeTerms: [],
  market: { language: 'en', country: 'GB' },
  targets: { appleAppIds: [], googlePlaceIds: [] },
  since: null,
  maxItems: 1000,
  ...overrides,
});

const source = (appPassword = double.appPassword) =>
  createBlueskyMentionSource(
    { apiUrl: double.url, appviewUrl: double.url, credentials: { identifier: double.identifier, appPassword } },
    { wait },
  );

beforeAll(async () => {
  double = await startBlueskyDouble();
});
afterAll(() => double.close());
beforeEach(() => {
  waits.length = 0;
  double.calls.length = 0;
  double.setRateLimit({ remaining: 2999, reset: Math.floor(Date.now() / 1000) + 300 });
});

describe('Bluesky mention source', () => {
  it('is unavailable without an app password and says what to set', () => {
    const off = createBlueskyMentionSource({ apiUrl: double.url, appviewUrl: double.url, credentials: undefined });
    expect(off.availability()).toEqual({
      available: false,
      reason: NOT_AVAILABLE_ON_THIS_SERVER,
      adminHint: 'Set BLUESKY_IDENTIFIER and BLUESKY_APP_PASSWORD',
    });
  });

  it('maps posts faithfully and follows the cursor to the end, one session for many runs', async () => {
    const posts = double.loadPosts(NAME, 230);
    const bluesky = source();
    const result = await bluesky.search(query(), {});
    expect(result.mentions).toHaveLength(230);
    expect(result.stoppedEarly).toBeNull();
    const searches = double.calls.filter((call) => call.path.endsWith('searchPosts'));
    expect(searches.map((call) => call.query.get('cursor'))).toEqual([null, '100', '200']);
    expect(searches[0]?.query.get('sort')).toBe('latest');
    expect(searches[0]?.query.get('limit')).toBe('100');

    const post = posts[1];
    if (!post) throw new Error('no post');
    const rkey = post.uri.split('/').at(-1);
    expect(result.mentions[1]).toEqual({
      externalId: `bluesky:${post.uri}`,
      url: `https://bsky.app/profile/${post.author.handle}/post/${rkey}`,
      title: null,
      content: post.record.text,
      authorName: post.author.displayName,
      authorHandle: `@${post.author.handle}`,
      publishedAt: new Date(post.record.createdAt),
      engagement: {
        likes: post.likeCount,
        replies: post.replyCount,
        reposts: post.repostCount,
        quotes: post.quoteCount,
      },
      rating: null,
      platform: 'Bluesky',
      channel: 'social',
    });
    expect(result.mentions[4]?.authorName).toBeNull();

    await bluesky.search(query(), {});
    expect(double.calls.filter((call) => call.path.endsWith('createSession'))).toHaveLength(1);
  });

  it('searches the domain and the declared handle too, each post once', async () => {
    double.loadPosts(NAME, 3);
    double.loadPosts('northwind.example', 2);
    const result = await source().search(
      query({ domain: 'northwind.example', handles: { bluesky: 'northwind.bsky.social' } }),
      {},
    );
    const asked = double.calls.filter((call) => call.path.endsWith('searchPosts')).map((call) => call.query.get('q'));
    expect(asked).toEqual([NAME, 'northwind.example', 'northwind.bsky.social']);
    // The double gives the same uris for both searches' first posts: stored once.
    expect(result.mentions).toHaveLength(3);
  });

  it('sends since and stops at maxItems', async () => {
    const now = new Date();
    double.loadPosts(NAME, 300, now);
    const since = new Date(now.getTime() - 150.5 * 3_600_000);
    const result = await source().search(query({ since, maxItems: 1000 }), {});
    expect(double.calls.find((call) => call.path.endsWith('searchPosts'))?.query.get('since')).toBe(
      since.toISOString(),
    );
    expect(result.mentions).toHaveLength(151);
    const capped = await source().search(query({ maxItems: 50 }), {});
    expect(capped.mentions).toHaveLength(50);
    expect(capped.stoppedEarly).toBe('Stopped at 50 posts for this run.');
  });

  it('reads 500 generated posts', async () => {
    double.loadPosts(NAME, 500);
    const result = await source().search(query(), {});
    expect(result.mentions).toHaveLength(500);
    expect(new Set(result.mentions.map((mention) => mention.externalId)).size).toBe(500);
  });

  it('refreshes an expired session instead of signing in again', async () => {
    double.loadPosts(NAME, 2);
    const bluesky = source();
    await bluesky.search(query(), {});
    const created = double.sessionsCreated;
    double.expireAccessTokens();
    const result = await bluesky.search(query(), {});
    expect(result.mentions).toHaveLength(2);
    expect(double.sessionsCreated).toBe(created);
    expect(double.sessionsRefreshed).toBeGreaterThan(0);
  });

  it('waits as a 429 Retry-After asks, and for the rate-limit reset when none is left', async () => {
    double.loadPosts(NAME, 150);
    double.fault('searchPosts', {
      status: 429,
      headers: { 'retry-after': '3' },
      body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' },
    });
    double.setRateLimit({ remaining: 0, reset: Math.floor(Date.now() / 1000) + 20 });
    const result = await source().search(query(), {});
    expect(result.mentions).toHaveLength(150);
    expect(waits[0]).toBe(3000);
    expect(waits[1]).toBeGreaterThan(15_000);
  });

  it('fails as auth without naming the app password or a token', async () => {
    double.loadPosts(NAME, 2);
    const error = await source('wrong-pass-word1')
      .search(query(), {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('auth');
    expect(JSON.stringify([(error as ServiceError).message, (error as ServiceError).details])).not.toContain(
      'wrong-pass-word1',
    );
  });

  it('builds the web address from the at:// uri', () => {
    expect(blueskyWebUrl('at://did:plc:abc/app.bsky.feed.post/3kxyz', 'handle.invalid')).toBe(
      'https://bsky.app/profile/did:plc:abc/post/3kxyz',
    );
    expect(blueskyWebUrl('not-a-uri', 'x.bsky.social')).toBeNull();
  });
});
