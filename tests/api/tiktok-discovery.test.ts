/**
 * TikTok ad discovery through the API, against the loopback double of TikTok's Commercial Content
 * API: choosing a competitor's advertiser, paging through its ads, storing them once, TikTok's
 * errors, rate limits and daily quota, a server without credentials, and the client secret and
 * access tokens kept out of every answer, row and log line.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adLibraryEntries, brands, competitors, tiktokApiUsage, users } from '../../src/server/db/schema/index.ts';
import { tiktokAdLibraryUrl } from '../../src/server/integrations/tiktok-ad-library/tiktok-ads.ts';
import { QUOTA_MESSAGE } from '../../src/server/integrations/tiktok-ad-library/tiktok-request.ts';
import {
  chooseTikTokAdvertiserFirstMessage,
  type TTikTokDiscoveryTask,
  tiktokAdminHint,
  tiktokCoverageMessage,
  tiktokNotAvailableMessage,
} from '../../src/shared/schemas/tiktok-ads.ts';
import {
  startTikTokApiDouble,
  TIKTOK_CLIENT_KEY,
  TIKTOK_CLIENT_SECRET,
  type TikTokApiDouble,
  tiktokAd,
} from '../doubles/tiktok-api.ts';
import { capturedLogs, createTestApp, type TestApp } from '../helpers/app.ts';
import { pinClock, unpinClock } from '../helpers/clock.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { pdfWorkspace, popplerPresent } from '../helpers/pdf.ts';
import { setPlan } from '../helpers/seed.ts';

// Days counted from today: the clock is set (noon UTC, moving on from there) so they hold at any hour.
pinClock();
afterAll(() => unpinClock());

const BUSINESS = '7301234567890123456';
const OTHER_BUSINESS = '7309999999999999999';
const logs = capturedLogs();
const pdfs = pdfWorkspace('tiktok-pdf-');
const answers: string[] = [];
let api: TikTokApiDouble;
let target: WorkingTestApp;
let owner: string;
let stranger: string;
let ownerId: string;
let brandId: string;
let fabrikam: string;
let noAdvertiser: string;

type Method = 'GET' | 'POST' | 'PUT';
async function call(method: Method, url: string, cookie: string | null, payload?: object, app: TestApp = target) {
  const response = await app.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
  answers.push(`${method} ${url} ${response.statusCode} ${JSON.stringify(response.headers)} ${response.body}`);
  return response;
}

async function discover(competitorId: string): Promise<TTikTokDiscoveryTask> {
  const started = await call('POST', `/api/competitors/${competitorId}/discover-tiktok-ads`, owner);
  expect(started.statusCode, started.body).toBe(202);
  return waitFor(
    async () => (await call('GET', `/api/tiktok-discovery/${started.json().id}`, owner)).json() as TTikTokDiscoveryTask,
    (task) => task.status === 'completed' || task.status === 'failed',
    { what: 'the TikTok discovery to finish', timeoutMs: 60_000 },
  );
}

const tiktokAdsOf = async (competitorId: string) =>
  target.database.db.select().from(adLibraryEntries).where(eq(adLibraryEntries.competitorId, competitorId));
const adQueries = () => api.calls.filter((entry) => entry.path === '/v2/research/adlib/ad/query/');

beforeAll(async () => {
  api = await startTikTokApiDouble();
  api.setAdvertisers([
    { business_id: BUSINESS, business_name: 'Fabrikam Coffee BV', country_code: 'FR' },
    { business_id: OTHER_BUSINESS, business_name: 'Fabrikam Tools', country_code: 'DE' },
  ]);
  const ads = Array.from({ length: 120 }, (_, index) =>
    tiktokAd(`74000000000000${String(index).padStart(5, '0')}`, index % 3 === 0 ? { status: 'inactive' } : {}),
  );
  api.setAds(BUSINESS, ads);
  api.setAds(OTHER_BUSINESS, [tiktokAd('7500000000000000001')]);
  target = await createWorkingTestApp({
    env: {
      TIKTOK_API_URL: api.apiUrl,
      TIKTOK_CLIENT_KEY,
      TIKTOK_CLIENT_SECRET,
      CRAWLER_ALLOW_LOOPBACK: 'true',
    },
    logStream: logs,
  });
  owner = await target.signInAs('tiktok-owner@example.com');
  stranger = await target.signInAs('tiktok-stranger@example.com');
  await setPlan(target.database, 'tiktok-owner@example.com', 'agency');
  await setPlan(target.database, 'tiktok-stranger@example.com', 'agency');
  [{ id: ownerId }] = (await target.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'tiktok-owner@example.com'))) as [{ id: string }];
  const created = await call('POST', '/api/brands', owner, { name: 'Northwind', websiteUrl: 'https://example.com' });
  brandId = created.json().id;
  await target.database.db.update(brands).set({ adMarket: 'FR' }).where(eq(brands.id, brandId));
  const add = async (name: string) =>
    (await target.database.db.insert(competitors).values({ userId: ownerId, brandId, name }).returning())[0]!.id;
  fabrikam = await add('Fabrikam');
  noAdvertiser = await add('Contoso');
}, 60_000);

afterAll(async () => {
  await target?.close();
  await api?.close();
  pdfs.remove();
});

describe('who may use TikTok discovery', () => {
  it('refuses the signed out with 401 on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/tiktok-ads/source'],
      ['GET', `/api/competitors/${fabrikam}/tiktok-advertisers`],
      ['PUT', `/api/competitors/${fabrikam}/tiktok-advertiser`],
      ['POST', `/api/competitors/${fabrikam}/discover-tiktok-ads`],
      ['GET', `/api/tiktok-discovery/${crypto.randomUUID()}`],
    ] as const) {
      expect(
        (await call(method, url, null, method === 'PUT' ? { businessId: BUSINESS } : undefined)).statusCode,
        url,
      ).toBe(401);
    }
  });

  it("answers 404 for another user's competitor and task", async () => {
    expect((await call('GET', `/api/competitors/${fabrikam}/tiktok-advertisers`, stranger)).statusCode).toBe(404);
    const chosen = await call('PUT', `/api/competitors/${fabrikam}/tiktok-advertiser`, stranger, {
      businessId: BUSINESS,
    });
    expect(chosen.json()).toEqual({ message: 'Competitor not found', code: 'not_found' });
    expect((await call('POST', `/api/competitors/${fabrikam}/discover-tiktok-ads`, stranger)).statusCode).toBe(404);
  });
});

describe('ad discovery when TikTok is connected and Meta is not', () => {
  it('says Meta discovery is unavailable, not that automatic discovery is, and lists TikTok as automatic', async () => {
    const sources = (await call('GET', '/api/ad-discovery/sources', owner)).json();
    expect(sources).toMatchObject({ metaConfigured: false, connectedPlatforms: ['tiktok'], adminHint: null });
    expect(sources.notConfiguredMessage).toBe(
      "Meta ad discovery isn't available on this server: add Meta ads by hand or import a CSV. TikTok ads are still discovered automatically, in TikTok Ads.",
    );
    const refused = await call('POST', `/api/competitors/${fabrikam}/discover-ads`, owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(sources.notConfiguredMessage);
  });
});

describe('choosing the advertiser', () => {
  it('says what the library covers', async () => {
    const source = (await call('GET', '/api/tiktok-ads/source', owner)).json();
    expect(source).toEqual({
      configured: true,
      coverage: tiktokCoverageMessage,
      notConfiguredMessage: null,
      adminHint: null,
    });
  });

  it("lists advertisers by the competitor's name, or by the words given", async () => {
    const byName = await call('GET', `/api/competitors/${fabrikam}/tiktok-advertisers`, owner);
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json()).toEqual({
      searchTerm: 'Fabrikam',
      advertisers: [
        { businessId: BUSINESS, businessName: 'Fabrikam Coffee BV', countryCode: 'FR' },
        { businessId: OTHER_BUSINESS, businessName: 'Fabrikam Tools', countryCode: 'DE' },
      ],
    });
    const byWords = await call('GET', `/api/competitors/${fabrikam}/tiktok-advertisers?q=tools`, owner);
    expect(byWords.json().advertisers).toHaveLength(1);
    const tooLong = await call('GET', `/api/competitors/${fabrikam}/tiktok-advertisers?q=${'x'.repeat(51)}`, owner);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/at most 50 characters/);
  });

  it('refuses a business id that is not a number with 400', async () => {
    const reply = await call('PUT', `/api/competitors/${fabrikam}/tiktok-advertiser`, owner, {
      businessId: 'fabrikam',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/TikTok business id is a number/);
  });

  it('asks for the advertiser before a discovery (409)', async () => {
    const reply = await call('POST', `/api/competitors/${noAdvertiser}/discover-tiktok-ads`, owner);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toBe(chooseTikTokAdvertiserFirstMessage('Contoso'));
  });

  it('stores the chosen advertiser on the competitor', async () => {
    const reply = await call('PUT', `/api/competitors/${fabrikam}/tiktok-advertiser`, owner, {
      businessId: OTHER_BUSINESS,
      businessName: 'Fabrikam Tools',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ tiktokBusinessId: OTHER_BUSINESS, tiktokBusinessName: 'Fabrikam Tools' });
  });

  it('refuses an advertiser name with a control character or a line break with 400, storing nothing', async () => {
    // NUL, BEL, ESC, DEL, two C1 controls, and the line breaks and tab a one-line name never holds
    for (const character of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f', '\n', '\r', '\t']) {
      const reply = await call('PUT', `/api/competitors/${fabrikam}/tiktok-advertiser`, owner, {
        businessId: BUSINESS,
        businessName: `Fabrikam${character}Coffee`,
      });
      expect(reply.statusCode, JSON.stringify(character)).toBe(400);
      expect(reply.json()).toEqual({ message: 'Advertiser name contains a control character', code: 'validation' });
    }
    const [stored] = await target.database.db
      .select({ id: competitors.tiktokBusinessId, name: competitors.tiktokBusinessName })
      .from(competitors)
      .where(eq(competitors.id, fabrikam));
    expect(stored).toEqual({ id: OTHER_BUSINESS, name: 'Fabrikam Tools' });
  });

  it('refuses a search with a control character with 400, before asking TikTok', async () => {
    const searches = api.calls.length;
    for (const character of ['\u0000', '\u001b', '\n']) {
      const url = `/api/competitors/${fabrikam}/tiktok-advertisers?q=${encodeURIComponent(`Fabrikam${character}`)}`;
      const reply = await call('GET', url, owner);
      expect(reply.statusCode, JSON.stringify(character)).toBe(400);
      expect(reply.json()).toEqual({ message: 'Search contains a control character', code: 'validation' });
    }
    expect(api.calls.length).toBe(searches);
  });
});

describe('discovery', () => {
  it("stores the advertiser's ads; choosing another advertiser removes them", async () => {
    const task = await discover(fabrikam);
    expect(task.status, task.error ?? '').toBe('completed');
    expect((await tiktokAdsOf(fabrikam)).map((ad) => ad.adId)).toEqual(['7500000000000000001']);
    await call('PUT', `/api/competitors/${fabrikam}/tiktok-advertiser`, owner, {
      businessId: BUSINESS,
      businessName: 'Fabrikam Coffee BV',
    });
    expect(await tiktokAdsOf(fabrikam)).toEqual([]);
  });

  it('reads every page (search_id while has_more) and stores each ad once, as TikTok states it', async () => {
    api.calls.length = 0;
    const task = await discover(fabrikam);
    expect(task.status, task.error ?? '').toBe('completed');
    expect(task.result).toMatchObject({ read: 120, added: 120, updated: 0, capped: false });
    expect(task.message).toBe('Found 120 TikTok ads: 120 new, 0 updated.');
    const queries = adQueries();
    expect(queries).toHaveLength(3);
    expect(queries[0]!.body).not.toContain('search_id');
    expect(queries[1]!.body).toContain('"search_id"');
    expect(queries[0]!.body).toContain(`"advertiser_business_ids":[${BUSINESS}]`);
    expect(queries[0]!.body).toContain('"country_code":"FR"');
    const stored = await tiktokAdsOf(fabrikam);
    expect(stored).toHaveLength(120);
    const active = stored.find((ad) => ad.adId === '7400000000000000001')!;
    expect(active).toMatchObject({
      platform: 'tiktok',
      source: 'tiktok',
      isActive: true,
      firstSeenAt: new Date('2026-09-01T12:00:00Z'),
      reach: null,
      reachAsStated: '11K',
      spend: null,
      impressions: null,
      adText: null,
      pageId: BUSINESS,
      pageName: 'Fabrikam Coffee BV',
      adLibraryUrl: tiktokAdLibraryUrl('7400000000000000001'),
      adType: 'video',
    });
    expect(active.videoUrl).toContain('/video/7400000000000000001.mp4');
    const stopped = stored.find((ad) => ad.adId === '7400000000000000000')!;
    expect(stopped).toMatchObject({ isActive: false, lastSeenAt: new Date('2026-11-20T12:00:00Z') });
  });

  it('tells the person in the bell that it finished', async () => {
    const list = (await call('GET', '/api/notifications', owner)).json();
    expect(list.notifications).toContainEqual(
      expect.objectContaining({ title: 'TikTok ad discovery for Fabrikam finished', body: '120 new ads added.' }),
    );
  });

  it('adds nothing when run again: the same ads are updated', async () => {
    const task = await discover(fabrikam);
    expect(task.result).toMatchObject({ read: 120, added: 0, updated: 120 });
    const [{ value }] = (await target.database.db
      .select({ value: count() })
      .from(adLibraryEntries)
      .where(eq(adLibraryEntries.competitorId, fabrikam))) as [{ value: number }];
    expect(value).toBe(120);
  });

  it('waits what Retry-After asks on a 429 and a moment on a 5xx, then finishes', async () => {
    api.rateLimitOnce(1);
    api.failOnce(503);
    const task = await discover(fabrikam);
    expect(task.status, task.error ?? '').toBe('completed');
    expect(task.result?.read).toBe(120);
  });

  it('fails with TikTok log id when TikTok refuses the search', async () => {
    api.failOnce(400);
    const task = await discover(fabrikam);
    expect(task.status).toBe('failed');
    expect(task.error).toMatch(/^TikTok refused the search \(TikTok log id \w+\)\./);
  });

  it("stops on TikTok's daily quota, and before TikTok when the server's count is spent", async () => {
    api.setDailyQuota(0);
    const refused = await discover(fabrikam);
    api.setDailyQuota(null);
    expect(refused.status).toBe('failed');
    expect(refused.error).toBe(QUOTA_MESSAGE);

    const today = new Date().toISOString().slice(0, 10);
    await target.database.db
      .insert(tiktokApiUsage)
      .values({ day: today, requests: 1000 })
      .onConflictDoUpdate({ target: tiktokApiUsage.day, set: { requests: 1000 } });
    api.calls.length = 0;
    const counted = await discover(fabrikam);
    expect(counted.error).toBe(QUOTA_MESSAGE);
    expect(adQueries()).toHaveLength(0);
    await target.database.db.delete(tiktokApiUsage);
  });

  it('counts every request to TikTok against the day', async () => {
    api.calls.length = 0;
    await discover(fabrikam);
    const [usage] = await target.database.db.select().from(tiktokApiUsage);
    expect(usage?.requests).toBe(adQueries().length);
  });
});

describe('the competitive analysis', () => {
  it('lists the TikTok ads of the period in the report and its PDF, each linked to its TikTok page', async () => {
    const created = await call('POST', '/api/competitor-reports', owner, { brandId, reportPeriod: 'monthly' });
    expect(created.statusCode, created.body).toBe(201);
    const report = created.json();
    expect(report.tiktokAdsTotal).toBe(120);
    expect(report.tiktokAds).toHaveLength(25);
    expect(report.tiktokAds[0]).toMatchObject({ competitorName: 'Fabrikam', reachAsStated: '11K' });
    expect(report.tiktokAds[0].link).toMatch(/^https:\/\/library\.tiktok\.com\/ads\/detail\/\?ad_id=\d+$/);
    expect(report.adTrends.byPlatform).toContainEqual(expect.objectContaining({ key: 'tiktok', count: 120 }));
    const pdf = await call('POST', '/api/competitors/pdf', owner, { brandId });
    expect(pdf.statusCode).toBe(200);
    const { text } = pdfs.inspect('competitive', pdf.rawPayload);
    expect(pdf.rawPayload.toString('latin1')).toContain('library.tiktok.com/ads/detail/?ad_id=');
    if (popplerPresent) {
      expect(text).toContain('TikTok ads');
      expect(text).toContain('120 TikTok ads ran in the period (the 25 newest listed)');
      expect(text).toContain('TikTok ad 74000000000000');
    }
  });
});

describe('a server without TikTok credentials', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ database: target.database });
  });
  afterAll(() => bare.close());

  it('says discovery is not available here, and tells only administrators what to set', async () => {
    const user = await bare.signInAs('tiktok-owner@example.com');
    const admin = await bare.signInAs('admin@brandlens.local');
    expect((await call('GET', '/api/tiktok-ads/source', user, undefined, bare)).json()).toMatchObject({
      configured: false,
      notConfiguredMessage: tiktokNotAvailableMessage,
      adminHint: null,
    });
    expect((await call('GET', '/api/tiktok-ads/source', admin, undefined, bare)).json().adminHint).toBe(
      tiktokAdminHint,
    );
    expect(tiktokAdminHint).toContain('TIKTOK_CLIENT_KEY');
    const started = await call('POST', `/api/competitors/${fabrikam}/discover-tiktok-ads`, user, undefined, bare);
    expect(started.statusCode).toBe(503);
    expect(started.json().message).toBe(tiktokNotAvailableMessage);
    const search = await call('GET', `/api/competitors/${fabrikam}/tiktok-advertisers`, user, undefined, bare);
    expect(search.statusCode).toBe(503);
  });
});

describe('the client secret and access tokens stay on the server', () => {
  const secrets = () => [TIKTOK_CLIENT_SECRET, TIKTOK_CLIENT_KEY, ...api.issuedTokens];

  it('are in no API answer', () => {
    expect(api.issuedTokens.length).toBeGreaterThan(0);
    for (const answer of answers) for (const secret of secrets()) expect(answer).not.toContain(secret);
  });

  it('are in no row of any table', async () => {
    const { rows: columns } = (await target.database.executeSql(
      `SELECT table_schema, table_name, column_name FROM information_schema.columns
       WHERE data_type IN ('text', 'character varying', 'jsonb', 'json', 'character')
         AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    )) as { rows: Array<{ table_schema: string; table_name: string; column_name: string }> };
    const found: string[] = [];
    for (const { table_schema, table_name, column_name } of columns) {
      for (const secret of secrets()) {
        const { rows } = (await target.database.executeSql(
          `SELECT count(*)::int AS n FROM "${table_schema}"."${table_name}" WHERE "${column_name}"::text LIKE $1`,
          [`%${secret}%`],
        )) as { rows: Array<{ n: number }> };
        if (rows[0]!.n > 0) found.push(`${table_schema}.${table_name}.${column_name}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('are in no log line', () => {
    expect(logs.lines.length).toBeGreaterThan(0);
    for (const secret of secrets()) expect(logs.lines.filter((line) => line.includes(secret))).toEqual([]);
  });
});
