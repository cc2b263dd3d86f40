import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RedditDouble, startRedditDouble } from '../../../../../tests/doubles/mention-sources/reddit.ts';
import { ServiceError } from '../../http/fetch-service.ts';
import { type MentionQuery, NOT_AVAILABLE_ON_THIS_SERVER } from '../mention-source.ts';
import { redditUserAgent } from './reddit-client.ts';
import { createRedditMentionSource, redditQuery } from './reddit-source.ts';

let double: RedditDouble;
const waits: number[] = [];
const wait = async (ms: number) => void waits.push(ms);

const query = (overrides: Partial<MentionQuery> = {}): MentionQuery => ({
  name: 'Northwind Roasters',
  domain: 'northwind.example',
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

function source(overrides: { clientSecret?: string } = {}) {
  return createRedditMentionSource(
    {
      apiUrl: double.url,
      authUrl: double.authUrl,
      credentials: { clientId: double.clientId, clientSecret: overrides.clientSecret ?? double.clientSecret },
      username: 'brandlens_ops',
    },
    { wait },
  );
}

beforeAll(async () => {
  double = await startRedditDouble();
});
afterAll(() => double.close());
beforeEach(() => {
  waits.length = 0;
  double.calls.length = 0;
  double.setRateLimit({ used: 1, remaining: 599, reset: 300 });
});

describe('Reddit mention source', () => {
  it('is unavailable without credentials and says what to set', () => {
    const off = createRedditMentionSource({
      apiUrl: double.url,
      authUrl: double.authUrl,
      credentials: undefined,
      username: undefined,
    });
    expect(off.availability()).toEqual({
      available: false,
      reason: NOT_AVAILABLE_ON_THIS_SERVER,
      adminHint: 'Set REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET',
    });
    expect(source().availability()).toEqual({ available: true });
  });

  it('maps posts faithfully and pages with `after` to the end', async () => {
    const posts = double.loadPosts(250);
    const result = await source().search(query(), {});
    expect(result.stoppedEarly).toBeNull();
    expect(result.mentions).toHaveLength(250);
    const searches = double.calls.filter((call) => call.path === '/search');
    expect(searches).toHaveLength(3);
    expect(searches[0]?.query.get('q')).toBe('"Northwind Roasters" OR "northwind.example"');
    expect(searches[0]?.query.get('sort')).toBe('new');
    expect(searches[0]?.query.get('type')).toBe('link');
    expect(searches[1]?.query.get('after')).toBe(posts[99]?.name);
    expect(searches[0]?.headers['user-agent']).toBe('server:brandlens:1.0.0 (by /u/brandlens_ops)');

    const first = posts[0];
    expect(result.mentions[0]).toEqual({
      externalId: `reddit:${first?.name}`,
      url: `https://www.reddit.com${first?.permalink}`,
      title: first?.title,
      content: first?.selftext,
      authorName: null,
      authorHandle: `u/${first?.author}`,
      publishedAt: new Date((first?.created_utc ?? 0) * 1000),
      engagement: { score: first?.score, comments: first?.num_comments },
      rating: null,
      platform: 'Reddit · r/coffee',
      channel: 'forum',
    });
    // A link post has no selftext: its title is the content. A deleted author has no handle.
    expect(result.mentions[2]?.content).toBe(posts[2]?.title);
    expect(result.mentions[6]?.authorHandle).toBeNull();
  });

  it('stops at maxItems and says so', async () => {
    double.loadPosts(250);
    const result = await source().search(query({ maxItems: 120 }), {});
    expect(result.mentions).toHaveLength(120);
    expect(result.stoppedEarly).toBe('Stopped at 120 posts for this run.');
  });

  it('honours since: stops at the first older post and asks Reddit for the matching window', async () => {
    const now = new Date();
    double.loadPosts(300, undefined, now);
    const since = new Date(now.getTime() - 30.5 * 3_600_000);
    const result = await source().search(query({ since }), {});
    expect(result.mentions).toHaveLength(31);
    expect(result.mentions.every((mention) => (mention.publishedAt?.getTime() ?? 0) >= since.getTime())).toBe(true);
    expect(double.calls.filter((call) => call.path === '/search')).toHaveLength(1);
    expect(double.calls.at(-1)?.query.get('t')).toBe('week');
  });

  it('waits as a 429 Retry-After asks, then succeeds', async () => {
    double.loadPosts(5);
    double.fault('/search', {
      status: 429,
      headers: { 'retry-after': '7' },
      body: { message: 'Too Many Requests', error: 429 },
    });
    const result = await source().search(query(), {});
    expect(result.mentions).toHaveLength(5);
    expect(waits).toEqual([7000]);
  });

  it('waits for the rate-limit window to reset when Reddit says none is left, or stops early if that is long', async () => {
    double.loadPosts(150);
    double.setRateLimit({ used: 600, remaining: 0, reset: 12 });
    const reddit = source();
    const result = await reddit.search(query(), {});
    expect(result.mentions).toHaveLength(150);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(11_000);

    double.setRateLimit({ used: 600, remaining: 0, reset: 500 });
    const stopped = await reddit.search(query(), {});
    expect(stopped.mentions).toHaveLength(100);
    expect(stopped.stoppedEarly).toMatch(/rate limit/);
  });

  it('reads 500 generated posts in five pages, reporting progress as pages arrive', async () => {
    double.loadPosts(500);
    const progress: number[] = [];
    const result = await source().search(query(), { onProgress: (found) => void progress.push(found) });
    expect(result.mentions).toHaveLength(500);
    expect(new Set(result.mentions.map((mention) => mention.externalId)).size).toBe(500);
    expect(progress).toEqual([100, 200, 300, 400, 500]);
  });

  it('keeps what was read when a rate limit outlasts the retries', async () => {
    double.loadPosts(150);
    double.fault(
      '/search',
      { status: 429, headers: { 'retry-after': '3600' }, body: { message: 'Too Many Requests', error: 429 } },
      1,
      1,
    );
    const result = await source().search(query(), {});
    expect(result.mentions).toHaveLength(100);
    expect(result.stoppedEarly).toBe('Reddit is limiting requests; the rest is read on the next run.');
    expect(waits).toEqual([]);
  });

  it('fetches a new token once when Reddit refuses the cached one', async () => {
    double.loadPosts(3);
    const reddit = source();
    await reddit.search(query(), {});
    const issued = double.tokensIssued;
    double.revokeTokens();
    const result = await reddit.search(query(), {});
    expect(result.mentions).toHaveLength(3);
    expect(double.tokensIssued).toBe(issued + 1);
  });

  it('fails as auth, naming no credential, when Reddit refuses the client', async () => {
    const error = await source({ clientSecret: 'wrong-secret-value' })
      .search(query(), {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('auth');
    const text = JSON.stringify({ message: (error as ServiceError).message, details: (error as ServiceError).details });
    expect(text).not.toContain('wrong-secret-value');
    expect(text).not.toContain(double.clientId);
  });

  it('builds its query and User-Agent as documented', () => {
    expect(redditQuery(query({ domain: null, name: 'Say "Cheese" Ltd' }))).toBe('"Say Cheese Ltd"');
    expect(redditUserAgent(undefined)).toBe('server:brandlens:1.0.0');
  });
});
