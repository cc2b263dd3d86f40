import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, competitorAdChanges, competitors, outboxMessages, users } from '../../src/server/db/schema/index.ts';
import { AD_CHANGES_EMAIL_KIND } from '../../src/server/features/ad-changes/ad-changes-email.ts';
import { runWeeklyAdChanges } from '../../src/server/features/ad-changes/weekly-ad-changes.ts';
import type { TBrandAdChanges } from '../../src/shared/schemas/ad-changes.ts';
import type { TAdDiscoveryTask } from '../../src/shared/schemas/ad-discovery.ts';
import type { TCompetitorReport } from '../../src/shared/schemas/competitor-reports.ts';
import type { TAd, TCompetitorWithCounts } from '../../src/shared/schemas/competitors.ts';
import { type MetaGraphDouble, ordinaryAd, startMetaGraphDouble } from '../doubles/meta-graph.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { pdfWorkspace } from '../helpers/pdf.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedAds } from '../helpers/seed-competitors.ts';

const OWN_PAGE = '6100001';
/** past 2^53, as TikTok's ids can be */
const TIKTOK_AD_ID = '7301234567890123456';
const pdfs = pdfWorkspace('own-brand-ads-');
const RIVAL_PAGE = '6100002';
let graph: MetaGraphDouble;
let target: WorkingTestApp;
let owner: string;
let stranger: string;
let brandId: string;
let ownerUserId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const inject = (method: Method, url: string, cookie: string | null, payload?: object) =>
  target.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function discover(competitorId: string): Promise<TAdDiscoveryTask> {
  const started = await inject('POST', `/api/competitors/${competitorId}/discover-ads`, owner);
  expect(started.statusCode, started.body).toBe(202);
  return waitFor(
    async () => (await inject('GET', `/api/ad-discovery/${started.json().id}`, owner)).json() as TAdDiscoveryTask,
    (task) => task.status === 'completed' || task.status === 'failed',
    { what: 'the ad discovery to finish', timeoutMs: 60_000 },
  );
}

beforeAll(async () => {
  graph = await startMetaGraphDouble();
  graph.setAds(OWN_PAGE, [ordinaryAd('own-1', { __media_type: 'VIDEO' }), ordinaryAd('own-2')]);
  graph.setAds(RIVAL_PAGE, [ordinaryAd('rival-1')]);
  target = await createWorkingTestApp({
    env: { META_AD_LIBRARY_TOKEN: 'good-token', META_GRAPH_URL: graph.graphUrl, CRAWLER_ALLOW_LOOPBACK: 'true' },
  });
  owner = await target.signInAs('own-ads@example.com');
  stranger = await target.signInAs('own-ads-stranger@example.com');
  await setPlan(target.database, 'own-ads@example.com', 'agency');
  const created = await inject('POST', '/api/brands', owner, {
    name: 'Harbour Coffee',
    websiteUrl: 'https://harbour.example',
    adMarkets: ['IE'],
  });
  brandId = created.json().id;
  const [{ id: ownerId }] = (await target.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'own-ads@example.com'))) as [{ id: string }];
  ownerUserId = ownerId;
  await target.database.db
    .insert(competitors)
    .values({ userId: ownerId, brandId, name: 'Tidewater Roasters', facebookPageId: RIVAL_PAGE });
}, 60_000);

afterAll(async () => {
  pdfs.remove();
  await target?.close();
  await graph?.close();
});

describe("the brand's own ads beside its competitors'", () => {
  let own: TCompetitorWithCounts;

  it('adds one "your brand" row per brand: 201, then 200 with the same row', async () => {
    const first = await inject('POST', `/api/brands/${brandId}/own-ads`, owner);
    expect(first.statusCode, first.body).toBe(201);
    own = first.json();
    expect(own).toMatchObject({ name: 'Harbour Coffee', isOwnBrand: true, facebookPageId: null, adCount: 0 });
    const again = await inject('POST', `/api/brands/${brandId}/own-ads`, owner);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(own.id);
  });

  it('refuses the signed out (401), another user or a bad id (404) and the free plan (403)', async () => {
    expect((await inject('POST', `/api/brands/${brandId}/own-ads`, null)).statusCode).toBe(401);
    const hidden = await inject('POST', `/api/brands/${brandId}/own-ads`, stranger);
    expect(hidden.statusCode).toBe(404);
    expect((await inject('POST', '/api/brands/not-an-id/own-ads', owner)).statusCode).toBe(404);
    await setPlan(target.database, 'own-ads@example.com', 'free');
    const refused = await inject('POST', `/api/brands/${brandId}/own-ads`, owner);
    await setPlan(target.database, 'own-ads@example.com', 'agency');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('plan_feature');
  });

  it('is listed first and is not counted as a competitor', async () => {
    const listed = (
      await inject('GET', `/api/competitors?brandId=${brandId}`, owner)
    ).json() as TCompetitorWithCounts[];
    expect(listed.map((row) => [row.name, row.isOwnBrand])).toEqual([
      ['Harbour Coffee', true],
      ['Tidewater Roasters', false],
    ]);
    const summary = (await inject('GET', `/api/competitor-tracking/summary?brandId=${brandId}`, owner)).json();
    expect(summary.competitors).toBe(1);
  });

  it('takes its Facebook page through the same choice, and its ads are discovered into the library', async () => {
    const chosen = await inject('PUT', `/api/competitors/${own.id}/facebook-page`, owner, { facebookPageId: OWN_PAGE });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await discover(own.id)).result?.competitors[0]).toMatchObject({ added: 2, status: 'done' });
    expect((await discover((await rival()).id)).status).toBe('completed');
    const ads = (await inject('GET', `/api/ad-library?brandId=${brandId}`, owner)).json() as TAd[];
    expect(
      ads
        .filter((ad) => ad.competitorId === own.id)
        .map((ad) => ad.adId)
        .sort(),
    ).toEqual(['own-1', 'own-2']);
    expect(ads.find((ad) => ad.adId === 'own-1')?.mediaType).toBe('video');
  });

  it('appears in the analysis as the brand, beside the competitors', async () => {
    const response = await inject('POST', '/api/competitor-reports', owner, { brandId });
    expect(response.statusCode, response.body).toBe(201);
    const report = response.json() as TCompetitorReport;
    expect(report.topCompetitors.map((row) => [row.name, row.adsInPeriod]).sort()).toEqual([
      ['Harbour Coffee (your brand)', 2],
      ['Tidewater Roasters', 1],
    ]);
  });

  it('is not counted or judged as a competitor: the counts and the findings are about the competitors', async () => {
    const response = await inject('POST', '/api/competitor-reports', owner, { brandId });
    expect(response.statusCode, response.body).toBe(201);
    const report = response.json() as TCompetitorReport;
    // one of one competitors had ads; the brand's own ads are beside them, not one of them
    expect(report.competitorsAnalysed).toBe(1);
    expect(report.topCompetitors.find((row) => row.competitorId === own.id)?.isOwnBrand).toBe(true);
    expect(report.topCompetitors.filter((row) => !row.isOwnBrand)).toHaveLength(1);
    const findings = Object.values(report.keyFindings).flatMap((kind) => kind.map((finding) => finding.text));
    expect(findings.length).toBeGreaterThan(0);
    for (const text of findings) expect(text).not.toContain('Harbour Coffee');
    // the competitive positioning may name it, as the brand
    expect(report.advertisingIntelligence.competitivePositioning.map((row) => row.name)).toContain(
      'Harbour Coffee (your brand)',
    );
    const pdf = await inject('POST', '/api/competitors/pdf', owner, { brandId });
    expect(pdf.statusCode).toBe(200);
    const { text } = pdfs.inspect('own-brand', pdf.rawPayload);
    if (text) {
      expect(text).toContain('from 1 of 1 competitor and your brand');
      expect(text).not.toMatch(/of 2 competitors/);
    }
  });

  it("names a TikTok ad, which has no text, by its id in TikTok's library wherever the report cites it", async () => {
    const rivalRow = await rival();
    const longAgo = new Date(Date.now() - 900 * 86_400_000);
    await seedAds(target.database, { id: rivalRow.id, userId: ownerUserId }, [
      {
        platform: 'tiktok',
        source: 'tiktok',
        adId: TIKTOK_AD_ID,
        adType: 'video',
        isActive: true,
        firstSeenAt: longAgo,
      },
    ]);
    const response = await inject('POST', '/api/competitor-reports', owner, { brandId });
    expect(response.statusCode, response.body).toBe(201);
    const report = response.json() as TCompetitorReport;
    const cited = report.citedAds.find((ad) => ad.platform === 'tiktok');
    expect(cited).toMatchObject({ adId: TIKTOK_AD_ID, title: null, excerpt: null });
    expect(report.advertisingIntelligence.longevity[0]?.adId).toBe(cited?.id);
    const findings = Object.values(report.keyFindings).flatMap((kind) => kind.map((finding) => finding.text));
    const named = `TikTok ad ${TIKTOK_AD_ID} (no text in TikTok's library)`;
    expect(findings.some((text) => text.includes(named))).toBe(true);
    for (const text of findings) expect(text).not.toContain('untitled');
    const pdf = await inject('POST', '/api/competitors/pdf', owner, { brandId });
    const { text } = pdfs.inspect('tiktok-cited', pdf.rawPayload);
    if (text) {
      expect(text).toContain(`Tidewater Roasters · TikTok`);
      expect(text).toContain(named);
      expect(text).not.toContain('Untitled ad');
    }
  });

  it('gets no "What changed" as a competitor: not listed, not compared on demand, not compared or e-mailed weekly', async () => {
    const listed = (await inject('GET', `/api/brands/${brandId}/ad-changes`, owner)).json() as TBrandAdChanges;
    expect(listed.competitors.map((row) => row.competitorName)).toEqual(['Tidewater Roasters']);
    const refused = await inject('POST', `/api/competitors/${own.id}/ad-changes`, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Harbour Coffee is your brand, not a competitor: "What changed" is for competitors only.',
    );
    expect((await inject('POST', `/api/competitors/${own.id}/ad-changes`, stranger)).statusCode).toBe(404);
    const deps = {
      db: target.database.db,
      config: target.config,
      queue: target.queue,
      logger: pino({ level: 'silent' }),
    };
    await runWeeklyAdChanges(deps, new Date());
    const after = (await inject('GET', `/api/brands/${brandId}/ad-changes`, owner)).json() as TBrandAdChanges;
    expect(after.competitors.map((row) => row.competitorName)).toEqual(['Tidewater Roasters']);
    const [brand] = await target.database.db.select().from(brands).where(eq(brands.id, brandId));
    const queued = await target.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.userId, brand!.userId), eq(outboxMessages.kind, AD_CHANGES_EMAIL_KIND)));
    for (const message of queued) expect(JSON.stringify(message)).not.toContain('Harbour Coffee:');
    const rows = await target.database.db
      .select()
      .from(competitorAdChanges)
      .where(eq(competitorAdChanges.competitorId, own.id));
    expect(rows).toHaveLength(0);
  });

  it('is not a competitor for insight discovery, relevance terms or the page watch', async () => {
    const terms = (await inject('GET', `/api/brands/${brandId}/relevance-terms`, owner)).json();
    expect(terms.competitors.map((row: { name: string }) => row.name)).toEqual(['Tidewater Roasters']);

    const discovery = await inject('POST', '/api/consumer-insights/discover-competitor', owner, {
      competitorId: own.id,
    });
    expect(discovery.statusCode).toBe(409);
    expect(discovery.json().message).toContain('Harbour Coffee is your brand, not a competitor');
    const watch = await inject('POST', `/api/competitors/${own.id}/page-snapshots`, owner);
    expect(watch.statusCode).toBe(409);
    expect(watch.json().message).toContain('is for competitors only');
  });

  it('alone is no competitor to report on', async () => {
    const other = await inject('POST', '/api/brands', owner, {
      name: 'Solo Bakery',
      websiteUrl: 'https://solo.example',
    });
    expect(other.statusCode, other.body).toBe(201);
    const ownRow = (
      await inject('POST', `/api/brands/${other.json().id}/own-ads`, owner)
    ).json() as TCompetitorWithCounts;
    await seedAds(target.database, { id: ownRow.id, userId: ownerUserId }, [
      {
        platform: 'meta',
        source: 'meta',
        adId: 'solo-1',
        adText: 'Fresh bread daily.',
        isActive: true,
        firstSeenAt: new Date(),
      },
    ]);
    const refused = await inject('POST', '/api/competitor-reports', owner, { brandId: other.json().id });
    expect(refused.statusCode).toBe(409);
  });

  it('is searched by Auto-Discover All as the brand, not counted among the competitors', async () => {
    const started = await inject('POST', `/api/brands/${brandId}/discover-all-ads`, owner);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().message).toBe(
      'Searching the Meta Ad Library for the ads of Harbour Coffee and its 1 competitor',
    );
    const done = await waitFor(
      async () => (await inject('GET', `/api/ad-discovery/${started.json().id}`, owner)).json() as TAdDiscoveryTask,
      (task) => task.status === 'completed' || task.status === 'failed',
      { what: 'the brand-wide ad discovery to finish', timeoutMs: 60_000 },
    );
    expect(done.status).toBe('completed');
    expect(done.result?.competitors.map((outcome) => [outcome.competitorName, outcome.isOwnBrand]).sort()).toEqual([
      ['Harbour Coffee', true],
      ['Tidewater Roasters', false],
    ]);
  });
});

async function rival() {
  const listed = (await inject('GET', `/api/competitors?brandId=${brandId}`, owner)).json() as TCompetitorWithCounts[];
  return listed.find((row) => !row.isOwnBrand)!;
}
