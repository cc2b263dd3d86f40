import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitors, users } from '../../src/server/db/schema/index.ts';
import type { TAdDiscoveryTask } from '../../src/shared/schemas/ad-discovery.ts';
import type { TCompetitorReport } from '../../src/shared/schemas/competitor-reports.ts';
import type { TAd, TCompetitorWithCounts } from '../../src/shared/schemas/competitors.ts';
import { type MetaGraphDouble, ordinaryAd, startMetaGraphDouble } from '../doubles/meta-graph.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

const OWN_PAGE = '6100001';
const RIVAL_PAGE = '6100002';
let graph: MetaGraphDouble;
let target: WorkingTestApp;
let owner: string;
let stranger: string;
let brandId: string;

type Method = 'GET' | 'POST' | 'PUT';
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
  await target.database.db
    .insert(competitors)
    .values({ userId: ownerId, brandId, name: 'Tidewater Roasters', facebookPageId: RIVAL_PAGE });
}, 60_000);

afterAll(async () => {
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
});

async function rival() {
  const listed = (await inject('GET', `/api/competitors?brandId=${brandId}`, owner)).json() as TCompetitorWithCounts[];
  return listed.find((row) => !row.isOwnBrand)!;
}
