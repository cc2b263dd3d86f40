import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adLibraryEntries, competitors, users } from '../../src/server/db/schema/index.ts';
import { marketCoverageMessage, zeroAdsMessage } from '../../src/shared/ad-market-coverage.ts';
import type { TAdDiscoveryTask, TAdMarketCoverage } from '../../src/shared/schemas/ad-discovery.ts';
import type { TAd } from '../../src/shared/schemas/competitors.ts';
import { type MetaGraphDouble, ordinaryAd, politicalAd, startMetaGraphDouble } from '../doubles/meta-graph.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

const SHOP_PAGE = '5550001';
const EMPTY_PAGE = '5550002';
let graph: MetaGraphDouble;
let target: WorkingTestApp;
let owner: string;
let stranger: string;
let ownerId: string;

type Method = 'GET' | 'POST' | 'PATCH';
const inject = (method: Method, url: string, cookie: string | null, payload?: object) =>
  target.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function createBrand(name: string, adMarkets: string[]) {
  const created = await inject('POST', '/api/brands', owner, { name, websiteUrl: 'https://example.com', adMarkets });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

async function addCompetitor(brandId: string, name: string, facebookPageId: string) {
  const [row] = await target.database.db
    .insert(competitors)
    .values({ userId: ownerId, brandId, name, facebookPageId })
    .returning();
  return row!.id;
}

async function discover(competitorId: string): Promise<TAdDiscoveryTask> {
  const started = await inject('POST', `/api/competitors/${competitorId}/discover-ads`, owner);
  expect(started.statusCode, started.body).toBe(202);
  return waitFor(
    async () => (await inject('GET', `/api/ad-discovery/${started.json().id}`, owner)).json() as TAdDiscoveryTask,
    (task) => task.status === 'completed' || task.status === 'failed',
    { what: 'the ad discovery to finish', timeoutMs: 60_000 },
  );
}

const ukMessage = marketCoverageMessage('GB');

beforeAll(async () => {
  graph = await startMetaGraphDouble();
  graph.setAds(SHOP_PAGE, [
    // seen in both markets' searches: stored once with both
    ordinaryAd('both-1', {
      __reached: ['IE', 'FR'],
      __media_type: 'VIDEO',
      ad_creative_bodies: ['Roasted this week.', 'Roasted this week, delivered free.', 'Third version.'],
      ad_creative_link_titles: ['Coffee', 'Fresh coffee'],
      publisher_platforms: ['instagram'],
      languages: ['en', 'fr'],
      eu_total_reach: 4200,
      age_country_gender_reach_breakdown: [
        { country: 'IE', age_gender_breakdowns: [{ age_range: '25-34', male: 1200, female: 1500, unknown: 3 }] },
        { country: 'FR', age_gender_breakdowns: [{ age_range: '18-24', male: 700, female: null }] },
      ],
      beneficiary_payers: [{ beneficiary: 'Shop Roasters Ltd', payer: 'Shop Roasters Ltd' }],
      target_ages: ['25', '54'],
      target_gender: 'All',
      target_locations: [{ name: 'Ireland', type: 'countries', excluded: false }],
    }),
    ordinaryAd('fr-only', { __reached: ['FR'], __media_type: 'IMAGE', publisher_platforms: ['facebook'] }),
    ordinaryAd('us-ordinary', { __reached: ['US'] }),
    politicalAd('us-issue', { __reached: ['US'] }),
  ]);
  graph.setAds(EMPTY_PAGE, []);
  target = await createWorkingTestApp({
    env: { META_AD_LIBRARY_TOKEN: 'good-token', META_GRAPH_URL: graph.graphUrl, CRAWLER_ALLOW_LOOPBACK: 'true' },
  });
  owner = await target.signInAs('markets-owner@example.com');
  stranger = await target.signInAs('markets-stranger@example.com');
  await setPlan(target.database, 'markets-owner@example.com', 'agency');
  await setPlan(target.database, 'markets-stranger@example.com', 'agency');
  [{ id: ownerId }] = (await target.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'markets-owner@example.com'))) as [{ id: string }];
}, 60_000);

afterAll(async () => {
  await target?.close();
  await graph?.close();
});

describe('ad markets', () => {
  it('keeps a list of markets, the first being the main one, and refuses bad lists with 400', async () => {
    const brandId = await createBrand('Markets Brand', ['IE']);
    const saved = await inject('PATCH', `/api/brands/${brandId}`, owner, { adMarkets: ['FR', 'IE', 'FR'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ adMarket: 'FR', adMarkets: ['FR', 'IE'] });
    const single = await inject('PATCH', `/api/brands/${brandId}`, owner, { adMarket: 'DE' });
    expect(single.json()).toMatchObject({ adMarket: 'DE', adMarkets: ['DE'] });
    for (const [adMarkets, message] of [
      [[], 'Choose at least one ad market'],
      [['XX'], 'Choose countries from the list for the ad markets'],
      [['IE', 'FR', 'DE', 'ES', 'IT', 'PT'], 'Choose at most 5 ad markets'],
    ] as const) {
      const refused = await inject('PATCH', `/api/brands/${brandId}`, owner, { adMarkets });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(message);
    }
  });
});

describe('coverage told before a discovery', () => {
  it('says per market what Meta returns: every ad in the EU, uncertain in the UK, political only elsewhere', async () => {
    const brandId = await createBrand('Coverage Brand', ['IE', 'GB', 'US']);
    const response = await inject('GET', `/api/brands/${brandId}/ad-market-coverage`, owner);
    expect(response.statusCode).toBe(200);
    const coverage = response.json() as TAdMarketCoverage;
    expect(coverage.anyFullCoverage).toBe(true);
    expect(coverage.markets.map((market) => [market.market, market.kind])).toEqual([
      ['IE', 'all_ads'],
      ['GB', 'uncertain'],
      ['US', 'political_only'],
    ]);
    expect(coverage.markets[2]!.message).toBe(
      "In the United States, Meta's API returns only political and issue ads: choose an EU market where this competitor advertises, or add ads by hand or CSV.",
    );
    expect(coverage.markets[1]!.message).toBe(ukMessage);
    expect(ukMessage).toContain('may return only political and issue ads');
  });

  it('refuses the signed out with 401 and another user or a bad id with 404', async () => {
    const brandId = await createBrand('Private Brand', ['IE']);
    expect((await inject('GET', `/api/brands/${brandId}/ad-market-coverage`, null)).statusCode).toBe(401);
    const hidden = await inject('GET', `/api/brands/${brandId}/ad-market-coverage`, stranger);
    expect(hidden.statusCode).toBe(404);
    expect((await inject('GET', '/api/brands/not-an-id/ad-market-coverage', owner)).statusCode).toBe(404);
  });
});

describe('a discovery that finds no ads says why', () => {
  it('blames the market where Meta returns only political ads, and keeps the issue ad it did return', async () => {
    const brandId = await createBrand('US Brand', ['US']);
    const competitorId = await addCompetitor(brandId, 'Shop Roasters', SHOP_PAGE);
    const task = await discover(competitorId);
    expect(task.status).toBe('completed');
    const ads = await target.database.db
      .select({ adId: adLibraryEntries.adId })
      .from(adLibraryEntries)
      .where(eq(adLibraryEntries.competitorId, competitorId));
    expect(ads.map((ad) => ad.adId)).toEqual(['us-issue']);

    const emptyId = await addCompetitor(brandId, 'Quiet Roasters', EMPTY_PAGE);
    const empty = await discover(emptyId);
    expect(empty.result?.competitors[0]).toMatchObject({
      status: 'done',
      read: 0,
      zeroAdsReason: 'market_coverage',
      zeroAdsMessage: zeroAdsMessage('Quiet Roasters', ['US']),
    });
    expect(empty.result?.competitors[0]?.zeroAdsMessage).toContain(
      "Meta's API returns only (or possibly only) political and issue ads",
    );
  });

  it('blames the page when a market with every ad found none', async () => {
    const brandId = await createBrand('EU Brand', ['IE', 'US']);
    const competitorId = await addCompetitor(brandId, 'Quiet Roasters', EMPTY_PAGE);
    const task = await discover(competitorId);
    expect(task.result?.competitors[0]).toMatchObject({
      zeroAdsReason: 'no_ads_in_covered_markets',
      zeroAdsMessage:
        "No ads found: Quiet Roasters's page ran no ads that reached Ireland in the past year (Meta's API returns every ad delivered there).",
    });
  });
});

describe('several markets and the richer fields', () => {
  let brandId: string;
  let competitorId: string;
  let ads: TAd[];
  beforeAll(async () => {
    brandId = await createBrand('Two Markets', ['IE', 'FR']);
    competitorId = await addCompetitor(brandId, 'Shop Roasters', SHOP_PAGE);
    graph.calls.length = 0;
    const task = await discover(competitorId);
    expect(task.status).toBe('completed');
    expect(task.result?.competitors[0]).toMatchObject({ added: 2, updated: 0, zeroAdsReason: null });
    ads = (await inject('GET', `/api/ad-library?brandId=${brandId}`, owner)).json() as TAd[];
  }, 90_000);

  it('searches each market once per media type', () => {
    const searched = graph.calls.map((call) => `${call.get('ad_reached_countries')} ${call.get('media_type')}`);
    expect(searched).toEqual([
      '["IE"] VIDEO',
      '["IE"] IMAGE',
      '["IE"] MEME',
      '["IE"] NONE',
      '["FR"] VIDEO',
      '["FR"] IMAGE',
      '["FR"] MEME',
      '["FR"] NONE',
    ]);
  });

  it('stores an ad seen in two markets once, with both markets', async () => {
    const rows = await target.database.db
      .select()
      .from(adLibraryEntries)
      .where(eq(adLibraryEntries.competitorId, competitorId));
    expect(rows.map((row) => [row.adId, row.metaReachedMarkets]).sort()).toEqual([
      ['both-1', ['FR', 'IE']],
      ['fr-only', ['FR']],
    ]);
    // a second run keeps the markets and adds no row
    const again = await discover(competitorId);
    expect(again.result?.competitors[0]).toMatchObject({ added: 0, updated: 2 });
    const after = await target.database.db
      .select()
      .from(adLibraryEntries)
      .where(eq(adLibraryEntries.competitorId, competitorId));
    expect(after).toHaveLength(2);
    expect(after.find((row) => row.adId === 'both-1')?.metaReachedMarkets).toEqual(['FR', 'IE']);
  });

  it('returns the new fields as Meta disclosed them, nothing estimated', () => {
    const video = ads.find((ad) => ad.adId === 'both-1')!;
    expect(video).toMatchObject({
      mediaType: 'video',
      creativeVersions: 3,
      publisherPlatforms: ['instagram'],
      languages: ['en', 'fr'],
      reach: 4200,
      reachedMarkets: ['FR', 'IE'],
      adLibraryUrl: 'https://www.facebook.com/ads/library/?id=both-1',
      beneficiaryPayers: [{ beneficiary: 'Shop Roasters Ltd', payer: 'Shop Roasters Ltd' }],
      targeting: {
        ages: ['25', '54'],
        gender: 'All',
        locations: [{ name: 'Ireland', type: 'countries', excluded: false }],
      },
      reachBreakdown: [
        { country: 'IE', ages: [{ ageRange: '25-34', male: 1200, female: 1500, unknown: 3 }] },
        { country: 'FR', ages: [{ ageRange: '18-24', male: 700, female: null, unknown: null }] },
      ],
    });
    const image = ads.find((ad) => ad.adId === 'fr-only')!;
    expect(image).toMatchObject({
      mediaType: 'image',
      creativeVersions: 1,
      reach: null,
      reachBreakdown: null,
      beneficiaryPayers: null,
      targeting: null,
    });
  });

  it('filters by media type and by where the ad ran, and refuses an unknown media type with 400', async () => {
    const videos = (await inject('GET', `/api/ad-library?brandId=${brandId}&mediaType=video`, owner)).json() as TAd[];
    expect(videos.map((ad) => ad.adId)).toEqual(['both-1']);
    const onFacebook = (
      await inject('GET', `/api/ad-library?brandId=${brandId}&publisherPlatform=facebook`, owner)
    ).json() as TAd[];
    expect(onFacebook.map((ad) => ad.adId)).toEqual(['fr-only']);
    const refused = await inject('GET', `/api/ad-library?brandId=${brandId}&mediaType=gif`, owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('Media type must be image, video, meme or none');
  });
});
