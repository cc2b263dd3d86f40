/**
 * Choosing a competitor's Facebook page: the pages a name search finds, with their ad counts; the
 * choice stored (an Ad Library link accepted); only that page's ads kept; and what users and
 * administrators are told when no token is configured.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adLibraryEntries, competitors, taskProgress, users } from '../../src/server/db/schema/index.ts';
import { pageIdNotResolvableMessage } from '../../src/shared/facebook-page-id.ts';
import { featureLimitMessage } from '../../src/shared/plans.ts';
import {
  noAdSourceAdminHint,
  noAdSourceMessage,
  noChosenPagesMessage,
  type TAdDiscoveryTask,
  type TFacebookPageCandidates,
} from '../../src/shared/schemas/ad-discovery.ts';
import { type MetaGraphDouble, ordinaryAd, startMetaGraphDouble } from '../doubles/meta-graph.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

const SHOP_PAGE = '4001001';
const OTHER_PAGE = '4002002';
const AD_LIBRARY_LINK = `https://www.facebook.com/ads/library/?active_status=all&ad_type=all&country=GB&view_all_page_id=${SHOP_PAGE}&search_type=page&media_type=all`;
let graph: MetaGraphDouble;
let target: WorkingTestApp;
let owner: string;
let stranger: string;
let ownerId: string;
let brandId: string;
let shop: string;

type Method = 'GET' | 'POST' | 'PUT';
const inject = (method: Method, url: string, cookie: string | null, payload?: object, app: TestApp = target) =>
  app.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const shopAd = (id: string) => ordinaryAd(id, { page_id: SHOP_PAGE, page_name: 'Spoke & Chain Cycles' });

beforeAll(async () => {
  graph = await startMetaGraphDouble();
  // A name search finds the shop's ads and another advertiser's ad that merely names it.
  graph.setAds('Spoke & Chain', [
    shopAd('shop-1'),
    ordinaryAd('other-1', {
      page_id: OTHER_PAGE,
      page_name: 'Wheel Deals',
      ad_creative_bodies: ['Cheaper than Spoke & Chain: 30% off tyres'],
    }),
    shopAd('shop-2'),
  ]);
  graph.setAds(SHOP_PAGE, [shopAd('shop-1'), shopAd('shop-2'), shopAd('shop-3')]);
  graph.setAds(OTHER_PAGE, [ordinaryAd('other-1')]);
  target = await createWorkingTestApp({
    env: { META_AD_LIBRARY_TOKEN: 'good-token', META_GRAPH_URL: graph.graphUrl },
  });
  owner = await target.signInAs('pages-owner@example.com');
  stranger = await target.signInAs('pages-stranger@example.com');
  await setPlan(target.database, 'pages-owner@example.com', 'smb');
  await setPlan(target.database, 'pages-stranger@example.com', 'smb');
  [{ id: ownerId }] = (await target.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'pages-owner@example.com'))) as [{ id: string }];
  const brand = await inject('POST', '/api/brands', owner, {
    name: 'Pedal Works',
    websiteUrl: 'https://pedal.example',
  });
  brandId = brand.json().id;
  [{ id: shop }] = (await target.database.db
    .insert(competitors)
    .values({ userId: ownerId, brandId, name: 'Spoke & Chain' })
    .returning({ id: competitors.id })) as [{ id: string }];
  // Stored by a name search before pages were chosen: another advertiser's ad.
  await target.database.db.insert(adLibraryEntries).values({
    competitorId: shop,
    userId: ownerId,
    platform: 'meta',
    source: 'meta',
    adId: 'legacy-other',
    pageId: OTHER_PAGE,
    pageName: 'Wheel Deals',
  });
  // Hand-entered ads stay whatever page is chosen.
  await target.database.db
    .insert(adLibraryEntries)
    .values({ competitorId: shop, userId: ownerId, platform: 'meta', source: 'manual', adText: 'Seen in town' });
}, 60_000);

afterAll(async () => {
  await target?.close();
  await graph?.close();
});

const adIdsOf = async (competitorId: string) =>
  (await target.database.db.select().from(adLibraryEntries).where(eq(adLibraryEntries.competitorId, competitorId)))
    .map((ad) => ad.adId)
    .sort();

describe("finding a competitor's Facebook page", () => {
  it('lists the pages a name search finds, with their ad counts, most first', async () => {
    graph.calls.length = 0;
    const response = await inject('GET', `/api/competitors/${shop}/facebook-pages`, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual<TFacebookPageCandidates>({
      competitorId: shop,
      searchedFor: 'Spoke & Chain',
      countries: ['GB'],
      adsRead: 3,
      capped: false,
      pages: [
        { pageId: SHOP_PAGE, pageName: 'Spoke & Chain Cycles', adCount: 2 },
        { pageId: OTHER_PAGE, pageName: 'Wheel Deals', adCount: 1 },
      ],
    });
    expect(graph.calls[0]!.get('search_terms')).toBe('Spoke & Chain');
    expect(await adIdsOf(shop)).toEqual(['legacy-other', null]);
  });

  it('offers the page choice instead of discovering by name', async () => {
    graph.calls.length = 0;
    const tasks = await target.database.db.select().from(taskProgress);
    const all = await inject('POST', `/api/brands/${brandId}/discover-all-ads`, owner);
    expect(all.statusCode).toBe(409);
    expect(all.json()).toEqual({ message: noChosenPagesMessage, code: 'conflict' });
    expect((await inject('POST', `/api/competitors/${shop}/discover-ads`, owner)).statusCode).toBe(409);
    expect(graph.calls).toEqual([]);
    expect(await target.database.db.select().from(taskProgress)).toHaveLength(tasks.length);
  });

  it('refuses the signed out with 401, and answers 404 for another user’s competitor or a bad id', async () => {
    expect((await inject('GET', `/api/competitors/${shop}/facebook-pages`, null)).statusCode).toBe(401);
    const choose = { facebookPageId: SHOP_PAGE };
    expect((await inject('PUT', `/api/competitors/${shop}/facebook-page`, null, choose)).statusCode).toBe(401);
    for (const response of [
      await inject('GET', `/api/competitors/${shop}/facebook-pages`, stranger),
      await inject('PUT', `/api/competitors/${shop}/facebook-page`, stranger, choose),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Competitor not found', code: 'not_found' });
    }
    expect((await inject('GET', '/api/competitors/nope/facebook-pages', owner)).statusCode).toBe(404);
    const [row] = await target.database.db.select().from(competitors).where(eq(competitors.id, shop));
    expect(row?.facebookPageId).toBeNull();
  });

  it('refuses what is not a page with a readable 400', async () => {
    const url = `/api/competitors/${shop}/facebook-page`;
    const vanity = await inject('PUT', url, owner, { facebookPageId: 'https://www.facebook.com/spokeandchain' });
    expect(vanity.statusCode).toBe(400);
    expect(vanity.json()).toEqual({ message: pageIdNotResolvableMessage, code: 'validation' });
    const oneAd = await inject('PUT', url, owner, {
      facebookPageId: 'https://www.facebook.com/ads/library/?id=123456',
    });
    expect(oneAd.json()).toEqual({ message: pageIdNotResolvableMessage, code: 'validation' });
    const none = await inject('PUT', url, owner, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: 'Choose a Facebook page', code: 'validation' });
  });

  it('refuses the free plan with 403 plan_feature', async () => {
    await setPlan(target.database, 'pages-owner@example.com', 'free');
    const found = await inject('GET', `/api/competitors/${shop}/facebook-pages`, owner);
    const chosen = await inject('PUT', `/api/competitors/${shop}/facebook-page`, owner, { facebookPageId: SHOP_PAGE });
    await setPlan(target.database, 'pages-owner@example.com', 'smb');
    for (const response of [found, chosen]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: featureLimitMessage('free', 'competitorTracking'),
        code: 'plan_feature',
      });
    }
  });

  it('stores the page chosen from its Ad Library link, and drops ads discovered from other pages', async () => {
    const response = await inject('PUT', `/api/competitors/${shop}/facebook-page`, owner, {
      facebookPageId: AD_LIBRARY_LINK,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: shop, facebookPageId: SHOP_PAGE, adCount: 1 });
    expect(await adIdsOf(shop)).toEqual([null]);
  });

  it("then discovers that page's ads only: the other advertiser's ad is never stored", async () => {
    graph.calls.length = 0;
    const started = await inject('POST', `/api/competitors/${shop}/discover-ads`, owner);
    expect(started.statusCode, started.body).toBe(202);
    const task = await waitFor(
      async () => (await inject('GET', `/api/ad-discovery/${started.json().id}`, owner)).json() as TAdDiscoveryTask,
      (current) => current.status === 'completed' || current.status === 'failed',
      { what: 'the discovery of the chosen page' },
    );
    expect(task.result?.competitors[0]).toMatchObject({ searchedBy: 'page_id', status: 'done', added: 3 });
    // one search per media type, each by the chosen page
    expect(graph.calls.map((call) => call.get('search_page_ids'))).toEqual(Array(4).fill(`["${SHOP_PAGE}"]`));
    expect(await adIdsOf(shop)).toEqual([null, 'shop-1', 'shop-2', 'shop-3']);
    const everywhere = await target.database.db.select().from(adLibraryEntries);
    expect(everywhere.filter((ad) => ad.adId === 'other-1' || ad.pageId === OTHER_PAGE)).toEqual([]);
    const library = await inject('GET', `/api/ad-library?brandId=${brandId}`, owner);
    expect(library.json().map((ad: { pageName: string | null }) => ad.pageName)).not.toContain('Wheel Deals');
  }, 60_000);

  it("drops the discovered ads of the old page when the competitor's page is changed in Edit", async () => {
    const edited = await inject('PUT', `/api/competitors/${shop}`, owner, {
      name: 'Spoke & Chain',
      facebookPageId: `https://www.facebook.com/ads/library/?view_all_page_id=${OTHER_PAGE}`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ facebookPageId: OTHER_PAGE, adCount: 1 });
    expect(await adIdsOf(shop)).toEqual([null]);
  });
});

describe('without a token', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ database: target.database, env: { META_GRAPH_URL: graph.graphUrl } });
  });
  afterAll(() => bare?.close());

  it('tells users what they can do instead, in their words, and starts nothing', async () => {
    const cookie = await bare.signInAs('pages-owner@example.com');
    const before = await target.database.db.select().from(taskProgress);
    for (const url of [`/api/competitors/${shop}/discover-ads`, `/api/brands/${brandId}/discover-all-ads`]) {
      const response = await inject('POST', url, cookie, undefined, bare);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: noAdSourceMessage, code: 'validation' });
    }
    expect(noAdSourceMessage).toBe("Automatic ad discovery isn't available yet: add ads by hand or import a CSV.");
    expect(await target.database.db.select().from(taskProgress)).toHaveLength(before.length);
    const sources = await inject('GET', '/api/ad-discovery/sources', cookie, undefined, bare);
    expect(sources.json()).toEqual({
      metaConfigured: false,
      connectedPlatforms: [],
      manualPlatforms: ['meta', 'google', 'tiktok', 'linkedin', 'twitter', 'youtube'],
      notConfiguredMessage: noAdSourceMessage,
      adminHint: null,
    });
    expect(sources.body).not.toContain('META_AD_LIBRARY_TOKEN');
    const pages = await inject('GET', `/api/competitors/${shop}/facebook-pages`, cookie, undefined, bare);
    expect(pages.statusCode).toBe(400);
    expect(pages.json()).toEqual({ message: noAdSourceMessage, code: 'validation' });
  });

  it('gives the configuration hint to administrators only', async () => {
    const admin = await bare.signInAs('admin@brandlens.local');
    const sources = (await inject('GET', '/api/ad-discovery/sources', admin, undefined, bare)).json();
    expect(sources).toMatchObject({ notConfiguredMessage: noAdSourceMessage, adminHint: noAdSourceAdminHint });
    expect(noAdSourceAdminHint).toMatch(/set META_AD_LIBRARY_TOKEN on the server/);
    const configured = (await inject('GET', '/api/ad-discovery/sources', admin)).json();
    expect(configured).toMatchObject({ metaConfigured: true, notConfiguredMessage: null, adminHint: null });
  });
});
