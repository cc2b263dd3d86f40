import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, competitorReports, outboxMessages, users } from '../../src/server/db/schema/index.ts';
import { REPORT_BATCH_SIZE } from '../../src/server/features/competitor-reports/read-competitor-ads.ts';
import { competitorReportLimitMessage } from '../../src/shared/plans.ts';
import {
  noAdsForReportMessage,
  noCompetitorsForReportMessage,
  type TCompetitorReport,
} from '../../src/shared/schemas/competitor-reports.ts';
import { type SmtpDouble, startSmtpDouble } from '../doubles/smtp.ts';
import { pinClock, unpinClock } from '../helpers/clock.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { pdfWorkspace } from '../helpers/pdf.ts';
import { setPlan } from '../helpers/seed.ts';
import { sampleLibrary, seedAds, seedCompetitor } from '../helpers/seed-competitors.ts';
import { seedBrand } from '../helpers/seed-insights.ts';

// Days counted from today: the clock is set (noon UTC, moving on from there) so they hold at any hour.
pinClock();
afterAll(() => unpinClock());

const OWNER = 'rivals@example.com';
let smtp: SmtpDouble;
let target: WorkingTestApp;
let owner: string;
let stranger: string;
let brandId: string;
let noCompetitorBrandId: string;
let noAdBrandId: string;
const pdfs = pdfWorkspace('competitive-api-');

beforeAll(async () => {
  smtp = await startSmtpDouble();
  target = await createWorkingTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Brandlens <reports@brandlens.test>' } });
  owner = await target.signInAs(OWNER);
  stranger = await target.signInAs('stranger@example.com');
  await setPlan(target.database, OWNER, 'agency');
  const brand = await seedBrand(target.database, OWNER, 'Crumb & Co');
  brandId = brand.id;
  const library = sampleLibrary(new Date());
  await seedAds(target.database, await seedCompetitor(target.database, brand, 'Acme Bakes'), library.leader);
  await seedAds(target.database, await seedCompetitor(target.database, brand, 'Beta Bread'), library.second);
  noCompetitorBrandId = (await seedBrand(target.database, OWNER, 'Lonely Loaf')).id;
  const noAdBrand = await seedBrand(target.database, OWNER, 'Quiet Rye');
  await seedCompetitor(target.database, noAdBrand, 'Silent Rival');
  noAdBrandId = noAdBrand.id;
});

afterAll(async () => {
  await target?.close();
  await smtp?.close();
  pdfs.remove();
});

const post = (url: string, cookie: string | undefined, payload: Record<string, unknown>) =>
  target.app.inject({ method: 'POST', url, payload, ...(cookie ? { headers: { cookie } } : {}) });
const list = (cookie: string | undefined, id = brandId) =>
  target.app.inject({
    method: 'GET',
    url: `/api/competitor-reports?brandId=${id}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });

let report: TCompetitorReport;

describe('POST /api/competitor-reports', () => {
  it('computes the analysis from the stored ads, with findings that cite them', async () => {
    const response = await post('/api/competitor-reports', owner, { brandId });
    expect(response.statusCode).toBe(201);
    report = response.json();
    expect(report).toMatchObject({
      brandId,
      reportPeriod: 'monthly',
      totalAdsAnalysed: 5,
      competitorsAnalysed: 2,
      writtenBy: 'local',
    });
    expect(report.topCompetitors.map((entry) => [entry.name, entry.activeAds])).toEqual([
      ['Acme Bakes', 4],
      ['Beta Bread', 0],
    ]);
    const shop = report.advertisingIntelligence.inferredCallToActions.find((entry) => entry.cta === 'Shop now');
    expect(shop?.adCount).toBe(2);
    const dominant = report.keyFindings.threats.find((entry) => entry.rule === 'dominant-competitor');
    expect(dominant?.text).toBe('Acme Bakes runs 4 active ads while no other competitor has one running.');
    const cited = new Set(report.citedAds.map((ad) => ad.id));
    for (const finding of Object.values(report.keyFindings).flat())
      for (const id of finding.adIds) expect(cited.has(id)).toBe(true);
    const longest = report.citedAds.find((ad) => ad.id === report.advertisingIntelligence.longevity[0]?.adId);
    expect(longest).toMatchObject({
      competitorName: 'Acme Bakes',
      title: 'Spring sale: 20% off all loaves',
      runningDays: 65,
    });
    expect(report.disclosures).toMatchObject({ spend: 1, impressions: 0, reach: 0 });
  });

  it('honours the period asked for', async () => {
    const response = await post('/api/competitor-reports', owner, { brandId, reportPeriod: 'weekly' });
    expect(response.statusCode).toBe(201);
    // the 20-day-old booking ad stopped 8 days ago, before the week began
    expect(response.json().totalAdsAnalysed).toBe(4);
  });

  it('reads a library larger than one batch, every ad in the period once, and cites ads with their words', async () => {
    const cookie = await target.signInAs('big-library@example.com');
    await setPlan(target.database, 'big-library@example.com', 'agency');
    const brand = await seedBrand(target.database, 'big-library@example.com', 'Batch Bakery');
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * 86_400_000);
    // every ad last seen at the same moment: the batches must page on the id past a tie on the date
    const running = Array.from({ length: REPORT_BATCH_SIZE * 2 + 37 }, (_, index) => ({
      platform: 'meta' as const,
      adId: `big-${index}`,
      adTitle: `Weekend bake ${index}`,
      adText: 'Order before Friday for Saturday collection.',
      firstSeenAt: ago(40 + (index % 7)),
      lastSeenAt: ago(1),
      source: 'meta' as const,
    }));
    const stoppedLongAgo = Array.from({ length: 40 }, (_, index) => ({
      platform: 'google' as const,
      adTitle: `Old offer ${index}`,
      isActive: false,
      firstSeenAt: ago(200),
      lastSeenAt: ago(150),
      source: 'manual' as const,
    }));
    const tiktok = Array.from({ length: 30 }, (_, index) => ({
      platform: 'tiktok' as const,
      adId: `tt-${index}`,
      firstSeenAt: ago(index + 1),
      lastSeenAt: ago(0),
      source: 'tiktok' as const,
    }));
    await seedAds(target.database, await seedCompetitor(target.database, brand, 'Volume Rival'), [
      ...running,
      ...stoppedLongAgo,
    ]);
    await seedAds(target.database, await seedCompetitor(target.database, brand, 'Clip Rival'), tiktok);
    // entered without dates: each counts from when it was stored, the one statement's moment, to the microsecond
    const undated = Array.from({ length: REPORT_BATCH_SIZE + 13 }, (_, index) => ({
      platform: 'linkedin' as const,
      adTitle: `Undated notice ${index}`,
      source: 'manual' as const,
    }));
    await seedAds(target.database, await seedCompetitor(target.database, brand, 'Undated Rival'), undated);

    const response = await post('/api/competitor-reports', cookie, { brandId: brand.id });
    expect(response.statusCode).toBe(201);
    const big: TCompetitorReport = response.json();
    expect(big.totalAdsAnalysed).toBe(running.length + tiktok.length + undated.length);
    expect(big.topCompetitors.map((entry) => [entry.name, entry.adsInPeriod])).toEqual([
      ['Volume Rival', running.length],
      ['Undated Rival', undated.length],
      ['Clip Rival', tiktok.length],
    ]);
    // each of the period's TikTok ads counted once, the newest listed first
    expect(big.tiktokAdsTotal).toBe(tiktok.length);
    expect(big.tiktokAds?.map((ad) => ad.adId)).toEqual(tiktok.slice(0, 25).map((ad) => ad.adId));
    // the readings keep no words: the cited ads' titles and excerpts are read again for the report
    expect(big.citedAds.length).toBeGreaterThan(0);
    for (const cited of big.citedAds.filter((ad) => ad.platform === 'meta')) {
      expect(cited.title).toMatch(/^Weekend bake \d+$/);
      expect(cited.excerpt).toBe('Order before Friday for Saturday collection.');
    }
  });

  it('needs a competitor and an ad, in words the user can act on', async () => {
    const none = await post('/api/competitor-reports', owner, { brandId: noCompetitorBrandId });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(noCompetitorsForReportMessage);
    const noAds = await post('/api/competitor-reports', owner, { brandId: noAdBrandId });
    expect(noAds.statusCode).toBe(409);
    expect(noAds.json().message).toBe(noAdsForReportMessage);
  });

  it('refuses a bad payload with readable messages', async () => {
    const missing = await post('/api/competitor-reports', owner, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select a brand');
    const period = await post('/api/competitor-reports', owner, { brandId, reportPeriod: 'yearly' });
    expect(period.statusCode).toBe(400);
    expect(period.json().message).toBe('Report period must be daily, weekly, monthly, quarterly or custom');
  });

  it('answers 401 signed out and 404 for a brand that is not yours', async () => {
    expect((await post('/api/competitor-reports', undefined, { brandId })).statusCode).toBe(401);
    expect((await post('/api/competitor-reports', stranger, { brandId })).statusCode).toBe(404);
  });

  it('refuses the free plan (403 plan_feature) and a starter plan past its five reports (403 plan_limit)', async () => {
    try {
      await setPlan(target.database, OWNER, 'free');
      const free = await post('/api/competitor-reports', owner, { brandId });
      expect(free.statusCode).toBe(403);
      expect(free.json().code).toBe('plan_feature');
      // What was generated before stays readable.
      expect((await list(owner)).statusCode).toBe(200);

      await setPlan(target.database, OWNER, 'starter');
      // the starter plan's one brand is the oldest: Crumb & Co's, whatever the clock's resolution
      await target.database.db
        .update(brands)
        .set({ createdAt: new Date(Date.now() - 24 * 60 * 60 * 1000) })
        .where(eq(brands.id, brandId));
      await target.database.db
        .update(users)
        .set({ starterPurchaseDate: new Date(Date.now() - 60 * 60 * 1000) })
        .where(eq(users.email, OWNER));
      const [ownerRow] = await target.database.db.select().from(users).where(eq(users.email, OWNER));
      const made = await target.database.db
        .select()
        .from(competitorReports)
        .where(eq(competitorReports.userId, ownerRow!.id));
      for (let i = made.length; i < 5; i += 1)
        expect((await post('/api/competitor-reports', owner, { brandId })).statusCode).toBe(201);
      const sixth = await post('/api/competitor-reports', owner, { brandId });
      expect(sixth.statusCode).toBe(403);
      expect(sixth.json()).toMatchObject({ code: 'plan_limit', message: competitorReportLimitMessage('starter') });
    } finally {
      await setPlan(target.database, OWNER, 'agency');
    }
  });
});

describe('GET /api/competitor-reports', () => {
  it('lists the brand’s reports newest first', async () => {
    const response = await list(owner);
    expect(response.statusCode).toBe(200);
    const reports = response.json() as TCompetitorReport[];
    expect(reports.length).toBeGreaterThanOrEqual(2);
    const times = reports.map((entry) => Date.parse(entry.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(reports.some((entry) => entry.id === report.id)).toBe(true);
  });

  it('refuses a bad id (400), signed out (401) and another user’s brand (404)', async () => {
    expect((await list(owner, 'nope')).statusCode).toBe(400);
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(stranger)).statusCode).toBe(404);
  });
});

describe('POST /api/competitors/pdf', () => {
  it('renders the latest report, or the one named, as the designed PDF', async () => {
    const response = await post('/api/competitors/pdf', owner, { brandId });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="brandlens-crumb-co-competitive-analysis-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const named = await post('/api/competitors/pdf', owner, { brandId, reportId: report.id });
    expect(named.statusCode).toBe(200);
    const { pages, text } = pdfs.inspect('named', named.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(2);
    if (text) {
      expect(text).toContain('Top competitors');
      expect(text).toContain('Acme Bakes runs 4 active ads while no other competitor has one running.');
      expect(text).toContain('Spring sale: 20% off all loaves');
      expect(text).toContain('What is not disclosed');
    }
  });

  it('says to generate a report first, and refuses bad, signed-out and foreign requests', async () => {
    const none = await post('/api/competitors/pdf', owner, { brandId: noAdBrandId });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Generate a competitive analysis report first');
    expect((await post('/api/competitors/pdf', owner, {})).statusCode).toBe(400);
    expect((await post('/api/competitors/pdf', undefined, { brandId })).statusCode).toBe(401);
    expect((await post('/api/competitors/pdf', stranger, { brandId })).statusCode).toBe(404);
    expect((await post('/api/competitors/pdf', stranger, { brandId, reportId: report.id })).statusCode).toBe(404);
    // a report of another of your brands is not this brand's
    expect((await post('/api/competitors/pdf', owner, { brandId: noAdBrandId, reportId: report.id })).statusCode).toBe(
      404,
    );
  });

  it('stays downloadable on the free plan, as what was generated before', async () => {
    await setPlan(target.database, OWNER, 'free');
    try {
      const response = await post('/api/competitors/pdf', owner, { brandId });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
    } finally {
      await setPlan(target.database, OWNER, 'agency');
    }
  });
});

describe('POST /api/email-competitive-analysis', () => {
  it('sends the report with its PDF attached, once per request id', async () => {
    const requestId = crypto.randomUUID();
    const payload = { email: 'partner@example.com', message: 'Rivals this month.', reportId: report.id, requestId };
    const first = await post('/api/email-competitive-analysis', owner, payload);
    expect(first.statusCode).toBe(202);
    const again = await post('/api/email-competitive-analysis', owner, payload);
    expect(again.json().id).toBe(first.json().id);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.envelope.to).toEqual(['partner@example.com']);
    expect(mail?.parsed.subject).toBe('Crumb & Co competitive analysis report');
    expect(mail?.parsed.text).toContain('Rivals this month.');
    expect(mail?.parsed.text).toContain('Acme Bakes runs 4 active ads');
    const pdf = mail?.parsed.attachments.find((file) => file.mimeType === 'application/pdf');
    // The same name as the download of this report.
    const download = await post('/api/competitors/pdf', owner, { brandId, reportId: report.id });
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${pdf?.filename}"`);
    expect(pdf?.filename).toMatch(/^brandlens-crumb-co-competitive-analysis-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(
      Buffer.from(pdf?.content as ArrayBuffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await waitFor(
      async () =>
        (await target.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, first.json().id)))[0],
      (row) => row?.status === 'sent',
      { what: 'the message to be marked sent' },
    );
    expect(smtp.messages).toHaveLength(1);
  });

  it('refuses a bad address or a missing report with readable messages', async () => {
    const bad = await post('/api/email-competitive-analysis', owner, { email: 'nope', reportId: report.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address');
    const noReport = await post('/api/email-competitive-analysis', owner, { email: 'a@example.com' });
    expect(noReport.statusCode).toBe(400);
    expect(noReport.json().message).toBe('Generate a competitive analysis report first');
  });

  it('answers 401 signed out, 404 for another user’s report, 403 on the free plan', async () => {
    const payload = { email: 'a@example.com', reportId: report.id };
    expect((await post('/api/email-competitive-analysis', undefined, payload)).statusCode).toBe(401);
    expect((await post('/api/email-competitive-analysis', stranger, payload)).statusCode).toBe(404);
    await setPlan(target.database, OWNER, 'free');
    try {
      const free = await post('/api/email-competitive-analysis', owner, payload);
      expect(free.statusCode).toBe(403);
      expect(free.json().code).toBe('plan_feature');
    } finally {
      await setPlan(target.database, OWNER, 'agency');
    }
  });
});
