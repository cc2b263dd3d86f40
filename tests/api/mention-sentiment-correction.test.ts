import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerInsights, users } from '../../src/server/db/schema/index.ts';
import type { TDiscoveryTask } from '../../src/shared/schemas/insight-sources.ts';
import type { TInsight } from '../../src/shared/schemas/insights.ts';
import type { TSentimentReport } from '../../src/shared/schemas/sentiment-reports.ts';
import { type InsightSourcesSite, startInsightSourcesSite } from '../doubles/insight-sources-site.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

let target: WorkingTestApp;
let site: InsightSourcesSite;
let owner: string;
let stranger: string;
let brandId: string;
/** What the engine said of the ride report, before anyone corrected it. */
let engineLabel: TInsight['sentiment'];

type Method = 'GET' | 'POST' | 'PATCH';
function inject(method: Method, url: string, cookie: string | null, payload?: object) {
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

async function list(query = ''): Promise<TInsight[]> {
  const response = await inject('GET', `/api/consumer-insights?brandId=${brandId}${query}`, owner);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const correct = (id: string, sentiment: string, cookie: string | null = owner) =>
  inject('PATCH', `/api/consumer-insights/${id}/sentiment`, cookie, { sentiment });

async function monthlyReport(): Promise<TSentimentReport> {
  const response = await inject('POST', '/api/sentiment-reports', owner, { brandId, reportPeriod: 'monthly' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const byHeadline = (insights: TInsight[], start: string) => insights.find((item) => item.content.startsWith(start))!;

beforeAll(async () => {
  site = await startInsightSourcesSite();
  target = await createWorkingTestApp({ env: { CRAWLER_ALLOW_LOOPBACK: 'true' } });
  owner = await target.signInAs('correction-owner@example.com');
  stranger = await target.signInAs('correction-stranger@example.com');
  await setPlan(target.database, 'correction-owner@example.com', 'smb');
  await setPlan(target.database, 'correction-stranger@example.com', 'smb');
  const brand = await inject('POST', '/api/brands', owner, {
    name: 'Pedal & Co',
    websiteUrl: 'https://www.pedalandco.co.uk',
  });
  expect(brand.statusCode, brand.body).toBe(201);
  brandId = brand.json().id;
  // The blog's items carry no dates: they are collected now, inside a monthly report.
  const added = await inject('POST', `/api/brands/${brandId}/insight-sources`, owner, {
    kind: 'feed',
    url: `${site.url}/feeds/leeds-cycling.xml`,
  });
  expect(added.statusCode, added.body).toBe(201);
  expect((await discover()).result?.added).toBe(4);
}, 120_000);

afterAll(async () => {
  await target?.close();
  await site?.close();
});

describe('correcting a mention’s sentiment', () => {
  it('stores the person’s label with who and when, keeps the engine’s, and shows both in the list', async () => {
    const ride = byHeadline(await list(), 'Saturday ride report');
    expect(ride).toMatchObject({ sentimentCorrectedAt: null, engineSentiment: null });
    engineLabel = ride.sentiment;
    // praise or a plain account of a ride: the engine does not call it negative
    expect(engineLabel).not.toBe('negative');
    expect(ride.sentimentScore).toBeGreaterThanOrEqual(3);

    const response = await correct(ride.id, 'negative');
    expect(response.statusCode, response.body).toBe(200);
    const corrected = response.json() as TInsight;
    expect(corrected).toMatchObject({ id: ride.id, sentiment: 'negative', engineSentiment: engineLabel });
    // a score on the person's side: the engine's 3 or more would not fit a negative
    expect(corrected.sentimentScore).toBe(2);
    expect(Date.parse(corrected.sentimentCorrectedAt!)).toBeGreaterThan(Date.now() - 60_000);

    const [stored] = await target.database.db.select().from(consumerInsights).where(eq(consumerInsights.id, ride.id));
    const [person] = await target.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'correction-owner@example.com'));
    expect(stored).toMatchObject({
      sentiment: 'negative',
      engineSentiment: engineLabel,
      sentimentCorrectedBy: person!.id,
    });

    expect(byHeadline(await list(), 'Saturday ride report')).toEqual(corrected);
    expect((await list('&sentiment=negative')).map((item) => item.id)).toEqual([ride.id]);
    expect((await list(`&sentiment=${engineLabel}`)).map((item) => item.id)).not.toContain(ride.id);
  });

  it('keeps the engine’s first label through later corrections, and a score already on the chosen side', async () => {
    const ride = byHeadline(await list(), 'Saturday ride report');
    const positive = (await correct(ride.id, 'positive')).json() as TInsight;
    expect(positive).toMatchObject({ sentiment: 'positive', sentimentScore: 4, engineSentiment: engineLabel });
    const neutral = (await correct(ride.id, 'neutral')).json() as TInsight;
    expect(neutral).toMatchObject({ sentiment: 'neutral', sentimentScore: 3, engineSentiment: engineLabel });
    const negative = (await correct(ride.id, 'negative')).json() as TInsight;
    expect(negative).toMatchObject({ sentiment: 'negative', sentimentScore: 2, engineSentiment: engineLabel });

    // confirming the engine's label keeps its score
    const workshop = byHeadline(await list(), "Pedal & Co's new workshop");
    const confirmed = (await correct(workshop.id, workshop.sentiment)).json() as TInsight;
    expect(confirmed).toMatchObject({
      sentiment: workshop.sentiment,
      sentimentScore: workshop.sentimentScore,
      engineSentiment: workshop.sentiment,
    });
    expect(confirmed.sentimentCorrectedAt).not.toBeNull();
  });

  it('is counted by the sentiment report, as the stored sentiment every figure reads', async () => {
    const mentions = await list();
    const negatives = mentions.filter((item) => item.sentiment === 'negative').length;
    expect(negatives).toBe(1);
    const report = await monthlyReport();
    expect(report.totalMentions).toBe(mentions.length);
    expect(report.negativePercentage).toBe((negatives / mentions.length) * 100);
    expect(report.insights.quotes.negative.map((quote) => quote.insightId)).toEqual([
      byHeadline(mentions, 'Saturday ride report').id,
    ]);
    const summary = await inject('GET', `/api/consumer-insights/summary?brandId=${brandId}`, owner);
    expect(summary.json().bySentiment.negative).toBe(1);
  });

  it('survives another discovery of the same feed', async () => {
    const before = await list();
    const again = await discover();
    expect(again.result).toMatchObject({ added: 0, duplicates: 4 });
    expect(await list()).toEqual(before);
    expect(byHeadline(await list(), 'Saturday ride report')).toMatchObject({
      sentiment: 'negative',
      engineSentiment: engineLabel,
    });
  });
});

describe('refusals', () => {
  it('answers 400 for a label it does not know, 401 signed out and 404 for another user’s mention', async () => {
    const [item] = await list();
    const bad = await correct(item!.id, 'furious');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Sentiment must be positive, negative or neutral', code: 'validation' });
    expect((await inject('PATCH', `/api/consumer-insights/${item!.id}/sentiment`, owner, {})).statusCode).toBe(400);
    expect((await correct(item!.id, 'negative', null)).statusCode).toBe(401);
    const foreign = await correct(item!.id, 'negative', stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Insight not found', code: 'not_found' });
    expect((await correct(crypto.randomUUID(), 'negative')).statusCode).toBe(404);
    expect((await correct('not-an-id', 'negative')).statusCode).toBe(404);
    expect(byHeadline(await list(), item!.content.slice(0, 20)).sentiment).toBe(item!.sentiment);
  });

  it('is allowed on every plan, as flagging relevance is: it only tidies what was collected', async () => {
    await setPlan(target.database, 'correction-owner@example.com', 'free');
    const [item] = await list();
    const response = await correct(item!.id, 'neutral');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ sentiment: 'neutral' });
  });
});
