import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCompetitorReport } from '../../src/shared/schemas/competitor-reports.ts';
import { pinClock, unpinClock } from '../helpers/clock.ts';
import { createWorkingTestApp, type WorkingTestApp } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';
import { sampleLibrary, seedAds, seedCompetitor } from '../helpers/seed-competitors.ts';
import { seedBrand } from '../helpers/seed-insights.ts';

// Days counted from today: the clock is set (noon UTC, moving on from there) so they hold at any hour.
pinClock();
afterAll(() => unpinClock());

const OWNER = 'periods@example.com';
const DAY = 86_400_000;
let target: WorkingTestApp;
let owner: string;
let stranger: string;
let brandId: string;

beforeAll(async () => {
  target = await createWorkingTestApp();
  owner = await target.signInAs(OWNER);
  stranger = await target.signInAs('periods-stranger@example.com');
  await setPlan(target.database, OWNER, 'agency');
  const brand = await seedBrand(target.database, OWNER, 'Crumb & Co');
  brandId = brand.id;
  const library = sampleLibrary(new Date());
  await seedAds(target.database, await seedCompetitor(target.database, brand, 'Acme Bakes'), library.leader);
  await seedAds(target.database, await seedCompetitor(target.database, brand, 'Beta Bread'), library.second);
});

afterAll(async () => {
  await target?.close();
});

const generate = (payload: Record<string, unknown>, cookie: string | null = owner) =>
  target.app.inject({
    method: 'POST',
    url: '/api/competitor-reports',
    payload: { brandId, ...payload },
    ...(cookie ? { headers: { cookie } } : {}),
  });
const newAdsOf = (report: TCompetitorReport) =>
  report.adTrends.newAdsByWeek.reduce((sum, week) => sum + week.newAds, 0);
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

describe('trends over 90 days and a chosen period', () => {
  it('covers the last 90 days week by week, counting the ad first seen 64 days ago as new', async () => {
    const monthly = (await generate({})).json() as TCompetitorReport;
    const response = await generate({ reportPeriod: 'quarterly' });
    expect(response.statusCode, response.body).toBe(201);
    const quarterly = response.json() as TCompetitorReport;
    expect(quarterly.reportPeriod).toBe('quarterly');
    expect(Date.parse(quarterly.endDate) - Date.parse(quarterly.startDate)).toBe(90 * DAY);
    expect(quarterly.adTrends.newAdsByWeek.length).toBeGreaterThanOrEqual(13);
    expect(newAdsOf(monthly)).toBe(4);
    expect(newAdsOf(quarterly)).toBe(5);
    const sixtyFourDaysAgo = day(64);
    const week = quarterly.adTrends.newAdsByWeek.find(
      (entry) => entry.weekStart <= sixtyFourDaysAgo && entry.weekStart > day(71),
    );
    expect(week?.newAds).toBe(1);
  });

  it('analyses the dates chosen, from the start of the first to the end of the last', async () => {
    const response = await generate({ reportPeriod: 'custom', startDate: day(70), endDate: day(50) });
    expect(response.statusCode, response.body).toBe(201);
    const custom = response.json() as TCompetitorReport;
    expect(custom).toMatchObject({
      reportPeriod: 'custom',
      startDate: `${day(70)}T00:00:00.000Z`,
      endDate: `${day(50)}T23:59:59.999Z`,
      // only the spring sale ran then (first seen 64 days ago)
      totalAdsAnalysed: 1,
    });
    expect(newAdsOf(custom)).toBe(1);
  });

  it('refuses a chosen period without dates, backwards, over a year or in the future with 400', async () => {
    for (const [payload, message] of [
      [{ reportPeriod: 'custom' }, 'Choose a start and an end date for the period'],
      [
        { reportPeriod: 'custom', startDate: day(10), endDate: day(20) },
        'The end date cannot be before the start date',
      ],
      [{ reportPeriod: 'custom', startDate: day(400), endDate: day(1) }, 'A period can span a year at most'],
      [
        { reportPeriod: 'custom', startDate: '2026-02-30', endDate: day(1) },
        'Start date must be a date such as 2026-03-05',
      ],
      [{ reportPeriod: 'custom', startDate: day(-5), endDate: day(-10) }, 'The period cannot start in the future'],
    ] as const) {
      const refused = await generate(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
  });

  it('answers 401 signed out and 404 for a brand that is not yours', async () => {
    expect((await generate({ reportPeriod: 'quarterly' }, null)).statusCode).toBe(401);
    expect((await generate({ reportPeriod: 'quarterly' }, stranger)).statusCode).toBe(404);
  });
});
