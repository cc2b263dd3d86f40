import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agencyTeamMembers,
  competitors,
  consumerInsights,
  sentimentReports,
} from '../../src/server/db/schema/index.ts';
import { noInsightsForReportMessage, type TSentimentReport } from '../../src/shared/schemas/sentiment-reports.ts';
import { planMentions } from '../fixtures/sentiment-reports/mentions.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { pdfWorkspace, popplerPresent } from '../helpers/pdf.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedBrand, seedMentions } from '../helpers/seed-insights.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let target: TestApp;
let owner: string;
let stranger: string;
let freeUser: string;
let brandId: string;
let emptyBrandId: string;
let strangerBrandId: string;
let freeBrandId: string;
let seededAt: Date[];

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('reporter@example.com');
  stranger = await target.signInAs('report-stranger@example.com');
  freeUser = await target.signInAs('report-free@example.com');
  // Reports of many seeded brands: a plan whose brands include them all.
  await setPlan(target.database, 'reporter@example.com', 'agency');
  await setPlan(target.database, 'report-stranger@example.com', 'smb');

  const brand = await seedBrand(target.database, 'reporter@example.com', 'Acme Coffee');
  brandId = brand.id;
  // 70 days of 6 mentions a day up to a minute ago, with many complaints 3 days ago
  const plan = planMentions(new Date(), 70, 6, [3]);
  seededAt = plan.map((mention) => mention.at);
  await seedMentions(target.database, brand, plan);
  emptyBrandId = (await seedBrand(target.database, 'reporter@example.com', 'Empty Bakes')).id;
  const strangerBrand = await seedBrand(target.database, 'report-stranger@example.com', 'Stranger Beans');
  strangerBrandId = strangerBrand.id;
  await seedMentions(target.database, strangerBrand, planMentions(new Date(), 3, 2));
  const freeBrand = await seedBrand(target.database, 'report-free@example.com', 'Free Tea');
  freeBrandId = freeBrand.id;
  await seedMentions(target.database, freeBrand, planMentions(new Date(), 3, 2));
});
const workspace = pdfWorkspace('sentiment-reports-api-');
afterAll(async () => {
  await target.close();
  workspace.remove();
});

const post = (url: string, payload: unknown, cookie?: string) =>
  target.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });
const list = (id: string, cookie?: string) =>
  target.app.inject({ method: 'GET', url: `/api/sentiment-reports?brandId=${id}`, headers: cookie ? { cookie } : {} });
const generate = async (payload: object, cookie = owner) => {
  const response = await post('/api/sentiment-reports', payload, cookie);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TSentimentReport;
};
const seededWithin = (start: string, end: string) =>
  seededAt.filter((at) => at.getTime() >= Date.parse(start) && at.getTime() < Date.parse(end)).length;

describe('POST /api/sentiment-reports', () => {
  it('generates a monthly report by default from the last 30 days of the brand’s insights', async () => {
    const report = await generate({ brandId });
    expect(report.reportPeriod).toBe('monthly');
    expect(Date.parse(report.endDate) - Date.parse(report.startDate)).toBe(30 * DAY);
    expect(report.totalMentions).toBe(seededWithin(report.startDate, report.endDate));
    expect(report.totalMentions).toBe(30 * 6);
    expect(report.positivePercentage + report.neutralPercentage + report.negativePercentage).toBe(100);
    expect(report.overallSentiment).toBeGreaterThanOrEqual(1);
    expect(report.overallSentiment).toBeLessThanOrEqual(5);
    expect(Math.round(report.overallSentiment! * 10) / 10).toBe(report.overallSentiment);
    expect(report.topTopics[0]?.mentions).toBeGreaterThan(0);
    expect(report.topKeywords.length).toBeGreaterThan(0);
    const { insights } = report;
    expect(insights.series.bucket).toBe('day');
    expect(insights.series.points.reduce((sum, point) => sum + point.mentions, 0)).toBe(report.totalMentions);
    expect(insights.previous.mentions).toBe(30 * 6);
    expect(insights.spikeAlert?.negativeShare).toBeGreaterThan(50);
    expect(insights.quotes.positive.length).toBeGreaterThan(0);
    expect(insights.quotes.negative[0]).toMatchObject({ sentiment: 'negative', authorName: expect.any(String) });
    // the same words said many times are quoted once
    for (const quotes of [insights.quotes.positive, insights.quotes.negative]) {
      expect(new Set(quotes.map((quote) => quote.content)).size).toBe(quotes.length);
    }
    expect(insights.quotes.positive).toHaveLength(3);
    expect(insights.aiInsights[0]).toContain(`Acme Coffee had ${report.totalMentions} mentions in the last 30 days`);
    expect(insights).toMatchObject({ writtenBy: 'local', wording: 'final' });
  });

  it('honours the chosen period', async () => {
    const daily = await generate({ brandId, reportPeriod: 'daily' });
    expect(Date.parse(daily.endDate) - Date.parse(daily.startDate)).toBe(DAY);
    expect(daily.totalMentions).toBe(seededWithin(daily.startDate, daily.endDate));
    expect(daily.insights.series.bucket).toBe('hour');
    expect(daily.insights.series.points.length).toBeGreaterThanOrEqual(24);

    const weekly = await generate({ brandId, reportPeriod: 'weekly' });
    expect(Date.parse(weekly.endDate) - Date.parse(weekly.startDate)).toBe(7 * DAY);
    expect(weekly.totalMentions).toBe(42);
    expect(weekly.insights.previous.mentions).toBe(42);
  });

  it('calls the trend against the previous period of the same length', async () => {
    const brand = await seedBrand(target.database, 'reporter@example.com', 'Trend Roasters');
    const now = Date.now();
    const at = (daysBack: number) => new Date(now - daysBack * DAY - HOUR);
    // previous 7 days: complaints; last 7 days: praise
    await seedMentions(target.database, brand, [
      ...Array.from({ length: 6 }, (_, i) => ({ at: at(8 + (i % 5)), textIndex: 2 })),
      ...Array.from({ length: 6 }, (_, i) => ({ at: at(i % 6), textIndex: 0 })),
    ]);
    const improving = await generate({ brandId: brand.id, reportPeriod: 'weekly' });
    expect(improving.trendDirection).toBe('improving');
    expect(improving.insights.previous).toMatchObject({ mentions: 6, overallSentiment: 1 });
    expect(improving.overallSentiment).toBe(5);

    // one mention in each of the last two days: too few to call a trend, so neutral
    const daily = await generate({ brandId: brand.id, reportPeriod: 'daily' });
    expect(daily.totalMentions).toBe(1);
    expect(daily.insights.previous).toMatchObject({ mentions: 1, overallSentiment: 5 });
    expect(daily.trendDirection).toBe('neutral');

    const declining = await seedBrand(target.database, 'reporter@example.com', 'Slipping Roasters');
    await seedMentions(target.database, declining, [
      ...Array.from({ length: 6 }, (_, i) => ({ at: at(8 + (i % 5)), textIndex: 9 })),
      ...Array.from({ length: 6 }, (_, i) => ({ at: at(i % 6), textIndex: 10 })),
    ]);
    expect((await generate({ brandId: declining.id, reportPeriod: 'weekly' })).trendDirection).toBe('declining');
  });

  it('counts only the brand’s own insights, and reports a period without any as not measured', async () => {
    const brand = await seedBrand(target.database, 'reporter@example.com', 'Quiet Kiosk');
    const [competitor] = await target.database.db
      .insert(competitors)
      .values({ userId: brand.userId, brandId: brand.id, name: 'Rival Beans' })
      .returning();
    await seedMentions(target.database, brand, [{ at: new Date(Date.now() - HOUR), textIndex: 3 }], {
      competitorId: competitor!.id,
    });
    // only a competitor's insight: the brand has none of its own
    const refused = await post('/api/sentiment-reports', { brandId: brand.id }, owner);
    expect(refused.statusCode).toBe(409);

    await seedMentions(target.database, brand, [{ at: new Date(Date.now() - 40 * DAY), textIndex: 0 }]);
    const report = await generate({ brandId: brand.id, reportPeriod: 'daily' });
    expect(report).toMatchObject({
      totalMentions: 0,
      overallSentiment: null,
      positivePercentage: 0,
      neutralPercentage: 0,
      negativePercentage: 0,
      trendDirection: 'neutral',
    });
    expect(report.insights.aiInsights[0]).toBe(
      'There were no mentions of Quiet Kiosk in the last 24 hours, so there is no sentiment to report for it.',
    );
  });

  it('counts topics and keywords once per insight, case-insensitively, most mentioned first', async () => {
    const brand = await seedBrand(target.database, 'reporter@example.com', 'Topic Tea');
    const at = new Date(Date.now() - HOUR);
    const plan = [0, 1, 2, 3].map(() => ({ at, textIndex: 0 }));
    await seedMentions(target.database, brand, plan.slice(0, 1), {
      topics: ['Delivery', 'delivery ', 'price'],
      keywords: ['late'],
      sentiment: 'negative',
      sentimentScore: 1,
    });
    await seedMentions(target.database, brand, plan.slice(0, 1), {
      topics: ['delivery'],
      keywords: ['late', 'rude'],
      sentiment: 'negative',
      sentimentScore: 1,
    });
    await seedMentions(target.database, brand, plan.slice(0, 1), {
      topics: ['coffee', 'DELIVERY'],
      keywords: ['lovely'],
    });
    await seedMentions(target.database, brand, plan.slice(0, 1), { topics: ['coffee'], keywords: [] });
    const report = await generate({ brandId: brand.id, reportPeriod: 'daily' });
    expect(report.topTopics).toEqual([
      { term: 'delivery', mentions: 3, positive: 1, negative: 2 },
      { term: 'coffee', mentions: 2, positive: 2, negative: 0 },
      { term: 'price', mentions: 1, positive: 0, negative: 1 },
    ]);
    expect(report.topKeywords.map((keyword) => [keyword.term, keyword.mentions])).toEqual([
      ['late', 2],
      ['lovely', 1],
      ['rude', 1],
    ]);
  });

  it('refuses a brand without insights with the message the screen shows', async () => {
    const response = await post('/api/sentiment-reports', { brandId: emptyBrandId }, owner);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(noInsightsForReportMessage);
    expect(noInsightsForReportMessage).toBe('Add some consumer insights first to generate sentiment reports.');
  });

  it('answers 400 with a readable message for a bad brand id or period', async () => {
    const noBrand = await post('/api/sentiment-reports', {}, owner);
    expect(noBrand.statusCode).toBe(400);
    expect(noBrand.json().message).toBe('Please select a brand');
    const badPeriod = await post('/api/sentiment-reports', { brandId, reportPeriod: 'yearly' }, owner);
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json().message).toBe('Report period must be daily, weekly or monthly');
  });

  it('answers 401 signed out, 404 for another user’s brand and 403 on the free plan', async () => {
    expect((await post('/api/sentiment-reports', { brandId })).statusCode).toBe(401);
    const foreign = await post('/api/sentiment-reports', { brandId: strangerBrandId }, owner);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Stranger');
    const free = await post('/api/sentiment-reports', { brandId: freeBrandId }, freeUser);
    expect(free.statusCode).toBe(403);
    expect(free.json()).toMatchObject({ code: 'plan_feature', message: expect.stringContaining('consumer insights') });
  });
});

describe('agency teams', () => {
  it('lets a team member report on the agency owner’s brand, stored under the owner', async () => {
    const agency = await target.signInAs('report-agency@example.com');
    const member = await target.signInAs('report-member@example.com');
    await setPlan(target.database, 'report-agency@example.com', 'agency');
    const brand = await seedBrand(target.database, 'report-agency@example.com', 'Agency Client');
    await seedMentions(target.database, brand, planMentions(new Date(), 3, 2));
    await target.database.db
      .insert(agencyTeamMembers)
      .values({ agencyUserId: brand.userId, memberEmail: 'report-member@example.com' });
    const report = await generate({ brandId: brand.id, reportPeriod: 'weekly' }, member);
    const [stored] = await target.database.db
      .select({ userId: sentimentReports.userId })
      .from(sentimentReports)
      .where(eq(sentimentReports.id, report.id));
    expect(stored?.userId).toBe(brand.userId);
    expect(((await list(brand.id, agency)).json() as TSentimentReport[]).map((r) => r.id)).toEqual([report.id]);
    const pdf = await post('/api/sentiment-reports/pdf', { brandId: brand.id, reportId: report.id }, member);
    expect(pdf.statusCode).toBe(200);
  });
});

describe('GET /api/sentiment-reports', () => {
  it('lists the brand’s reports, newest first', async () => {
    const response = await list(brandId, owner);
    expect(response.statusCode).toBe(200);
    const reports = response.json() as TSentimentReport[];
    expect(reports.map((report) => report.reportPeriod)).toEqual(['weekly', 'daily', 'monthly']);
    expect(reports.every((report) => report.brandId === brandId)).toBe(true);
    const times = reports.map((report) => Date.parse(report.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers 400 without a brand, 401 signed out, 404 for another user’s brand, and reads free its none', async () => {
    const missing = await target.app.inject({
      method: 'GET',
      url: '/api/sentiment-reports',
      headers: { cookie: owner },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select a brand');
    expect((await list(brandId)).statusCode).toBe(401);
    expect((await list(brandId, stranger)).statusCode).toBe(404);
    // Open on every plan: a free account reads the reports it has, here none.
    const free = await list(freeBrandId, freeUser);
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual([]);
  });
});

describe('the PDFs', () => {
  it('downloads the consumer insights report as brandlens-{brand}-consumer-insights-{day}.pdf', async () => {
    const response = await post('/api/consumer-insights/pdf', { brandId }, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="brandlens-acme-coffee-consumer-insights-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = workspace.inspect('insights', response.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(3);
    if (!popplerPresent) return;
    for (const expected of [
      'CONSUMER INSIGHTS REPORT',
      'Acme Coffee had 420 mentions since',
      'Mentions over time',
      'Average sentiment over time',
      'Spike alert: negative mentions spiked on',
      'Example quotes',
      'Latest insights',
      'https://reviews.example.com/acme-coffee/',
      'Brandlens consumer insights report',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('downloads a report as a PDF', async () => {
    const [latest] = (await list(brandId, owner)).json() as TSentimentReport[];
    const response = await post('/api/sentiment-reports/pdf', { brandId, reportId: latest!.id }, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="brandlens-acme-coffee-weekly-sentiment-report-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = workspace.inspect('weekly', response.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(3);
    if (!popplerPresent) return;
    for (const expected of [
      'SENTIMENT REPORT',
      'Weekly',
      latest!.insights.aiInsights[0]!.slice(0, 60),
      `${latest!.positivePercentage}%`,
      latest!.insights.quotes.negative[0]!.content,
      'How these figures are made',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('makes the brand name safe for the file name', async () => {
    const brand = await seedBrand(target.database, 'reporter@example.com', 'Café "Dé/jà" Vu');
    await seedMentions(target.database, brand, [{ at: new Date(Date.now() - HOUR), textIndex: 0 }]);
    const response = await post('/api/consumer-insights/pdf', { brandId: brand.id }, owner);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="brandlens-cafe-de-ja-vu-consumer-insights-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
  });

  it('refuses the insights PDF of a brand without insights', async () => {
    const response = await post('/api/consumer-insights/pdf', { brandId: emptyBrandId }, owner);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Add some consumer insights first to download the consumer insights report.');
  });

  it('answers 400, 401, 404 for another user’s brand or report', async () => {
    const [latest] = (await list(brandId, owner)).json() as TSentimentReport[];
    const reportPdf = { brandId, reportId: latest!.id };
    expect((await post('/api/consumer-insights/pdf', {}, owner)).json().message).toBe('Please select a brand');
    expect((await post('/api/sentiment-reports/pdf', { brandId }, owner)).json().message).toBe(
      'Please choose a report',
    );
    expect((await post('/api/consumer-insights/pdf', { brandId })).statusCode).toBe(401);
    expect((await post('/api/sentiment-reports/pdf', reportPdf)).statusCode).toBe(401);
    expect((await post('/api/consumer-insights/pdf', { brandId }, stranger)).statusCode).toBe(404);
    expect((await post('/api/sentiment-reports/pdf', reportPdf, stranger)).statusCode).toBe(404);
    // a report named with another of the owner's brands is not found either
    expect((await post('/api/sentiment-reports/pdf', { ...reportPdf, brandId: emptyBrandId }, owner)).statusCode).toBe(
      404,
    );
  });

  it('downloads the insights a free account kept from before', async () => {
    const free = await post('/api/consumer-insights/pdf', { brandId: freeBrandId }, freeUser);
    expect(free.statusCode).toBe(200);
    expect(free.headers['content-type']).toBe('application/pdf');
  });

  it('refuses the insights PDF once the brand’s last insight is deleted', async () => {
    const brand = await seedBrand(target.database, 'reporter@example.com', 'Deleting Deli');
    await seedMentions(target.database, brand, [{ at: new Date(Date.now() - HOUR), textIndex: 0 }]);
    await target.database.db.delete(consumerInsights).where(eq(consumerInsights.brandId, brand.id));
    expect((await post('/api/consumer-insights/pdf', { brandId: brand.id }, owner)).statusCode).toBe(409);
  });
});
