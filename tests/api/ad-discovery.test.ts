import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adLibraryEntries, brands, competitors, taskProgress, users } from '../../src/server/db/schema/index.ts';
import {
  adsDueLandingPageCheck,
  queueLandingPageChecks,
} from '../../src/server/features/ad-discovery/check-landing-pages.ts';
import { TOKEN_INVALID_MESSAGE } from '../../src/server/integrations/meta-ad-library/fetch-ads-archive.ts';
import { recheckLandingPages } from '../../src/server/jobs/definitions/recheck-landing-pages.ts';
import { featureLimitMessage } from '../../src/shared/plans.ts';
import {
  adDiscoveryRunningMessage,
  choosePageFirstMessage,
  needsPageOutcomeMessage,
  noCompetitorsMessage,
  type TAdDiscoveryTask,
} from '../../src/shared/schemas/ad-discovery.ts';
import { type MetaGraphDouble, manyAds, ordinaryAd, politicalAd, startMetaGraphDouble } from '../doubles/meta-graph.ts';
import type { TestApp } from '../helpers/app.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

const PAGE_ID = '1234567890';
let graph: MetaGraphDouble;
let target: WorkingTestApp;
let owner: string;
let stranger: string;
let ownerId: string;
let brandId: string;
let emptyBrandId: string;
let byPage: string;
let byName: string;
let small: string;

type Method = 'GET' | 'POST';
const inject = (method: Method, url: string, cookie: string | null, app: TestApp = target) =>
  app.app.inject({ method, url, headers: cookie ? { cookie } : {} });

async function createBrand(cookie: string, name: string) {
  const created = await target.app.inject({
    method: 'POST',
    url: '/api/brands',
    headers: { cookie },
    payload: { name, websiteUrl: 'https://example.com' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

async function addCompetitor(userId: string, brand: string, name: string, facebookPageId: string | null = null) {
  const [row] = await target.database.db
    .insert(competitors)
    .values({ userId, brandId: brand, name, facebookPageId })
    .returning();
  return row!.id;
}

async function finished(cookie: string, taskId: string): Promise<TAdDiscoveryTask> {
  return waitFor(
    async () => (await inject('GET', `/api/ad-discovery/${taskId}`, cookie)).json() as TAdDiscoveryTask,
    (task) => task.status === 'completed' || task.status === 'failed',
    { what: 'the ad discovery to finish', timeoutMs: 60_000 },
  );
}

async function discover(url: string, cookie = owner): Promise<TAdDiscoveryTask> {
  const started = await inject('POST', url, cookie);
  expect(started.statusCode, started.body).toBe(202);
  return finished(cookie, started.json().id);
}

const adsOf = (competitorId: string) =>
  target.database.db.select().from(adLibraryEntries).where(eq(adLibraryEntries.competitorId, competitorId));

beforeAll(async () => {
  graph = await startMetaGraphDouble();
  graph.setAds(PAGE_ID, [
    politicalAd('p-1'),
    ordinaryAd('o-1', { ad_delivery_start_time: '2025-03-01' }),
    ...manyAds(298, 'bulk-'),
  ]);
  graph.setAds('Contoso Cafe', [ordinaryAd('c-1', { page_name: 'Contoso Cafe' })]);
  graph.setAds('888888', [ordinaryAd('sm-1')]);
  target = await createWorkingTestApp({
    env: { META_AD_LIBRARY_TOKEN: 'good-token', META_GRAPH_URL: graph.graphUrl, CRAWLER_ALLOW_LOOPBACK: 'true' },
  });
  owner = await target.signInAs('ads-owner@example.com');
  stranger = await target.signInAs('ads-stranger@example.com');
  await setPlan(target.database, 'ads-owner@example.com', 'agency');
  await setPlan(target.database, 'ads-stranger@example.com', 'smb');
  [{ id: ownerId }] = (await target.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'ads-owner@example.com'))) as [{ id: string }];
  brandId = await createBrand(owner, 'Northwind');
  emptyBrandId = await createBrand(owner, 'Empty Brand');
  await target.database.db
    .update(brands)
    .set({ adMarket: 'IE', adMarkets: ['IE'] })
    .where(eq(brands.id, brandId));
  byPage = await addCompetitor(ownerId, brandId, 'Fabrikam Coffee', PAGE_ID);
  byName = await addCompetitor(ownerId, brandId, 'Contoso Cafe');
}, 60_000);

/** A competitor with one ad on its page, added after the brand-wide run. */
async function smallCompetitor() {
  small ??= await addCompetitor(ownerId, brandId, 'Small Roasters', '888888');
  return small;
}

afterAll(async () => {
  await target?.close();
  await graph?.close();
});

describe('who may discover', () => {
  it('refuses the signed out with 401 on every route', async () => {
    for (const [method, url] of [
      ['POST', `/api/competitors/${byPage}/discover-ads`],
      ['POST', `/api/brands/${brandId}/discover-all-ads`],
      ['GET', '/api/ad-discovery/active'],
      ['GET', '/api/ad-discovery/sources'],
      ['GET', `/api/ad-discovery/${crypto.randomUUID()}`],
    ] as const) {
      expect((await inject(method, url, null)).statusCode, url).toBe(401);
    }
  });

  it("answers 404 for another user's competitor, brand or task, and for ids that are not ids", async () => {
    expect((await inject('POST', `/api/competitors/${byPage}/discover-ads`, stranger)).json()).toEqual({
      message: 'Competitor not found',
      code: 'not_found',
    });
    expect((await inject('POST', `/api/brands/${brandId}/discover-all-ads`, stranger)).statusCode).toBe(404);
    expect((await inject('POST', '/api/competitors/not-an-id/discover-ads', owner)).statusCode).toBe(404);
    expect((await inject('GET', '/api/ad-discovery/not-an-id', owner)).statusCode).toBe(404);
  });

  it('refuses the free plan with 403 plan_feature', async () => {
    await setPlan(target.database, 'ads-owner@example.com', 'free');
    const response = await inject('POST', `/api/competitors/${byPage}/discover-ads`, owner);
    const batch = await inject('POST', `/api/brands/${brandId}/discover-all-ads`, owner);
    await setPlan(target.database, 'ads-owner@example.com', 'agency');
    for (const refused of [response, batch]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: featureLimitMessage('free', 'competitorTracking'),
        code: 'plan_feature',
      });
    }
  });

  it('needs at least one competitor for Auto-Discover All', async () => {
    const response = await inject('POST', `/api/brands/${emptyBrandId}/discover-all-ads`, owner);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: noCompetitorsMessage, code: 'validation' });
  });

  it('allows one ad discovery at a time per user: 409 for a second', async () => {
    const [running] = await target.database.db
      .insert(taskProgress)
      .values({
        userId: ownerId,
        kind: 'ad-discovery:brand',
        subjectId: brandId,
        status: 'running',
        stage: 'Searching',
      })
      .returning();
    const response = await inject('POST', `/api/competitors/${byPage}/discover-ads`, owner);
    const active = (await inject('GET', '/api/ad-discovery/active', owner)).json();
    await target.database.db.delete(taskProgress).where(eq(taskProgress.id, running!.id));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: adDiscoveryRunningMessage, code: 'conflict' });
    expect(active.task).toMatchObject({ id: running!.id, kind: 'ad-discovery:brand', brandId, status: 'running' });
    expect((await inject('GET', '/api/ad-discovery/active', owner)).json()).toEqual({ task: null });
  });
});

describe('discovering all of a brand', () => {
  let task: TAdDiscoveryTask;
  beforeAll(async () => {
    graph.calls.length = 0;
    task = await discover(`/api/brands/${brandId}/discover-all-ads`);
  }, 90_000);

  it('completes with what each competitor added, and searches none without a chosen page', () => {
    expect(task).toMatchObject({ status: 'completed', percent: 100, kind: 'ad-discovery:brand', brandId, error: null });
    expect(task.result).toMatchObject({
      brandId,
      added: 300,
      updated: 0,
      failed: 0,
      capPerCompetitor: 1000,
      countries: ['IE'],
    });
    expect(task.result?.competitors).toEqual([
      expect.objectContaining({
        competitorId: byPage,
        searchedBy: 'page_id',
        status: 'done',
        read: 300,
        added: 300,
        capped: false,
      }),
      expect.objectContaining({
        competitorId: byName,
        searchedBy: null,
        status: 'needs_page',
        read: 0,
        added: 0,
        error: needsPageOutcomeMessage,
      }),
    ]);
    expect(task.message).toBe(
      'Found 300 ads: 300 new, 0 updated. 1 competitor was not searched: choose its Facebook page first.',
    );
  });

  it('hides the task from another user: 404', async () => {
    const response = await inject('GET', `/api/ad-discovery/${task.id}`, stranger);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Task not found', code: 'not_found' });
    expect((await inject('GET', '/api/ad-discovery/active', stranger)).json()).toEqual({ task: null });
  });

  it('searched by page id only, in the brand market, following the pages', async () => {
    const pageCalls = graph.calls.filter((call) => call.get('search_page_ids'));
    // one search per media type; the ads are images (the double's default), two pages of them
    expect(pageCalls.map((call) => [call.get('media_type'), call.get('after')])).toEqual([
      ['VIDEO', null],
      ['IMAGE', null],
      ['IMAGE', '250'],
      ['MEME', null],
      ['NONE', null],
    ]);
    expect(pageCalls[0]!.get('search_page_ids')).toBe(`["${PAGE_ID}"]`);
    expect(graph.calls.filter((call) => call.get('search_terms'))).toEqual([]);
    expect(await adsOf(byName)).toEqual([]);
    for (const call of graph.calls) {
      expect(call.get('ad_reached_countries')).toBe('["IE"]');
      expect(call.get('ad_active_status')).toBe('ALL');
    }
  });

  it('stores ranges only where Meta discloses them, under the owner', async () => {
    const ads = await adsOf(byPage);
    expect(ads).toHaveLength(300);
    const political = ads.find((ad) => ad.adId === 'p-1')!;
    expect(political).toMatchObject({
      userId: ownerId,
      source: 'meta',
      platform: 'meta',
      spend: '100-199',
      spendCurrency: 'GBP',
      impressions: '1000-4999',
      reach: 3120,
      isActive: false,
      landingPageUrl: null,
    });
    const ordinary = ads.find((ad) => ad.adId === 'o-1')!;
    expect(ordinary).toMatchObject({ spend: null, impressions: null, reach: null, targeting: null, isActive: true });
    expect(ordinary.firstSeenAt?.toISOString()).toBe('2025-03-01T00:00:00.000Z');
  });

  it('adds no duplicates when run again, keeps first seen, and updates the rest', async () => {
    await target.database.db
      .update(adLibraryEntries)
      .set({ firstSeenAt: new Date('2024-12-01T00:00:00Z'), lastSeenAt: new Date('2024-12-02T00:00:00Z') })
      .where(and(eq(adLibraryEntries.competitorId, byPage), eq(adLibraryEntries.adId, 'o-1')));
    const again = await discover(`/api/competitors/${byPage}/discover-ads`);
    expect(again).toMatchObject({
      status: 'completed',
      kind: 'ad-discovery:competitor',
      competitorId: byPage,
      brandId,
    });
    expect(again.result).toMatchObject({ added: 0, updated: 300 });
    const ads = await adsOf(byPage);
    expect(ads).toHaveLength(300);
    const ordinary = ads.find((ad) => ad.adId === 'o-1')!;
    expect(ordinary.firstSeenAt?.toISOString()).toBe('2024-12-01T00:00:00.000Z');
    expect(ordinary.lastSeenAt!.getTime()).toBeGreaterThan(new Date('2025-01-01').getTime());
  }, 90_000);
});

describe('a competitor without a chosen page', () => {
  it('is not searched by name: the start answers 409 with what to do', async () => {
    graph.calls.length = 0;
    const response = await inject('POST', `/api/competitors/${byName}/discover-ads`, owner);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: choosePageFirstMessage('Contoso Cafe'), code: 'conflict' });
    expect(graph.calls).toEqual([]);
  });
});

describe('when Meta misbehaves', () => {
  it('waits out a rate limit and carries on', async () => {
    const competitorId = await smallCompetitor();
    graph.calls.length = 0;
    graph.rateLimitOnce(613);
    const task = await discover(`/api/competitors/${competitorId}/discover-ads`);
    expect(task.status).toBe('completed');
    // the refused call again, then the other media types
    expect(graph.calls).toHaveLength(5);
  }, 60_000);

  it('fails a malformed page with a readable reason and stores nothing of it', async () => {
    const bulky = await addCompetitor(ownerId, brandId, 'Bulky Beans', '777');
    graph.setAds('777', manyAds(400, 'bulky-'));
    graph.malformedOnce('truncated', 2);
    const task = await discover(`/api/competitors/${bulky}/discover-ads`);
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/not complete JSON/);
    expect(task.result?.competitors[0]).toMatchObject({ status: 'failed', read: 250, added: 250 });
    expect(await adsOf(bulky)).toHaveLength(250);
  }, 60_000);

  it('stops on an expired token with what to do', async () => {
    graph.setTokenExpired(true);
    const task = await discover(`/api/brands/${brandId}/discover-all-ads`).finally(() => graph.setTokenExpired(false));
    expect(task.status).toBe('failed');
    expect(task.error).toBe(TOKEN_INVALID_MESSAGE);
    expect(task.error).not.toMatch(/META_AD_LIBRARY_TOKEN/);
    expect(task.result?.competitors).toHaveLength(1);
  }, 60_000);
});

describe('landing pages', () => {
  it('reads the landing page of an ad added by hand through the API', async () => {
    graph.setPage('menu', '<title>Fabrikam | Menu</title><a class="button" href="/order">Order online</a>');
    const created = await target.app.inject({
      method: 'POST',
      url: '/api/ad-library',
      headers: { cookie: owner },
      payload: {
        competitorId: byPage,
        platform: 'google',
        adText: 'Fresh beans, roasted on Monday.',
        landingPageUrl: `${graph.origin}/pages/menu`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [checked] = await waitFor(
      () => target.database.db.select().from(adLibraryEntries).where(eq(adLibraryEntries.id, created.json().id)),
      ([row]) => Boolean(row?.landingPageCheckedAt),
      { what: 'the landing page check of the hand-added ad' },
    );
    expect(checked).toMatchObject({ landingPageTitle: 'Fabrikam | Menu', landingPageCta: 'Order online' });
  }, 60_000);

  it('records the title and main call to action of a page on loopback', async () => {
    graph.setPage(
      'shop',
      '<title>Fabrikam | Beans</title><nav><button>Menu</button></nav><a class="btn btn-primary" href="/buy">Shop now</a>',
    );
    const [ad] = await target.database.db
      .insert(adLibraryEntries)
      .values({
        competitorId: byPage,
        userId: ownerId,
        platform: 'google',
        landingPageUrl: `${graph.origin}/pages/shop`,
      })
      .returning();
    await queueLandingPageChecks({ queue: target.queue }, [ad!.id]);
    const [checked] = await waitFor(
      () => target.database.db.select().from(adLibraryEntries).where(eq(adLibraryEntries.id, ad!.id)),
      ([row]) => Boolean(row?.landingPageCheckedAt),
      { what: 'the landing page check' },
    );
    expect(checked).toMatchObject({ landingPageTitle: 'Fabrikam | Beans', landingPageCta: 'Shop now' });

    // Checked again by the daily job once 7 days have passed, and not before.
    graph.setPage('shop', '<title>Fabrikam | Sale</title><button class="cta">Book a tasting</button>');
    const checkedAt = checked!.landingPageCheckedAt!;
    expect(await adsDueLandingPageCheck(target.database.db, 100)).not.toContain(ad!.id);
    await target.database.db
      .update(adLibraryEntries)
      .set({ landingPageCheckedAt: new Date(checkedAt.getTime() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(adLibraryEntries.id, ad!.id));
    await target.queue.send(recheckLandingPages, {});
    const [rechecked] = await waitFor(
      () => target.database.db.select().from(adLibraryEntries).where(eq(adLibraryEntries.id, ad!.id)),
      ([row]) => row?.landingPageTitle === 'Fabrikam | Sale',
      { what: 'the weekly landing page check' },
    );
    expect(rechecked?.landingPageCta).toBe('Book a tasting');
  }, 60_000);
});
