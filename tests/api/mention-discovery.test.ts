import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitors, consumerInsights, users } from '../../src/server/db/schema/index.ts';
import type { TDiscoveryTask } from '../../src/shared/schemas/insight-sources.ts';
import type { TMentionSourceList, TMentionSourceOutcome } from '../../src/shared/schemas/mention-sources.ts';
import { createTestApp } from '../helpers/app.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { type MentionDoubles, seedNorthwindMentions, startMentionDoubles } from '../helpers/mention-sources.ts';
import { setPlan } from '../helpers/seed.ts';

const OWNER = 'listening-owner@example.com';
const STRANGER = 'listening-stranger@example.com';
let target: WorkingTestApp;
let doubles: MentionDoubles;
let owner: string;
let stranger: string;
let brandId: string;
/** When the doubles' mentions were dated from: the dates stored are checked against it, not the clock. */
const seededAt = Date.now();

beforeAll(async () => {
  doubles = await startMentionDoubles();
  seedNorthwindMentions(doubles, seededAt);
  target = await createWorkingTestApp({ env: doubles.env });
  owner = await target.signInAs(OWNER);
  stranger = await target.signInAs(STRANGER);
  await setPlan(target.database, OWNER, 'smb');
  await setPlan(target.database, STRANGER, 'smb');
  const brand = await inject('POST', '/api/brands', owner, {
    name: 'Northwind Roasters',
    websiteUrl: 'https://northwindroasters.example',
  });
  expect(brand.statusCode, brand.body).toBe(201);
  brandId = brand.json().id;
}, 60_000);

afterAll(async () => {
  await target?.close();
  await doubles?.close();
});

function inject(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, payload?: object) {
  return target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

async function discover(): Promise<TDiscoveryTask> {
  const started = await inject('POST', '/api/consumer-insights/discover', owner, { brandId });
  expect(started.statusCode, started.body).toBe(202);
  return waitFor(
    async () => (await inject('GET', `/api/consumer-insights/discoveries/${started.json().id}`, owner)).json(),
    (task: TDiscoveryTask) => task.status === 'completed' || task.status === 'failed',
    { what: 'the discovery to finish', timeoutMs: 60_000 },
  );
}

const outcome = (task: TDiscoveryTask, kind: string) =>
  task.result?.mentionSources?.find((item) => item.kind === kind) as TMentionSourceOutcome;

const brandRows = () =>
  target.database.db
    .select()
    .from(consumerInsights)
    .where(and(eq(consumerInsights.brandId, brandId), isNull(consumerInsights.competitorId)));

describe('a brand with only a name and a website', () => {
  let first: TDiscoveryTask;
  beforeAll(async () => {
    first = await discover();
  }, 90_000);

  it('finds mentions in every keyless source without a source added first', () => {
    expect(first.status, first.error ?? '').toBe('completed');
    expect(outcome(first, 'news_rss')).toMatchObject({ status: 'read', found: 4, added: 3, duplicates: 1 });
    expect(outcome(first, 'hacker_news')).toMatchObject({ status: 'read', found: 3, added: 3 });
    expect(outcome(first, 'mastodon')).toMatchObject({ status: 'read', found: 3, added: 3 });
    expect(outcome(first, 'apple_app_store')).toMatchObject({ status: 'needs_setup', added: 0 });
    expect(first.result).toMatchObject({ added: 9, notAboutSubject: 1 });
  });

  it('asks each service in its documented form', () => {
    const news = doubles.news.calls.find((call) => call.pathname === '/rss/search');
    expect(news?.searchParams.get('q')).toMatch(
      /^\("Northwind Roasters" OR "northwindroasters\.example"\) after:\d{4}-\d\d-\d\d$/,
    );
    expect([news?.searchParams.get('hl'), news?.searchParams.get('gl'), news?.searchParams.get('ceid')]).toEqual([
      'en-GB',
      'GB',
      'GB:en',
    ]);
    const hn = doubles.hn.calls.find((call) => call.pathname.endsWith('/search_by_date'));
    expect(hn?.searchParams.get('tags')).toBe('(story,comment)');
    expect(hn?.searchParams.get('numericFilters')).toMatch(/^created_at_i>\d+$/);
    expect(doubles.mastodon.calls.map((call) => call.pathname)).toContain(
      '/i/alpha.social/api/v1/timelines/tag/northwindroasters',
    );
  });

  it('stores each mention once with its author, handle, date, address, counts and platform', async () => {
    const rows = await brandRows();
    expect(rows).toHaveLength(9);
    const comment = rows.find((row) => row.externalId === 'hacker_news:41000003');
    expect(comment).toMatchObject({
      authorName: 'kettle',
      authorHandle: 'kettle',
      platform: 'Hacker News',
      channel: 'forum',
      sourceUrl: 'https://news.ycombinator.com/item?id=41000003',
      isRelevant: true,
    });
    expect(comment?.content).toBe("Northwind Roasters' Ethiopian is the best filter coffee I have had this year.");
    const story = rows.find((row) => row.externalId === 'hacker_news:41000001');
    expect(story?.engagementMetrics).toEqual({ points: 57, comments: 2 });
    const federated = rows.filter((row) => row.externalId?.includes('111000000000000002'));
    expect(federated).toHaveLength(1);
    expect(federated[0]).toMatchObject({
      authorName: 'Maya',
      authorHandle: '@maya@alpha.social',
      platform: 'Mastodon',
      channel: 'social',
      engagementMetrics: { replies: 0, reposts: 1, likes: 4 },
    });
    const news = rows.find((row) => row.externalId === 'news_rss:CBMiNW2');
    expect(news).toMatchObject({ platform: 'Google News · BBC News', channel: 'news', authorName: null });
    expect(news?.content).toBe('Why Northwind Roasters switched to compostable cups');
    // the article's own date (RSS dates are to the second), however long ago the feed was read
    expect(Math.abs(seededAt - 5 * 86_400_000 - (news?.collectedAt.getTime() ?? 0))).toBeLessThan(1000);
  });

  it('stores a syndicated copy of an article once', async () => {
    const rows = await brandRows();
    const copies = rows.filter((row) => row.content.startsWith('Northwind Roasters opens a second café'));
    expect(copies).toHaveLength(1);
    expect(copies[0]?.sourceUrl).toBe('https://www.yorkshireeveningpost.co.uk/business/northwind-roasters-second-cafe');
  });

  it('files an off-topic search result as not about the brand', async () => {
    const filtered = await inject('GET', `/api/consumer-insights?brandId=${brandId}&relevance=filtered`, owner);
    expect(filtered.statusCode).toBe(200);
    const body = filtered.json();
    const items = (body.insights ?? body.items ?? body) as { content: string }[];
    expect(items.map((item) => item.content)).toEqual(['Northwind Traders signs deal with coffee roasters in Seattle']);
  });

  it('shows each source’s health on the Sources card', async () => {
    const list = await inject('GET', `/api/brands/${brandId}/mention-sources`, owner);
    expect(list.statusCode).toBe(200);
    const hn = (list.json() as TMentionSourceList).sources.find((source) => source.kind === 'hacker_news');
    expect(hn).toMatchObject({
      available: true,
      enabled: true,
      health: { lastError: null, lastItems: 3, lastAdded: 3 },
    });
    expect(hn?.health.lastSuccessAt).not.toBeNull();
    // Waiting for an app id is not a failure: nothing ran.
    const apple = (list.json() as TMentionSourceList).sources.find((source) => source.kind === 'apple_app_store');
    expect(apple?.health).toMatchObject({ lastRunAt: null, lastError: null });
  });

  it('adds nothing on a second run', async () => {
    const second = await discover();
    expect(second.status).toBe('completed');
    expect(second.result?.added).toBe(0);
    expect(await brandRows()).toHaveLength(9);
  }, 90_000);

  it('reads the App Store reviews of the app the owner gives, as about the brand', async () => {
    const put = await inject('PUT', `/api/brands/${brandId}/mention-sources/apple_app_store`, owner, {
      appleAppIds: ['https://apps.apple.com/gb/app/northwind/id1234567890'],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().appleAppIds).toEqual(['1234567890']);
    const run = await discover();
    expect(outcome(run, 'apple_app_store')).toMatchObject({ status: 'read', found: 3, added: 3 });
    const reviews = (await brandRows()).filter((row) => row.platform === 'App Store');
    expect(reviews.map((row) => [row.authorName, row.rating, row.source, row.isRelevant]).sort()).toEqual([
      ['CoffeeKate', 5, 'reviews', true],
      ['Sam', 4, 'reviews', true],
      ['jb_leeds', 2, 'reviews', true],
    ]);
    expect(reviews.find((row) => row.authorName === 'CoffeeKate')?.engagementMetrics).toEqual({
      helpfulVotes: 3,
      votes: 4,
    });
  }, 90_000);

  it('goes on with the other sources when one fails, and marks it failed with the reason', async () => {
    doubles.hn.failAlways('/api/v1', { status: 503, body: 'Service Unavailable' });
    try {
      const run = await discover();
      expect(run.status).toBe('completed');
      expect(outcome(run, 'hacker_news')).toMatchObject({
        status: 'failed',
        error: 'Hacker News is not answering properly (HTTP 503).',
      });
      expect(outcome(run, 'news_rss').status).toBe('read');
      expect(outcome(run, 'mastodon').status).toBe('read');
      const list = (await inject('GET', `/api/brands/${brandId}/mention-sources`, owner)).json() as TMentionSourceList;
      expect(list.sources.find((source) => source.kind === 'hacker_news')?.health.lastError).toBe(
        'Hacker News is not answering properly (HTTP 503).',
      );
    } finally {
      doubles.hn.failAlways('/api/v1', null);
    }
  }, 90_000);

  it('searches for a competitor with only a name, keeping its mentions apart', async () => {
    const [user] = await target.database.db.select().from(users).where(eq(users.email, OWNER));
    const [rival] = await target.database.db
      .insert(competitors)
      .values({ userId: user!.id, brandId, name: 'Northwind Roasters', website: null })
      .returning();
    const started = await inject('POST', '/api/consumer-insights/discover-competitor', owner, {
      competitorId: rival!.id,
    });
    expect(started.statusCode, started.body).toBe(202);
    const done = await waitFor(
      async () =>
        (await inject('GET', `/api/consumer-insights/competitor-discoveries/${started.json().id}`, owner)).json(),
      (task: TDiscoveryTask) => task.status === 'completed' || task.status === 'failed',
      { what: 'the competitor discovery', timeoutMs: 60_000 },
    );
    expect(done.status, done.error ?? '').toBe('completed');
    const rows = await target.database.db
      .select()
      .from(consumerInsights)
      .where(eq(consumerInsights.competitorId, rival!.id));
    // The same mentions, kept for the competitor as well (App Store ids are the brand's own setting).
    expect(rows).toHaveLength(9);
  }, 90_000);
});

describe('source settings', () => {
  it('refuses the signed-out (401) and other users’ brands and competitors (404)', async () => {
    expect((await inject('GET', `/api/brands/${brandId}/mention-sources`, null)).statusCode).toBe(401);
    expect((await inject('GET', `/api/brands/${brandId}/mention-sources`, stranger)).statusCode).toBe(404);
    const put = await inject('PUT', `/api/brands/${brandId}/mention-sources/mastodon`, stranger, { enabled: false });
    expect(put.statusCode).toBe(404);
    const [rival] = await target.database.db.select().from(competitors).where(eq(competitors.brandId, brandId));
    expect((await inject('GET', `/api/competitors/${rival!.id}/mention-sources`, stranger)).statusCode).toBe(404);
    expect(
      (await inject('PUT', `/api/competitors/${rival!.id}/mention-sources/mastodon`, stranger, { enabled: false }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses bad settings with a readable 400', async () => {
    const hashtag = await inject('PUT', `/api/brands/${brandId}/mention-sources/mastodon`, owner, {
      hashtags: ['two words'],
    });
    expect(hashtag.statusCode).toBe(400);
    expect(hashtag.json().message).toContain('A hashtag is letters, digits and underscores');
    const app = await inject('PUT', `/api/brands/${brandId}/mention-sources/apple_app_store`, owner, {
      appleAppIds: ['not an app'],
    });
    expect(app.statusCode).toBe(400);
    const unknown = await inject('PUT', `/api/brands/${brandId}/mention-sources/mastodon`, owner, { colour: 'red' });
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps hashtags and turns a source off, which discovery then leaves alone', async () => {
    const tags = await inject('PUT', `/api/brands/${brandId}/mention-sources/mastodon`, owner, {
      hashtags: ['#NorthwindRoasters', 'northwindleeds'],
      enabled: false,
    });
    expect(tags.statusCode, tags.body).toBe(200);
    expect(tags.json()).toMatchObject({ enabled: false, hashtags: ['northwindroasters', 'northwindleeds'] });
    const calls = doubles.mastodon.calls.length;
    const run = await discover();
    expect(outcome(run, 'mastodon').status).toBe('off');
    expect(doubles.mastodon.calls.length).toBe(calls);
    await inject('PUT', `/api/brands/${brandId}/mention-sources/mastodon`, owner, { enabled: true });
  }, 90_000);

  it('refuses changes on the free plan (403 plan_feature), reading stays open', async () => {
    const brand = await inject('POST', '/api/brands', stranger, {
      name: 'Free Co',
      websiteUrl: 'https://free.example',
    });
    expect(brand.statusCode, brand.body).toBe(201);
    await setPlan(target.database, STRANGER, 'free');
    const put = await inject('PUT', `/api/brands/${brand.json().id}/mention-sources/news_rss`, stranger, {
      enabled: false,
    });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('plan_feature');
    expect((await inject('GET', `/api/brands/${brand.json().id}/mention-sources`, stranger)).statusCode).toBe(200);
  });
});

describe('a source this server cannot run', () => {
  it('shows as not available on this server, and administrators read what to set', async () => {
    const other = await createTestApp({
      env: { ...doubles.env, MENTION_SOURCES_OFF: 'apple_app_store', ADMIN_EMAILS: 'listening-admin@example.com' },
    });
    try {
      const admin = await other.signInAs('listening-admin@example.com');
      const user = await other.signInAs('listening-user@example.com');
      for (const [cookie, hint] of [
        [admin, 'Remove apple_app_store from MENTION_SOURCES_OFF to use it.'],
        [user, null],
      ] as const) {
        const brand = await other.app.inject({
          method: 'POST',
          url: '/api/brands',
          payload: { name: 'Kiln', websiteUrl: 'https://kiln.example' },
          headers: { cookie },
        });
        const list = await other.app.inject({
          method: 'GET',
          url: `/api/brands/${brand.json().id}/mention-sources`,
          headers: { cookie },
        });
        const apple = (list.json() as TMentionSourceList).sources.find((source) => source.kind === 'apple_app_store');
        expect(apple).toMatchObject({
          available: false,
          unavailableReason: 'not available on this server',
          adminHint: hint,
        });
      }
    } finally {
      await other.close();
    }
  });
});
