import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerInsights, insightSources, taskProgress, users } from '../../src/server/db/schema/index.ts';
import { featureLimitMessage, insightLimitMessage } from '../../src/shared/plans.ts';
import {
  discoveryRunningMessage,
  noInsightSourcesMessage,
  type TDiscoveryTask,
  type TInsightSourceDto,
} from '../../src/shared/schemas/insight-sources.ts';
import { type InsightSourcesSite, startInsightSourcesSite } from '../doubles/insight-sources-site.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

let target: WorkingTestApp;
let site: InsightSourcesSite;
let owner: string;
let stranger: string;
let brandId: string;
let first: TDiscoveryTask;

beforeAll(async () => {
  site = await startInsightSourcesSite();
  target = await createWorkingTestApp({ env: { CRAWLER_ALLOW_LOOPBACK: 'true' } });
  owner = await target.signInAs('discovery-owner@example.com');
  stranger = await target.signInAs('discovery-stranger@example.com');
  await setPlan(target.database, 'discovery-owner@example.com', 'smb');
  await setPlan(target.database, 'discovery-stranger@example.com', 'smb');
  brandId = await createBrand(owner, 'Northwind Roasters', site.url);
}, 60_000);

afterAll(async () => {
  await target?.close();
  await site?.close();
});

function inject(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string | null, payload?: object) {
  return target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

async function createBrand(cookie: string, name: string, websiteUrl: string) {
  const response = await inject('POST', '/api/brands', cookie, { name, websiteUrl });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function addSource(cookie: string, id: string, payload: object) {
  const response = await inject('POST', `/api/brands/${id}/insight-sources`, cookie, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TInsightSourceDto;
}

async function discover(cookie: string, id: string): Promise<TDiscoveryTask> {
  const started = await inject('POST', '/api/consumer-insights/discover', cookie, { brandId: id });
  expect(started.statusCode, started.body).toBe(202);
  return waitFor(
    async () => (await inject('GET', `/api/consumer-insights/discoveries/${started.json().id}`, cookie)).json(),
    (task: TDiscoveryTask) => task.status === 'completed' || task.status === 'failed',
    { what: 'the discovery to finish', timeoutMs: 60_000 },
  );
}

describe('a brand with no source', () => {
  it('is told which sources to add, and no discovery runs', async () => {
    const response = await inject('POST', '/api/consumer-insights/discover', owner, { brandId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: noInsightSourcesMessage('Northwind Roasters'), code: 'validation' });
    expect(response.json().message).toContain('Google Alerts');
    const tasks = await target.database.db.select().from(taskProgress);
    expect(tasks).toEqual([]);
  });
});

describe('discovering from a feed and the review markup of the brand site, with one failing source', () => {
  let feed: TInsightSourceDto;
  let siteReviews: TInsightSourceDto;
  let goneId: string;

  beforeAll(async () => {
    feed = await addSource(owner, brandId, { kind: 'feed', url: `${site.url}/feeds/rss2.xml` });
    siteReviews = await addSource(owner, brandId, { kind: 'site_reviews' });
    // A feed that read well when it was added and has since gone.
    const [gone] = await target.database.db
      .insert(insightSources)
      .values({
        brandId,
        userId: await userIdOf('discovery-owner@example.com'),
        kind: 'feed',
        url: `${site.url}/feeds/gone.xml`,
      })
      .returning();
    goneId = gone!.id;
    const started = await inject('POST', '/api/consumer-insights/discover', owner, { brandId });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({
      kind: 'discovery:insights',
      status: 'queued',
      percent: 0,
      brandId,
      result: null,
    });
    first = await waitFor(
      async () => (await inject('GET', `/api/consumer-insights/discoveries/${started.json().id}`, owner)).json(),
      (task: TDiscoveryTask) => task.status === 'completed' || task.status === 'failed',
      { what: 'the discovery to finish', timeoutMs: 60_000 },
    );
  }, 90_000);

  it('completes, adding every item with words in it', () => {
    expect(first).toMatchObject({ status: 'completed', percent: 100, stage: 'Complete', error: null });
    expect(first.result).toMatchObject({ brandId, added: 8, duplicates: 0, notKeptForPlan: 0 });
    expect(first.result?.insights).toHaveLength(8);
  });

  it('reports each source: what it found and added, and why the failing one failed', () => {
    const bySource = new Map(first.result?.sources.map((outcome) => [outcome.sourceId, outcome]));
    expect(bySource.get(feed.id)).toMatchObject({ status: 'read', found: 3, added: 3, duplicates: 0, error: null });
    expect(bySource.get(siteReviews.id)).toMatchObject({ status: 'read', found: 5, added: 5, error: null });
    expect(bySource.get(siteReviews.id)?.aggregateRatings.map((rating) => rating.ratingValue)).toEqual([4.6, 4.52]);
    expect(bySource.get(goneId)).toMatchObject({
      status: 'failed',
      found: 0,
      added: 0,
      error: 'The feed address answered 404 Not Found',
    });
  });

  it("stores each item with its own date, link, author, id and the source's host", async () => {
    const insights = first.result?.insights ?? [];
    const latte = insights.find((insight) => insight.content.startsWith('Cold coffee, long wait.'));
    expect(latte).toMatchObject({
      source: 'reviews',
      // labelled by what the feed is and its own title, not the host it is served from
      platform: 'Northwind Roasters reviews & comments',
      sourceLabel: 'Reviews · Northwind Roasters reviews & comments',
      channel: 'reviews',
      isRelevant: true,
      authorName: 'Marcus Lee',
      sourceUrl: `${site.url}/reviews/2`,
      sourceId: feed.id,
      collectedAt: '2024-03-06T17:40:00.000Z',
      sentiment: 'negative',
      rating: null,
    });
    const elena = insights.find((insight) => insight.authorName === 'Elena Rossi');
    expect(elena).toMatchObject({
      source: 'reviews',
      rating: 5,
      sourceUrl: `${site.url}/shop.html#review-7`,
      sourceId: siteReviews.id,
      collectedAt: '2024-03-02T00:00:00.000Z',
      sentiment: 'positive',
    });
    const [stored] = await target.database.db.select().from(consumerInsights).where(eq(consumerInsights.id, elena!.id));
    expect(stored?.externalId).toBe(`${site.url}/shop.html#review-7`);
    // No summary is ever stored as an insight.
    expect(insights.some((insight) => /128|42 ratings/.test(insight.content))).toBe(false);
  });

  it('marks each source with its status, reason, time checked and items added', async () => {
    const sources: TInsightSourceDto[] = (await inject('GET', `/api/brands/${brandId}/insight-sources`, owner)).json();
    const byId = new Map(sources.map((source) => [source.id, source]));
    expect(byId.get(feed.id)).toMatchObject({ status: 'active', lastError: null, itemsAdded: 3 });
    expect(byId.get(siteReviews.id)).toMatchObject({ status: 'active', itemsAdded: 5 });
    expect(byId.get(siteReviews.id)?.aggregateRatings).toHaveLength(2);
    expect(byId.get(goneId)).toMatchObject({
      status: 'failed',
      lastError: 'The feed address answered 404 Not Found',
      itemsAdded: 0,
    });
    expect(sources.every((source) => source.lastCheckedAt !== null)).toBe(true);
  });

  it('adds nothing when it runs again', async () => {
    const second = await discover(owner, brandId);
    expect(second.status).toBe('completed');
    expect(second.result).toMatchObject({ added: 0, duplicates: 8, insights: [] });
    const stored = await target.database.db
      .select()
      .from(consumerInsights)
      .where(eq(consumerInsights.brandId, brandId));
    expect(stored).toHaveLength(8);
  });

  it('adds nothing either when a deleted feed is added again', async () => {
    const removed = await inject('DELETE', `/api/brands/${brandId}/insight-sources/${feed.id}`, owner);
    expect(removed.statusCode).toBe(204);
    await addSource(owner, brandId, { kind: 'feed', url: `${site.url}/feeds/rss2.xml` });
    const again = await discover(owner, brandId);
    expect(again.result?.added).toBe(0);
  });
});

describe('one discovery at a time', () => {
  it('refuses a second while one runs (409), and reports the running one', async () => {
    const [row] = await target.database.db
      .insert(taskProgress)
      .values({
        userId: await userIdOf('discovery-owner@example.com'),
        kind: 'discovery:insights',
        subjectId: brandId,
        status: 'running',
      })
      .returning();
    try {
      const response = await inject('POST', '/api/consumer-insights/discover', owner, { brandId });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: discoveryRunningMessage, code: 'conflict' });
      const active = await inject('GET', '/api/consumer-insights/discoveries/active', owner);
      expect(active.json()).toEqual({
        task: { id: row!.id, kind: 'discovery:insights', brandId, percent: 0, stage: null },
      });
      expect((await inject('GET', '/api/consumer-insights/discoveries/active', stranger)).json()).toEqual({
        task: null,
      });
    } finally {
      await target.database.db.delete(taskProgress).where(eq(taskProgress.id, row!.id));
    }
  });

  it('does not let a discovery whose job died silently block the next one', async () => {
    const stale = new Date(Date.now() - 30 * 60_000);
    const [row] = await target.database.db
      .insert(taskProgress)
      .values({
        userId: await userIdOf('discovery-owner@example.com'),
        kind: 'discovery:insights',
        subjectId: brandId,
        status: 'running',
        createdAt: stale,
        updatedAt: stale,
      })
      .returning();
    const next = await discover(owner, brandId);
    expect(next.status).toBe('completed');
    const [old] = await target.database.db.select().from(taskProgress).where(eq(taskProgress.id, row!.id));
    expect(old).toMatchObject({
      status: 'failed',
      error: 'The work stopped before it finished. Please start it again.',
    });
  });
});

async function userIdOf(email: string) {
  return (await target.database.db.select().from(users).where(eq(users.email, email)))[0]!.id;
}

describe('plans', () => {
  it('refuses discovery on the free plan (403)', async () => {
    const cookie = await target.signInAs('discovery-free@example.com');
    const id = await createBrand(cookie, 'Free Beans', site.url);
    const response = await inject('POST', '/api/consumer-insights/discover', cookie, { brandId: id });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: featureLimitMessage('free', 'consumerInsights'), code: 'plan_feature' });
  });

  it('keeps only what fits a starter plan, saying how many were not kept', async () => {
    const email = 'discovery-starter@example.com';
    const cookie = await target.signInAs(email);
    await setPlan(target.database, email, 'starter');
    const id = await createBrand(cookie, 'Starter Beans', site.url);
    await addSource(cookie, id, { kind: 'feed', url: `${site.url}/feeds/generated.xml?items=10` });
    const userId = await userIdOf(email);
    await target.database.db
      .insert(consumerInsights)
      .values(
        Array.from({ length: 197 }, (_, index) => ({ brandId: id, userId, content: `Earlier feedback ${index}` })),
      );
    const task = await discover(cookie, id);
    expect(task.result).toMatchObject({ added: 3, notKeptForPlan: 7 });
    expect(task.result?.sources[0]).toMatchObject({ found: 10, added: 3, notKeptForPlan: 7 });

    const full = await inject('POST', '/api/consumer-insights/discover', cookie, { brandId: id });
    expect(full.statusCode).toBe(403);
    expect(full.json()).toEqual({ message: insightLimitMessage('starter'), code: 'plan_limit' });
  });
});

describe('access', () => {
  it('answers 401 when signed out', async () => {
    expect((await inject('POST', '/api/consumer-insights/discover', null, { brandId })).statusCode).toBe(401);
    expect((await inject('GET', `/api/consumer-insights/discoveries/${first.id}`, null)).statusCode).toBe(401);
    expect((await inject('GET', '/api/consumer-insights/discoveries/active', null)).statusCode).toBe(401);
  });

  it("answers 404 for another user's brand and discovery", async () => {
    const response = await inject('POST', '/api/consumer-insights/discover', stranger, { brandId });
    expect(response.statusCode).toBe(404);
    expect((await inject('GET', `/api/consumer-insights/discoveries/${first.id}`, stranger)).statusCode).toBe(404);
    expect((await inject('GET', '/api/consumer-insights/discoveries/not-an-id', owner)).statusCode).toBe(404);
  });

  it('answers 400 without a brand', async () => {
    const response = await inject('POST', '/api/consumer-insights/discover', owner, {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please select a brand', code: 'validation' });
  });
});
