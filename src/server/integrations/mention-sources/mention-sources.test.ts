import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppleDouble, startAppleDouble } from '../../../../tests/doubles/mention-sources/apple-app-store.ts';
import {
  type HackerNewsDouble,
  type HnItem,
  startHackerNewsDouble,
} from '../../../../tests/doubles/mention-sources/hacker-news.ts';
import {
  type MastodonDouble,
  startMastodonDouble,
  type Toot,
} from '../../../../tests/doubles/mention-sources/mastodon.ts';
import { type NewsRssDouble, startNewsRssDouble } from '../../../../tests/doubles/mention-sources/news-rss.ts';
import { parseMastodonInstances } from '../../outside-services-config.ts';
import { ServiceError } from '../http/fetch-service.ts';
import { AppleAppStoreSource, appIdOf } from './apple-app-store/apple-app-store-source.ts';
import { HackerNewsSource } from './hacker-news/hacker-news-source.ts';
import { hashtagsOf, MastodonSource } from './mastodon/mastodon-source.ts';
import type { MentionQuery } from './mention-source.ts';
import { NewsRssSource, newsQueryOf } from './news-rss/news-rss-source.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const ago = (hours: number) => new Date(NOW - hours * 3_600_000);
const waits: number[] = [];
const wait = async (ms: number) => {
  waits.push(ms);
};
const retry = { attempts: 3, baseDelayMs: 100, maxDelayMs: 5_000 };

const query = (overrides: Partial<MentionQuery> = {}): MentionQuery => ({
  name: 'Kiln & Co',
  domain: 'kilnandco.example',
  handles: {},
  hashtags: [],
  includeTerms: [],
  excludeTerms: [],
  market: { language: 'en', country: 'GB' },
  targets: { appleAppIds: [], googlePlaceIds: [] },
  since: null,
  maxItems: 500,
  ...overrides,
});

let news: NewsRssDouble;
let hn: HackerNewsDouble;
let mastodon: MastodonDouble;
let apple: AppleDouble;
beforeAll(async () => {
  [news, hn, mastodon, apple] = await Promise.all([
    startNewsRssDouble(),
    startHackerNewsDouble(),
    startMastodonDouble(),
    startAppleDouble(),
  ]);
});
afterAll(async () => {
  await Promise.all([news.close(), hn.close(), mastodon.close(), apple.close()]);
});

describe('Google News RSS search', () => {
  const source = () => new NewsRssSource({ url: news.searchUrl }, retry, wait);

  it('asks for the name or the domain, without excluded terms, after the since day, in the market', async () => {
    expect(newsQueryOf(query({ excludeTerms: ['pottery class'], since: new Date('2026-11-01T10:00:00Z') }))).toBe(
      '("Kiln & Co" OR "kilnandco.example") -"pottery class" after:2026-11-01',
    );
    news.setItems([
      {
        id: 'a1',
        headline: 'Kiln & Co wins award',
        publisher: 'The Guardian',
        publisherUrl: 'https://www.theguardian.com',
        publishedAt: ago(5),
      },
    ]);
    const result = await source().search(query({ market: { language: 'fr', country: 'FR' } }), {});
    const call = news.calls.at(-1)!;
    expect([call.searchParams.get('hl'), call.searchParams.get('gl'), call.searchParams.get('ceid')]).toEqual([
      'fr-FR',
      'FR',
      'FR:fr',
    ]);
    expect(result.mentions).toEqual([
      expect.objectContaining({
        externalId: 'news_rss:a1',
        title: 'Kiln & Co wins award',
        content: 'Kiln & Co wins award',
        platform: 'Google News · The Guardian',
        url: 'https://news.google.com/rss/articles/a1?oc=5',
        publishedAt: ago(5),
        channel: 'news',
      }),
    ]);
  });

  it('reads at most the cap and says so', async () => {
    news.setItems(
      Array.from({ length: 30 }, (_, index) => ({
        id: `n${index}`,
        headline: `Kiln & Co story ${index}`,
        publisher: 'Paper',
        publisherUrl: 'https://paper.example',
        publishedAt: ago(index + 1),
      })),
    );
    const result = await source().search(query({ maxItems: 10 }), {});
    expect(result.mentions).toHaveLength(10);
    expect(result.stoppedEarly).toBe('Only the newest 10 news items were read.');
  });

  it('waits as Retry-After asks on 429, then reads', async () => {
    waits.length = 0;
    news.failNext({ status: 429, headers: { 'retry-after': '2' } });
    const result = await source().search(query(), {});
    expect(waits).toEqual([2000]);
    expect(result.mentions.length).toBeGreaterThan(0);
  });

  it('fails with a readable reason when the answer is not a feed', async () => {
    news.failNext({ status: 200, body: '<html>consent</html>' });
    await expect(source().search(query(), {})).rejects.toThrow('Google News sent an answer that is not a feed.');
  });
});

describe('Hacker News (Algolia)', () => {
  const source = () => new HackerNewsSource({ apiUrl: hn.apiUrl }, retry, wait);
  const items: HnItem[] = Array.from({ length: 250 }, (_, index) => ({
    id: String(40_000_000 + index),
    kind: index % 2 === 0 ? 'story' : 'comment',
    author: `user${index}`,
    createdAt: ago(index),
    title: index % 2 === 0 ? `Kiln & Co launch ${index}` : undefined,
    text: index % 2 === 0 ? undefined : `I like Kiln &amp; Co mugs (${index})`,
    storyTitle: 'Kiln & Co launch',
    points: index % 2 === 0 ? index : null,
    comments: 3,
  }));

  it('pages through search_by_date until nbPages, newest first, stories and comments', async () => {
    hn.setItems(items.map((item) => ({ ...item, text: item.text?.replace('&amp;', '&') })));
    hn.calls.length = 0;
    const result = await source().search(query(), {});
    expect(result.mentions).toHaveLength(250);
    expect(hn.calls.map((call) => call.searchParams.get('page'))).toEqual(['0', '1', '2']);
    expect(hn.calls[0]?.searchParams.get('tags')).toBe('(story,comment)');
    expect(hn.calls[0]?.searchParams.get('query')).toBe('"Kiln & Co"');
    expect(result.mentions[0]).toMatchObject({
      externalId: 'hacker_news:40000000',
      authorName: 'user0',
      engagement: { points: 0, comments: 3 },
      content: 'Kiln & Co launch 0',
    });
    expect(result.mentions[1]).toMatchObject({ title: 'Re: Kiln & Co launch', engagement: {} });
  });

  it('filters by created_at_i after since and stops at the cap', async () => {
    hn.calls.length = 0;
    const result = await source().search(query({ since: ago(50.5), maxItems: 500 }), {});
    expect(hn.calls[0]?.searchParams.get('numericFilters')).toBe(
      `created_at_i>${Math.floor(ago(50.5).getTime() / 1000)}`,
    );
    expect(result.mentions).toHaveLength(51);
    const capped = await source().search(query({ maxItems: 120 }), {});
    expect(capped.mentions).toHaveLength(120);
    expect(capped.stoppedEarly).toBe('Only the newest 120 Hacker News items were read.');
  });

  it('honours Retry-After on 429 and gives up with the reason when the wait is too long', async () => {
    waits.length = 0;
    hn.failNext({ status: 429, headers: { 'retry-after': '3' } });
    await source().search(query({ maxItems: 10 }), {});
    expect(waits).toEqual([3000]);
    hn.failNext({ status: 429, headers: { 'retry-after': '3600' } });
    const error = await source()
      .search(query(), {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      kind: 'rate_limited',
      message: 'Hacker News is limiting requests; try again later.',
    });
  });

  it('fails on 5xx after its retries', async () => {
    hn.failNext({ status: 502 }, { times: 3 });
    await expect(source().search(query(), {})).rejects.toThrow('Hacker News is not answering properly (HTTP 502).');
  });
});

describe('Mastodon hashtag timelines', () => {
  const instances = () => parseMastodonInstances(mastodon.instancesSetting(['one.social', 'two.social'])) as never;
  const source = () => new MastodonSource(instances(), retry, wait);
  const toots = (count: number, domain: string): Toot[] =>
    Array.from({ length: count }, (_, index) => ({
      id: String(100_000 + index),
      uri: `https://${domain}/users/u${index}/statuses/${100_000 + index}`,
      createdAt: ago(count - 1 - index),
      html: `<p>Love my <a href="#">#kilnandco</a> mug ${index}</p>`,
      acct: `u${index}`,
      displayName: `User ${index}`,
      favourites: index,
    }));

  it('reads the name as a hashtag unless hashtags are given', () => {
    expect(hashtagsOf(query())).toEqual(['kilnco']);
    expect(hashtagsOf(query({ hashtags: ['#KilnAndCo', 'kilnandco', 'bad tag'] }))).toEqual(['kilnandco']);
  });

  it('follows Link rel="next" page by page and keeps one copy of a post federated to two instances', async () => {
    mastodon.setRemaining(300);
    mastodon.setTimeline('one.social', 'kilnandco', toots(90, 'one.social'));
    mastodon.setTimeline(
      'two.social',
      'kilnandco',
      // the first five of one.social's posts, federated: other local ids, the same uri and date
      toots(90, 'one.social')
        .slice(0, 5)
        .map((toot, index) => ({ ...toot, id: String(900 + index), acct: `${toot.acct}@one.social` })),
    );
    mastodon.calls.length = 0;
    const result = await source().search(query({ hashtags: ['kilnandco'] }), {});
    expect(result.mentions).toHaveLength(90);
    const oneCalls = mastodon.calls.filter((call) => call.pathname.startsWith('/i/one.social'));
    expect(oneCalls.map((call) => call.searchParams.get('max_id'))).toEqual([null, '100050', '100010', '100000']);
    expect(result.mentions[0]).toMatchObject({
      externalId: 'mastodon:https://one.social/users/u89/statuses/100089',
      authorHandle: '@u89@one.social',
      engagement: { replies: 0, reposts: 0, likes: 89 },
      content: 'Love my #kilnandco mug 89',
      channel: 'social',
    });
  });

  it('stops at posts older than since', async () => {
    const result = await source().search(query({ hashtags: ['kilnandco'], since: ago(10.5) }), {});
    expect(result.mentions).toHaveLength(11);
  });

  it('leaves an instance for the run when X-RateLimit-Remaining reaches 0, and says so', async () => {
    mastodon.setRemaining(2);
    const result = await source().search(query({ hashtags: ['kilnandco'] }), {});
    expect(result.stoppedEarly).toContain('one.social asked for a pause (rate limit until');
    expect(result.mentions.length).toBe(80);
    mastodon.setRemaining(300);
  });

  it('waits as Retry-After asks on 429', async () => {
    waits.length = 0;
    mastodon.failNext(
      {
        status: 429,
        headers: { 'retry-after': '2', 'x-ratelimit-remaining': '0' },
        body: '{"error":"Too many requests"}',
      },
      { pathPrefix: '/i/one.social' },
    );
    const result = await source().search(query({ hashtags: ['kilnandco'] }), {});
    expect(waits).toEqual([2000]);
    expect(result.mentions).toHaveLength(90);
  });

  it('goes on when one instance fails and fails only when all do', async () => {
    mastodon.failAlways('/i/two.social', {
      status: 401,
      body: '{"error":"This method requires an authenticated user"}',
    });
    const partly = await source().search(query({ hashtags: ['kilnandco'] }), {});
    expect(partly.mentions).toHaveLength(90);
    expect(partly.stoppedEarly).toContain('Mastodon (two.social) refused this server');
    mastodon.failAlways('/i/one.social', { status: 503 });
    await expect(source().search(query({ hashtags: ['kilnandco'] }), {})).rejects.toBeInstanceOf(ServiceError);
    mastodon.failAlways('/i/one.social', null);
    mastodon.failAlways('/i/two.social', null);
  });
});

describe('App Store customer reviews', () => {
  const source = () => new AppleAppStoreSource({ url: apple.rssUrl }, retry, wait);
  const reviews = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      id: String(7000 + index),
      author: `Reviewer ${index}`,
      title: `Title ${index}`,
      text: `Review text ${index}`,
      rating: (index % 5) + 1,
      updated: ago(index),
      voteSum: 1,
      voteCount: 2,
    }));

  it('reads the app id from an address', () => {
    expect(appIdOf('https://apps.apple.com/gb/app/kiln/id1234567890')).toBe('1234567890');
    expect(appIdOf('id987654')).toBe('987654');
    expect(appIdOf('nonsense')).toBeNull();
  });

  it('pages to the last page and no further than Apple’s 10 (500 reviews)', async () => {
    apple.setReviews('gb', '555555', reviews(620));
    apple.calls.length = 0;
    const result = await source().search(query({ targets: { appleAppIds: ['555555'], googlePlaceIds: [] } }), {});
    expect(result.mentions).toHaveLength(500);
    expect(apple.calls.map((call) => call.pathname)).toContain(
      '/gb/rss/customerreviews/page=10/id=555555/sortby=mostrecent/json',
    );
    expect(apple.calls).toHaveLength(10);
    expect(result.mentions[0]).toMatchObject({
      externalId: 'apple_app_store:555555:7000',
      rating: 1,
      title: 'Title 0',
      content: 'Review text 0',
      authorName: 'Reviewer 0',
      engagement: { helpfulVotes: 1, votes: 2 },
      channel: 'reviews',
      platform: 'App Store',
    });
  });

  it('reads a single review sent as an object, and stops at since', async () => {
    apple.setReviews('gb', '666666', reviews(1));
    const one = await source().search(query({ targets: { appleAppIds: ['666666'], googlePlaceIds: [] } }), {});
    expect(one.mentions).toHaveLength(1);
    apple.calls.length = 0;
    const recent = await source().search(
      query({ since: ago(60.5), targets: { appleAppIds: ['555555'], googlePlaceIds: [] } }),
      {},
    );
    expect(recent.mentions).toHaveLength(61);
    expect(apple.calls).toHaveLength(2);
  });

  it('retries a 503 and honours Retry-After on 429', async () => {
    waits.length = 0;
    apple.failNext({ status: 503 });
    apple.failNext({ status: 429, headers: { 'retry-after': '1' } });
    const result = await source().search(query({ targets: { appleAppIds: ['666666'], googlePlaceIds: [] } }), {});
    expect(result.mentions).toHaveLength(1);
    expect(waits).toEqual([100, 1000]);
  });
});
