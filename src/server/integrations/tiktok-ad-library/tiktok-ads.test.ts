import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startTikTokApiDouble,
  TIKTOK_CLIENT_KEY,
  TIKTOK_CLIENT_SECRET,
  type TikTokApiDouble,
  tiktokAd,
} from '../../../../tests/doubles/tiktok-api.ts';
import { queryAdvertiserAdsPage, tiktokAdLibraryUrl } from './tiktok-ads.ts';
import { queryAdvertisers } from './tiktok-advertisers.ts';
import { forgetTikTokTokens, QUOTA_MESSAGE, TikTokApiError, type TikTokSettings } from './tiktok-request.ts';

let api: TikTokApiDouble;
const waits: number[] = [];
const BIG_ID = '7301234567890123456'; // past 2^53: must not be rounded
let settings: TikTokSettings;
const query = { businessId: BIG_ID, market: 'FR', from: '20251127', to: '20261127' };

beforeAll(async () => {
  api = await startTikTokApiDouble();
  settings = {
    apiUrl: api.apiUrl,
    credentials: { clientKey: TIKTOK_CLIENT_KEY, clientSecret: TIKTOK_CLIENT_SECRET },
    retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5_000 },
    wait: async (ms) => void waits.push(ms),
  };
  api.setAdvertisers([
    { business_id: BIG_ID, business_name: 'Fabrikam Coffee BV', country_code: 'NL' },
    { business_id: '1755645247067185', business_name: 'Fabrikam Tea', country_code: 'FR' },
  ]);
  api.setAds(BIG_ID, [
    tiktokAd('7400000000000000001'),
    tiktokAd('7400000000000000002', { status: 'inactive', reach: undefined, videos: [] }),
  ]);
});

beforeEach(() => {
  forgetTikTokTokens();
  waits.length = 0;
  api.calls.length = 0;
  api.setDailyQuota(null);
});

afterAll(() => api.close());

describe('the TikTok Commercial Content API client', () => {
  it('gets a client token once, then queries with it as a bearer token', async () => {
    await queryAdvertisers(settings, 'Fabrikam');
    await queryAdvertisers(settings, 'Fabrikam');
    const tokenCalls = api.calls.filter((call) => call.path === '/v2/oauth/token/');
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]!.body).toContain('grant_type=client_credentials');
    const research = api.calls.filter((call) => call.path !== '/v2/oauth/token/');
    expect(research.every((call) => call.authorization === `Bearer ${api.issuedTokens[0]}`)).toBe(true);
  });

  it('lists advertisers by name with their 64-bit business ids intact', async () => {
    const found = await queryAdvertisers(settings, 'fabrikam');
    expect(found).toEqual([
      { businessId: BIG_ID, businessName: 'Fabrikam Coffee BV', countryCode: 'NL' },
      { businessId: '1755645247067185', businessName: 'Fabrikam Tea', countryCode: 'FR' },
    ]);
  });

  it("maps an advertiser's ads from the documented fields only, sending the business id as a number", async () => {
    const page = await queryAdvertiserAdsPage(settings, query, null);
    const call = api.calls.find((entry) => entry.path === '/v2/research/adlib/ad/query/')!;
    expect(call.body).toContain(`"advertiser_business_ids":[${BIG_ID}]`);
    expect(call.body).toContain('"country_code":"FR"');
    expect(call.fields).toContain('ad.first_shown_date');
    expect(page.ads[0]).toEqual({
      adId: '7400000000000000001',
      firstSeenAt: new Date('2026-09-01T12:00:00Z'),
      lastSeenAt: new Date('2026-11-20T12:00:00Z'),
      isActive: true,
      videoUrl: expect.stringContaining('/video/7400000000000000001.mp4'),
      imageUrl: null,
      reachAsStated: '11K',
      pageId: BIG_ID,
      pageName: 'Fabrikam Coffee BV',
      adLibraryUrl: tiktokAdLibraryUrl('7400000000000000001'),
    });
    expect(page.ads[1]).toMatchObject({ isActive: false, reachAsStated: null, videoUrl: null });
  });

  it('leaves the country filter out for a market outside the library', async () => {
    await queryAdvertiserAdsPage(settings, { ...query, market: 'US' }, null);
    const call = api.calls.find((entry) => entry.path === '/v2/research/adlib/ad/query/')!;
    expect(call.body).not.toContain('country_code');
  });

  it('waits what Retry-After asks on 429 rate_limit_exceeded, then goes on', async () => {
    api.rateLimitOnce(2);
    const page = await queryAdvertiserAdsPage(settings, query, null);
    expect(page.ads).toHaveLength(2);
    expect(waits).toEqual([2000]);
  });

  it('retries a 5xx and fetches a new token when the old one is refused', async () => {
    await queryAdvertisers(settings, 'Fabrikam');
    api.revokeTokens();
    api.failOnce(503);
    const found = await queryAdvertisers(settings, 'Fabrikam');
    expect(found).toHaveLength(2);
    expect(api.calls.filter((call) => call.path === '/v2/oauth/token/')).toHaveLength(2);
  });

  it('stops on the daily quota with a readable reason', async () => {
    api.setDailyQuota(0);
    const error = await queryAdvertisers(settings, 'Fabrikam').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TikTokApiError);
    expect(error).toMatchObject({ kind: 'quota', message: QUOTA_MESSAGE });
  });

  it('says refused credentials in words, without the key or secret', async () => {
    const error = await queryAdvertisers(
      { ...settings, credentials: { clientKey: TIKTOK_CLIENT_KEY, clientSecret: 'wrong-secret-value' } },
      'Fabrikam',
    ).catch((caught: unknown) => caught as TikTokApiError);
    expect(error).toMatchObject({ kind: 'auth' });
    expect((error as Error).message).toContain('TIKTOK_CLIENT_KEY');
    expect((error as Error).message).not.toContain('wrong-secret-value');
    expect((error as Error).message).not.toContain(TIKTOK_CLIENT_KEY);
  });

  it('refuses a search term TikTok would refuse with its error code', async () => {
    const error = await queryAdvertiserAdsPage(settings, { ...query, from: '' }, null).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ kind: 'bad_request', code: 'invalid_params' });
    expect((error as Error).message).toMatch(/TikTok log id \w+/);
  });
});
