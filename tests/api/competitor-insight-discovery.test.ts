import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitors, consumerInsights, taskProgress, users } from '../../src/server/db/schema/index.ts';
import { featureLimitMessage } from '../../src/shared/plans.ts';
import {
  discoveryRunningMessage,
  noCompetitorSourcesMessage,
  type TCompetitorDiscoveryTask,
} from '../../src/shared/schemas/insight-sources.ts';
import type { TInsight } from '../../src/shared/schemas/insights.ts';
import { type InsightSourcesSite, startInsightSourcesSite } from '../doubles/insight-sources-site.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

const OWNER = 'rival-owner@example.com';
let target: WorkingTestApp;
let site: InsightSourcesSite;
let owner: string;
let stranger: string;
let brandId: string;
let ownerId: string;

beforeAll(async () => {
  site = await startInsightSourcesSite();
  target = await createWorkingTestApp({ env: { CRAWLER_ALLOW_LOOPBACK: 'true' } });
  owner = await target.signInAs(OWNER);
  stranger = await target.signInAs('rival-stranger@example.com');
  await setPlan(target.database, OWNER, 'smb');
  await setPlan(target.database, 'rival-stranger@example.com', 'smb');
  const brand = await inject('POST', '/api/brands', owner, {
    name: 'Northwind',
    websiteUrl: 'https://northwind.example',
  });
  expect(brand.statusCode, brand.body).toBe(201);
  brandId = brand.json().id;
  const [user] = await target.database.db.select().from(users).where(eq(users.email, OWNER));
  ownerId = user!.id;
}, 60_000);

afterAll(async () => {
  await target?.close();
  await site?.close();
});

function inject(method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) {
  return target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

async function addCompetitor(name: string, website: string | null) {
  const [row] = await target.database.db
    .insert(competitors)
    .values({ userId: ownerId, brandId, name, website })
    .returning();
  return row!.id;
}

async function discoverCompetitor(competitorId: string): Promise<TCompetitorDiscoveryTask> {
  const started = await inject('POST', '/api/consumer-insights/discover-competitor', owner, { competitorId });
  expect(started.statusCode, started.body).toBe(202);
  expect(started.json()).toMatchObject({ kind: 'discovery:competitor-insights', status: 'queued', competitorId });
  return waitFor(
    async () =>
      (await inject('GET', `/api/consumer-insights/competitor-discoveries/${started.json().id}`, owner)).json(),
    (task: TCompetitorDiscoveryTask) => task.status === 'completed' || task.status === 'failed',
    { what: 'the competitor discovery to finish', timeoutMs: 60_000 },
  );
}

describe("a competitor's website review markup and its feed", () => {
  let competitorId: string;
  let first: TCompetitorDiscoveryTask;

  beforeAll(async () => {
    competitorId = await addCompetitor('Rival Roasters', site.url);
    const feed = await inject('POST', `/api/brands/${brandId}/insight-sources`, owner, {
      kind: 'feed',
      url: `${site.url}/feeds/rss2.xml`,
      competitorId,
    });
    expect(feed.statusCode, feed.body).toBe(201);
    expect(feed.json().competitorId).toBe(competitorId);
    first = await discoverCompetitor(competitorId);
  }, 90_000);

  it("adds the competitor's reviews, each carrying the competitor's id and the reviewer's words unchanged", async () => {
    expect(first).toMatchObject({ status: 'completed', competitorName: 'Rival Roasters', error: null });
    expect(first.result).toMatchObject({ competitorName: 'Rival Roasters', competitorId, added: 8, duplicates: 0 });
    expect(first.result?.insights.every((insight) => insight.competitorId === competitorId)).toBe(true);
    const stored = await target.database.db
      .select()
      .from(consumerInsights)
      .where(isNotNull(consumerInsights.competitorId));
    expect(stored).toHaveLength(8);
    expect(stored.some((row) => /competitor/i.test(row.content))).toBe(false);
  });

  it('adds nothing on a second run', async () => {
    const second = await discoverCompetitor(competitorId);
    expect(second.result).toMatchObject({ added: 0, duplicates: 8 });
    expect(await target.database.db.select().from(consumerInsights)).toHaveLength(8);
  }, 90_000);

  it("keeps competitor feeds out of the brand's own discovery", async () => {
    const response = await inject('POST', '/api/consumer-insights/discover', owner, { brandId });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Northwind has no insight sources yet');
  });

  it('lists the competitor insights under the brand, marked by their competitor and its name', async () => {
    const response = await inject('GET', `/api/consumer-insights?brandId=${brandId}`, owner);
    expect(response.statusCode, response.body).toBe(200);
    const items: TInsight[] = response.json();
    const theirs = items.filter((insight) => insight.competitorId === competitorId);
    // The reviews on Rival Roasters' own site count; the feed's items review another roaster
    // ("Northwind Roasters reviews & comments") and never name Rival Roasters: filtered out.
    expect(theirs).toHaveLength(5);
    expect(theirs.every((insight) => insight.relevanceBasis === 'first_party')).toBe(true);
    const filtered: TInsight[] = (
      await inject('GET', `/api/consumer-insights?brandId=${brandId}&relevance=filtered`, owner)
    ).json();
    expect(filtered.filter((insight) => insight.competitorId === competitorId)).toHaveLength(3);
    expect([...theirs, ...filtered].every((insight) => insight.competitorName === 'Rival Roasters')).toBe(true);
    expect(first.result?.insights.every((insight) => insight.competitorName === 'Rival Roasters')).toBe(true);
  });
});

describe('what competitor discovery refuses', () => {
  it('says what to add when the competitor has no website and no feed (400)', async () => {
    const competitorId = await addCompetitor('Ghost Beans', null);
    const response = await inject('POST', '/api/consumer-insights/discover-competitor', owner, { competitorId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'validation', message: noCompetitorSourcesMessage('Ghost Beans') });
    expect(response.json().message).toContain("Add Ghost Beans's website");
  });

  it('refuses a body without a competitor id (400), a signed-out caller (401) and another user (404)', async () => {
    const competitorId = await addCompetitor('Hidden Rival', site.url);
    const invalid = await inject('POST', '/api/consumer-insights/discover-competitor', owner, {});
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Please choose a competitor');
    expect(
      (await inject('POST', '/api/consumer-insights/discover-competitor', null, { competitorId })).statusCode,
    ).toBe(401);
    const foreign = await inject('POST', '/api/consumer-insights/discover-competitor', stranger, { competitorId });
    expect(foreign.statusCode).toBe(404);
    const foreignFeed = await inject('POST', `/api/brands/${brandId}/insight-sources`, stranger, {
      kind: 'feed',
      url: `${site.url}/feeds/rss2.xml`,
      competitorId,
    });
    expect(foreignFeed.statusCode).toBe(404);
  });

  it('refuses a second discovery while one runs (409), brand or competitor', async () => {
    const competitorId = await addCompetitor('Busy Rival', site.url);
    const [running] = await target.database.db
      .insert(taskProgress)
      .values({ userId: ownerId, kind: 'discovery:insights', subjectId: brandId, status: 'running' })
      .returning();
    try {
      const response = await inject('POST', '/api/consumer-insights/discover-competitor', owner, { competitorId });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(discoveryRunningMessage);
    } finally {
      await target.database.db.delete(taskProgress).where(eq(taskProgress.id, running!.id));
    }
  });

  it('refuses the free plan (403 plan_feature)', async () => {
    const competitorId = await addCompetitor('Free Rival', site.url);
    await setPlan(target.database, OWNER, 'free');
    try {
      const response = await inject('POST', '/api/consumer-insights/discover-competitor', owner, { competitorId });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: 'plan_feature',
        message: featureLimitMessage('free', 'consumerInsights'),
      });
    } finally {
      await setPlan(target.database, OWNER, 'smb');
    }
  });
});
