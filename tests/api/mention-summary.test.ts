import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPIKE_RULE } from '../../src/server/analysis/sentiment-report/spikes.ts';
import { consumerInsights } from '../../src/server/db/schema/index.ts';
import type { TMentionSummary } from '../../src/shared/schemas/mention-feed.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { pinClock, unpinClock } from '../helpers/clock.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedCompetitor } from '../helpers/seed-competitors.ts';
import { seedBrand } from '../helpers/seed-insights.ts';
import { seedMentionSeries } from '../helpers/seed-mention-series.ts';

const DAY = 86_400_000;
const dayOf = (at: Date | number) => new Date(at).toISOString().slice(0, 10);
const today = () => dayOf(Date.now());
const daysBack = (days: number) => dayOf(Date.now() - days * DAY);
/** Noon UTC `k` days back, as SQL: a day's mentions well inside their UTC day. */
// The days counted depend on today: the clock is set (noon UTC, moving on from there), and the seeded
// dates count back from it rather than from the database's own clock, so both sides share one today.
pinClock();
afterAll(() => unpinClock());
const seededNow = () => sql`${new Date().toISOString()}::timestamptz`;
const noonDaysBack = (k: SQL) =>
  sql`(date_trunc('day', ${seededNow()} at time zone 'UTC') at time zone 'UTC') + interval '12 hours' - (${k}) * interval '1 day'`;

let target: TestApp;
let owner: string;
let stranger: string;
let brand: { id: string; userId: string; name: string };
let alphaId: string;
let betaId: string;
let spikeBrandId: string;
let strangerBrandId: string;

/** Every mention of the brand as stored, read back to count in the test itself. */
type Stored = { collectedAt: Date; sentiment: string | null; competitorId: string | null; isRelevant: boolean };
let stored: Stored[];

const SERIES = 624;

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('summary-owner@example.com');
  stranger = await target.signInAs('summary-stranger@example.com');
  await setPlan(target.database, 'summary-owner@example.com', 'agency');
  await setPlan(target.database, 'summary-stranger@example.com', 'smb');

  brand = await seedBrand(target.database, 'summary-owner@example.com', 'Volume Cafe');
  alphaId = (await seedCompetitor(target.database, brand, 'Alpha Beans')).id;
  betaId = (await seedCompetitor(target.database, brand, 'Beta Brews')).id;
  // about 42 days of mentions, every 97 minutes; one in four about Alpha; the platform's number
  // floor(sqrt(g)) gives each source label its own count (2k + 1)
  await seedMentionSeries(target.database, brand, SERIES, {
    collectedAt: sql`${seededNow()} - g * interval '97 minutes'`,
    sentiment: sql`(array['positive', 'negative', 'neutral'])[g % 3 + 1]`,
    competitorId: sql`case when g % 4 = 0 then ${alphaId}::uuid end`,
    source: sql`'reviews'`,
    platform: sql`'Site ' || lpad(floor(sqrt(g))::text, 2, '0')`,
  });
  // filtered out as not about the brand: counted nowhere
  await seedMentionSeries(target.database, brand, 30, {
    collectedAt: sql`${seededNow()} - g * interval '5 hours'`,
    isRelevant: sql`false`,
  });
  stored = await target.database.db
    .select({
      collectedAt: consumerInsights.collectedAt,
      sentiment: consumerInsights.sentiment,
      competitorId: consumerInsights.competitorId,
      isRelevant: consumerInsights.isRelevant,
    })
    .from(consumerInsights)
    .where(eq(consumerInsights.brandId, brand.id));

  // ten mentions a day with one complaint, for 40 days; five days ago ten more, seven of them complaints
  const spikeBrand = await seedBrand(target.database, 'summary-owner@example.com', 'Spike Bakery');
  spikeBrandId = spikeBrand.id;
  await seedMentionSeries(target.database, spikeBrand, 400, {
    collectedAt: noonDaysBack(sql`(g - 1) / 10`),
    sentiment: sql`case when g % 10 = 0 then 'negative' else 'positive' end`,
  });
  await seedMentionSeries(target.database, spikeBrand, 10, {
    collectedAt: noonDaysBack(sql`5`),
    sentiment: sql`case when g <= 7 then 'negative' else 'positive' end`,
  });

  const strangerBrand = await seedBrand(target.database, 'summary-stranger@example.com', 'Volume Rival');
  strangerBrandId = strangerBrand.id;
  await seedMentionSeries(target.database, strangerBrand, 50);
});
afterAll(async () => {
  await target.close();
});

async function summary(query: string, cookie = owner): Promise<TMentionSummary> {
  const response = await target.app.inject({
    method: 'GET',
    url: `/api/consumer-insights/summary?${query}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const bySentiment = (rows: Stored[]) => ({
  positive: rows.filter((row) => row.sentiment === 'positive').length,
  negative: rows.filter((row) => row.sentiment === 'negative').length,
  neutral: rows.filter((row) => row.sentiment === 'neutral').length,
});
const relevant = () => stored.filter((row) => row.isRelevant);
const within = (rows: Stored[], from: string, to: string) =>
  rows.filter((row) => dayOf(row.collectedAt) >= from && dayOf(row.collectedAt) <= to);

describe('GET /api/consumer-insights/summary', () => {
  it('counts the matching mentions, the last 30 days by day with zeros, and the share of voice', async () => {
    const result = await summary(`brandId=${brand.id}`);
    expect(result.total).toBe(SERIES);
    expect(result.bySentiment).toEqual(bySentiment(relevant()));
    expect(result.period).toEqual({ from: daysBack(29), to: today() });
    expect(result.spikeRule).toBe(SPIKE_RULE);

    expect(result.volume).toHaveLength(30);
    expect(result.volume.map((day) => day.day)).toEqual(Array.from({ length: 30 }, (_, i) => daysBack(29 - i)));
    for (const point of result.volume) {
      const ofDay = within(relevant(), point.day, point.day);
      expect(point, point.day).toEqual({ day: point.day, ...bySentiment(ofDay), total: ofDay.length, spike: false });
    }

    const period = within(relevant(), daysBack(29), today());
    const mentionsOf = (competitorId: string | null) => period.filter((row) => row.competitorId === competitorId);
    const share = (count: number) => Math.round((count / period.length) * 1000) / 10;
    expect(result.shareOfVoice).toEqual([
      {
        competitorId: null,
        name: 'Volume Cafe',
        mentions: mentionsOf(null).length,
        share: share(mentionsOf(null).length),
        ...bySentiment(mentionsOf(null)),
      },
      {
        competitorId: alphaId,
        name: 'Alpha Beans',
        mentions: mentionsOf(alphaId).length,
        share: share(mentionsOf(alphaId).length),
        ...bySentiment(mentionsOf(alphaId)),
      },
      { competitorId: betaId, name: 'Beta Brews', mentions: 0, share: 0, positive: 0, negative: 0, neutral: 0 },
    ]);
    expect(mentionsOf(alphaId).length).toBeGreaterThan(0);

    // the source labels as the list shows them: 'Reviews · Site 24' has 49 mentions, 'Site 23' 47 ...
    expect(result.topSources).toEqual(
      Array.from({ length: 8 }, (_, i) => ({ label: `Reviews · Site ${24 - i}`, mentions: 2 * (24 - i) + 1 })),
    );
  });

  it('applies the filters: sentiment, whose mentions and days; the share of voice compares every subject', async () => {
    const from = daysBack(20);
    const to = daysBack(10);
    const result = await summary(`brandId=${brand.id}&sentiment=negative&about=brand&from=${from}&to=${to}`);
    const matching = within(relevant(), from, to).filter((row) => row.sentiment === 'negative' && !row.competitorId);
    expect(result.total).toBe(matching.length);
    expect(result.bySentiment).toEqual({ positive: 0, negative: matching.length, neutral: 0 });
    expect(result.period).toEqual({ from, to });
    expect(result.volume).toHaveLength(11);
    expect(result.volume.reduce((sum, day) => sum + day.total, 0)).toBe(matching.length);

    const negatives = within(relevant(), from, to).filter((row) => row.sentiment === 'negative');
    expect(result.shareOfVoice.map((entry) => [entry.name, entry.mentions])).toEqual([
      ['Volume Cafe', negatives.filter((row) => !row.competitorId).length],
      ['Alpha Beans', negatives.filter((row) => row.competitorId === alphaId).length],
      ['Beta Brews', 0],
    ]);
    const filtered = await summary(`brandId=${brand.id}&relevance=filtered`);
    expect(filtered.total).toBe(30);
  });

  it('counts a search in one pass over what it finds, to the same figures as the day counts give', async () => {
    // every seeded mention reads "Mention number g": a search for "mention" finds them all, so its
    // figures (counted from the mentions found) must equal those without a search (the day counts)
    const queries = [
      `brandId=${brand.id}`,
      `brandId=${brand.id}&sentiment=negative&about=brand&from=${daysBack(20)}&to=${daysBack(10)}`,
      `brandId=${brand.id}&about=competitors&from=${daysBack(35)}`,
      `brandId=${brand.id}&competitorId=${alphaId}&to=${daysBack(3)}`,
      `brandId=${brand.id}&relevance=filtered`,
      `brandId=${spikeBrandId}`,
    ];
    for (const query of queries) {
      const counted = await summary(query);
      expect(counted.total, query).toBeGreaterThan(0);
      expect(await summary(`${query}&q=Mention`), query).toEqual(counted);
    }
    // "-number" leaves nothing; one number finds its one mention, on its day and under its subject
    const none = await summary(`brandId=${brand.id}&q=${encodeURIComponent('mention -number')}`);
    expect(none.total).toBe(0);
    expect(none.volume.every((day) => day.total === 0)).toBe(true);
    expect(none.shareOfVoice.every((entry) => entry.mentions === 0)).toBe(true);
    expect(none.topSources).toEqual([]);
    const eight = await summary(`brandId=${brand.id}&q=8`);
    expect(eight.total).toBe(1);
    expect(eight.shareOfVoice.find((entry) => entry.competitorId === alphaId)?.mentions).toBe(1);
    expect(eight.topSources).toEqual([{ label: 'Reviews · Site 02', mentions: 1 }]);
  });

  it('marks the day that meets the sentiment reports’ spike rule, and no other', async () => {
    const result = await summary(`brandId=${spikeBrandId}`);
    expect(result.volume.filter((day) => day.spike).map((day) => day.day)).toEqual([daysBack(5)]);
    expect(result.volume.find((day) => day.day === daysBack(5))).toMatchObject({ total: 20, negative: 8 });
  });

  it('answers 400 for a period too long to chart or out of order, 404 for another user’s brand, 401 signed out', async () => {
    const get = (query: string, cookie?: string) =>
      target.app.inject({
        method: 'GET',
        url: `/api/consumer-insights/summary?${query}`,
        headers: cookie ? { cookie } : {},
      });
    const long = await get(`brandId=${brand.id}&from=2024-01-01&to=2025-12-31`, owner);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      message: 'The chart covers at most 366 days: choose a shorter period',
      code: 'validation',
    });
    expect((await get(`brandId=${brand.id}&from=2025-01-01&to=2025-12-31`, owner)).statusCode).toBe(200);
    const reversed = await get(`brandId=${brand.id}&from=2025-02-01&to=2025-01-01`, owner);
    expect(reversed.json()).toEqual({
      message: 'The start date must be on or before the end date',
      code: 'validation',
    });
    expect((await get(`brandId=${brand.id}&sentiment=happy`, owner)).statusCode).toBe(400);
    expect((await get(`brandId=${strangerBrandId}`, owner)).statusCode).toBe(404);
    expect((await get(`brandId=${brand.id}`)).statusCode).toBe(401);
    expect((await summary(`brandId=${strangerBrandId}`, stranger)).total).toBe(50);
  });
});
