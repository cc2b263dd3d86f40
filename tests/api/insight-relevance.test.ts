import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerInsights, users } from '../../src/server/db/schema/index.ts';
import { collectWeeklyDigest } from '../../src/server/features/notifications/collect-weekly-digest.ts';
import type { TDiscoveryTask, TInsightSourceDto } from '../../src/shared/schemas/insight-sources.ts';
import type { TInsight } from '../../src/shared/schemas/insights.ts';
import type { TBrandRelevanceTerms, TRelevanceTerms } from '../../src/shared/schemas/relevance.ts';
import { type InsightSourcesSite, startInsightSourcesSite } from '../doubles/insight-sources-site.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

let target: WorkingTestApp;
let site: InsightSourcesSite;
let owner: string;
let stranger: string;
let brandId: string;
let blog: TInsightSourceDto;
let first: TDiscoveryTask;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
function inject(method: Method, url: string, cookie: string | null, payload?: object) {
  return target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
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

async function list(relevance?: 'filtered'): Promise<TInsight[]> {
  const query = relevance ? `&relevance=${relevance}` : '';
  const response = await inject('GET', `/api/consumer-insights?brandId=${brandId}${query}`, owner);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const byHeadline = (insights: TInsight[], start: string) => insights.find((item) => item.content.startsWith(start));

async function monthlyMentions(): Promise<number> {
  const response = await inject('POST', '/api/sentiment-reports', owner, { brandId, reportPeriod: 'monthly' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().totalMentions;
}

beforeAll(async () => {
  site = await startInsightSourcesSite();
  target = await createWorkingTestApp({ env: { CRAWLER_ALLOW_LOOPBACK: 'true' } });
  owner = await target.signInAs('relevance-owner@example.com');
  stranger = await target.signInAs('relevance-stranger@example.com');
  await setPlan(target.database, 'relevance-owner@example.com', 'smb');
  await setPlan(target.database, 'relevance-stranger@example.com', 'smb');
  const brand = await inject('POST', '/api/brands', owner, {
    name: 'Pedal & Co',
    websiteUrl: 'https://www.pedalandco.co.uk',
    instagramHandle: '@pedalandco',
  });
  expect(brand.statusCode, brand.body).toBe(201);
  brandId = brand.json().id;
  // The blog's items carry no dates: they are collected now, inside a monthly report.
  const added = await inject('POST', `/api/brands/${brandId}/insight-sources`, owner, {
    kind: 'feed',
    url: `${site.url}/feeds/leeds-cycling.xml`,
  });
  expect(added.statusCode, added.body).toBe(201);
  blog = added.json();
  first = await discover(owner, brandId);
}, 120_000);

afterAll(async () => {
  await target?.close();
  await site?.close();
});

describe('discovery from a feed that also carries other shops’ news', () => {
  it('stores every item, the off-topic ones scored as not about the brand', async () => {
    expect(first).toMatchObject({ status: 'completed' });
    expect(first.result?.added).toBe(4);
    const rows = await target.database.db.select().from(consumerInsights).where(eq(consumerInsights.brandId, brandId));
    const spokes = rows.find((row) => row.content.startsWith('Spokes & Sprockets'));
    expect(spokes).toMatchObject({ isRelevant: false, flaggedAt: null, flaggedBy: null });
    expect(spokes?.relevanceScore).toBeLessThan(0.5);
    const workshop = rows.find((row) => row.content.startsWith("Pedal & Co's new workshop"));
    expect(workshop).toMatchObject({ isRelevant: true, relevanceScore: 0.8 });
    expect(workshop?.relevance).toEqual({
      basis: 'scored',
      matches: [{ signal: 'name', term: 'Pedal & Co', where: 'title' }],
    });
  });

  it('lists only the mentions about the brand, and the others in the filtered view', async () => {
    const relevant = await list();
    expect(relevant.map((item) => item.content.slice(0, 20)).sort()).toEqual([
      "Pedal & Co's new wor",
      'Saturday ride report',
    ]);
    expect(relevant.every((item) => item.isRelevant && item.relevanceBasis === 'scored')).toBe(true);
    const filtered = await list('filtered');
    expect(filtered.map((item) => item.content.slice(0, 20)).sort()).toEqual([
      'Kirkstall Road lanes',
      'Spokes & Sprockets o',
    ]);
    expect(filtered.every((item) => !item.isRelevant && item.relevanceScore < 0.5)).toBe(true);
  });

  it('labels them by what the feed is and its own title', async () => {
    expect(blog).toMatchObject({ category: 'blog', title: 'Leeds Cycling Blog' });
    const [item] = await list();
    expect(item).toMatchObject({ channel: 'blog', sourceLabel: 'Blog · Leeds Cycling Blog' });
  });

  it('leaves them out of the sentiment report and its topics', async () => {
    const response = await inject('POST', '/api/sentiment-reports', owner, { brandId, reportPeriod: 'monthly' });
    expect(response.statusCode, response.body).toBe(201);
    const report = response.json();
    expect(report.totalMentions).toBe(2);
    const topics = JSON.stringify([report.topTopics, report.topKeywords]).toLowerCase();
    expect(topics).not.toContain('spokes');
    expect(topics).not.toContain('kirkstall');
  });
});

describe('flagging and restoring', () => {
  it('flags a relevant mention as not about the brand: it leaves the list and the counts, and says who and when', async () => {
    const before = await monthlyMentions();
    const ride = byHeadline(await list(), 'Saturday ride report')!;
    const response = await inject('PATCH', `/api/consumer-insights/${ride.id}/relevance`, owner, { isRelevant: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: ride.id, isRelevant: false });
    expect(response.json().flaggedAt).not.toBeNull();
    const [row] = await target.database.db.select().from(consumerInsights).where(eq(consumerInsights.id, ride.id));
    const [user] = await target.database.db.select().from(users).where(eq(users.email, 'relevance-owner@example.com'));
    expect(row?.flaggedBy).toBe(user?.id);
    expect(byHeadline(await list(), 'Saturday ride report')).toBeUndefined();
    expect(byHeadline(await list('filtered'), 'Saturday ride report')).toBeDefined();
    expect(await monthlyMentions()).toBe(before - 1);
    // The weekly digest e-mail counts the brand's mentions the same way.
    const digest = await collectWeeklyDigest(target.database.db, target.config, user!, {
      since: new Date(Date.now() - 86_400_000),
      until: new Date(Date.now() + 60_000),
    });
    expect(digest?.insights.total).toBe(before - 1);
  });

  it('restores an off-topic mention into the list and the counts', async () => {
    const before = await monthlyMentions();
    const spokes = byHeadline(await list('filtered'), 'Spokes & Sprockets')!;
    const response = await inject('PATCH', `/api/consumer-insights/${spokes.id}/relevance`, owner, {
      isRelevant: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(byHeadline(await list(), 'Spokes & Sprockets')).toMatchObject({ isRelevant: true });
    expect(await monthlyMentions()).toBe(before + 1);
  });

  it('keeps both verdicts through another discovery and through new terms', async () => {
    const again = await discover(owner, brandId);
    expect(again.result).toMatchObject({ added: 0, duplicates: 4 });
    // A term that would exclude the restored one and another that would make the flagged one relevant
    const terms = await inject('PUT', `/api/brands/${brandId}/relevance-terms`, owner, {
      includeTerms: ['coffee'],
      excludeTerms: ['Spokes & Sprockets'],
    });
    expect(terms.statusCode, terms.body).toBe(200);
    expect(byHeadline(await list(), 'Spokes & Sprockets')).toBeDefined();
    expect(byHeadline(await list('filtered'), 'Saturday ride report')).toBeDefined();
    const cleared = await inject('PUT', `/api/brands/${brandId}/relevance-terms`, owner, {});
    expect(cleared.statusCode, cleared.body).toBe(200);
  });

  it('answers 400 without a verdict, 401 signed out and 404 for another user’s insight or a missing one', async () => {
    const [item] = await list();
    const url = `/api/consumer-insights/${item!.id}/relevance`;
    const bad = await inject('PATCH', url, owner, { isRelevant: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('isRelevant');
    expect((await inject('PATCH', url, owner, {})).statusCode).toBe(400);
    expect((await inject('PATCH', url, null, { isRelevant: false })).statusCode).toBe(401);
    expect((await inject('PATCH', url, stranger, { isRelevant: false })).statusCode).toBe(404);
    const missing = '/api/consumer-insights/00000000-0000-4000-8000-000000000000/relevance';
    expect((await inject('PATCH', missing, owner, { isRelevant: false })).statusCode).toBe(404);
    expect((await list()).find((insight) => insight.id === item!.id)?.isRelevant).toBe(true);
  });
});

describe('required and excluded terms', () => {
  it('lists the brand’s terms and its competitors’', async () => {
    const response = await inject('GET', `/api/brands/${brandId}/relevance-terms`, owner);
    expect(response.statusCode, response.body).toBe(200);
    const terms = response.json() as TBrandRelevanceTerms;
    expect(terms.brand).toMatchObject({
      subject: 'brand',
      name: 'Pedal & Co',
      includeTerms: [],
      nameIsCommonWord: false,
    });
    expect(terms.competitors).toEqual([]);
  });

  it('scores the stored mentions again when they change: an excluded term files a mention away', async () => {
    const response = await inject('PUT', `/api/brands/${brandId}/relevance-terms`, owner, {
      includeTerms: [' Leeds ', 'leeds', 'workshop'],
      excludeTerms: ['puncture'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json() as TRelevanceTerms;
    expect(saved).toMatchObject({ includeTerms: ['Leeds', 'workshop'], excludeTerms: ['puncture'] });
    // "Saturday ride report" was flagged by hand and stays as the person left it.
    expect(byHeadline(await list(), "Pedal & Co's new workshop")).toBeDefined();
    const cleared = await inject('PUT', `/api/brands/${brandId}/relevance-terms`, owner, {
      includeTerms: [],
      excludeTerms: ['workshop'],
    });
    expect(cleared.json().rescored).toBe(1);
    expect(byHeadline(await list('filtered'), "Pedal & Co's new workshop")).toMatchObject({
      relevanceMatches: expect.arrayContaining([{ signal: 'exclude', term: 'workshop', where: 'body' }]),
    });
    await inject('PUT', `/api/brands/${brandId}/relevance-terms`, owner, {});
    expect(byHeadline(await list(), "Pedal & Co's new workshop")).toBeDefined();
  });

  it('sets a competitor’s terms', async () => {
    const created = await inject('POST', '/api/competitors', owner, { brandId, name: 'Spokes & Sprockets' });
    expect(created.statusCode, created.body).toBe(201);
    const competitorId = created.json().id;
    const response = await inject('PUT', `/api/competitors/${competitorId}/relevance-terms`, owner, {
      includeTerms: ['Harrogate'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ subject: 'competitor', id: competitorId, includeTerms: ['Harrogate'] });
    const terms = (await inject('GET', `/api/brands/${brandId}/relevance-terms`, owner)).json() as TBrandRelevanceTerms;
    expect(terms.competitors).toEqual([expect.objectContaining({ id: competitorId, includeTerms: ['Harrogate'] })]);
    expect((await inject('PUT', `/api/competitors/${competitorId}/relevance-terms`, stranger, {})).statusCode).toBe(
      404,
    );
  });

  it('refuses too many terms, long ones, blank ones and a term both required and excluded (400)', async () => {
    const url = `/api/brands/${brandId}/relevance-terms`;
    const cases: [object, string][] = [
      [{ includeTerms: Array.from({ length: 21 }, (_, index) => `term ${index}`) }, 'Add at most 20 required terms'],
      [{ excludeTerms: ['x'.repeat(61)] }, 'Each excluded term must be at most 60 characters'],
      [{ includeTerms: ['  '] }, 'Required terms cannot be blank'],
      [{ includeTerms: ['Leeds'], excludeTerms: ['leeds'] }, '"leeds" cannot be both a required and an excluded term'],
      [{ includeTerms: 'Leeds' }, 'Required terms must be a list'],
    ];
    for (const [payload, message] of cases) {
      const response = await inject('PUT', url, owner, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
  });

  it('answers 401 signed out and 404 for another user’s brand', async () => {
    const url = `/api/brands/${brandId}/relevance-terms`;
    expect((await inject('GET', url, null)).statusCode).toBe(401);
    expect((await inject('PUT', url, null, {})).statusCode).toBe(401);
    expect((await inject('GET', url, stranger)).statusCode).toBe(404);
    expect((await inject('PUT', url, stranger, {})).statusCode).toBe(404);
  });
});

describe('what is about the brand by definition', () => {
  it('takes manual feedback as about the brand, whatever it says', async () => {
    const response = await inject('POST', '/api/consumer-insights', owner, {
      brandId,
      content: 'Quick service, friendly people.',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ isRelevant: true, relevanceScore: 1, relevanceBasis: 'added' });
  });
});

describe('choosing what a feed is', () => {
  it('keeps the category the person chose, and refuses an unknown one', async () => {
    const chosen = await inject('POST', `/api/brands/${brandId}/insight-sources`, owner, {
      kind: 'feed',
      url: `${site.url}/feeds/rdf.xml`,
      category: 'forum',
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json()).toMatchObject({ category: 'forum' });
    const refused = await inject('POST', `/api/brands/${brandId}/insight-sources`, owner, {
      kind: 'feed',
      url: `${site.url}/feeds/atom.xml`,
      category: 'gossip',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Choose news, blog, reviews or forum');
  });
});
