import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { pageIdNotResolvableMessage } from '../../src/shared/facebook-page-id.ts';
import { featureLimitMessage } from '../../src/shared/plans.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { setPlan } from '../helpers/seed.ts';

let target: TestApp;
let owner: string;
let stranger: string;
let freeUser: string;
let brandId: string;
let strangerBrandId: string;
let freeBrandId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const inject = (method: Method, url: string, cookie?: string, payload?: object) =>
  target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

async function createBrand(cookie: string, name: string): Promise<string> {
  const response = await inject('POST', '/api/brands', cookie, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('competitor-owner@example.com');
  stranger = await target.signInAs('competitor-stranger@example.com');
  freeUser = await target.signInAs('competitor-free@example.com');
  await setPlan(target.database, 'competitor-owner@example.com', 'smb');
  await setPlan(target.database, 'competitor-stranger@example.com', 'smb');
  brandId = await createBrand(owner, 'Acme Coffee');
  strangerBrandId = await createBrand(stranger, 'Rival Roasters');
  freeBrandId = await createBrand(freeUser, 'Free Beans');
});
afterAll(async () => {
  await target.close();
});

describe('competitors', () => {
  let competitorId: string;

  it('adds a competitor with a page URL resolved to its id, and lists it with its ad count', async () => {
    const created = await inject('POST', '/api/competitors', owner, {
      brandId,
      name: '  Bean There  ',
      website: 'beanthere.example',
      industry: 'Coffee',
      size: 'smb',
      description: 'Speciality roaster\nin Leeds',
      facebookPageId: 'https://www.facebook.com/profile.php?id=100064512345678',
    });
    expect(created.statusCode, created.body).toBe(201);
    competitorId = created.json().id;
    expect(created.json()).toMatchObject({
      brandId,
      name: 'Bean There',
      website: 'https://beanthere.example',
      industry: 'Coffee',
      size: 'smb',
      facebookPageId: '100064512345678',
      isActive: true,
      adCount: 0,
    });
    const minimal = await inject('POST', '/api/competitors', owner, { brandId, name: 'Grind House' });
    expect(minimal.statusCode, minimal.body).toBe(201);
    expect(minimal.json()).toMatchObject({ website: null, size: null, facebookPageId: null });

    const listed = await inject('GET', `/api/competitors?brandId=${brandId}`, owner);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((competitor: { name: string }) => competitor.name)).toEqual(['Bean There', 'Grind House']);
  });

  it('edits a competitor with the same fields, clearing what is left empty', async () => {
    const edited = await inject('PUT', `/api/competitors/${competitorId}`, owner, {
      name: 'Bean There Ltd',
      size: 'enterprise',
      facebookPageId: '104958162837',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Bean There Ltd',
      size: 'enterprise',
      facebookPageId: '104958162837',
      website: null,
      industry: null,
    });
  });

  it('refuses a missing name, an unknown size and a page address without an id, storing nothing', async () => {
    const before = (await inject('GET', `/api/competitors?brandId=${brandId}`, owner)).json().length;
    const noName = await inject('POST', '/api/competitors', owner, { brandId, name: '   ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Company name is required');
    const badSize = await inject('POST', '/api/competitors', owner, { brandId, name: 'X', size: 'huge' });
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json().message).toBe('Size must be startup, smb or enterprise');
    const vanity = await inject('POST', '/api/competitors', owner, {
      brandId,
      name: 'X',
      facebookPageId: 'https://www.facebook.com/beanthere',
    });
    expect(vanity.statusCode).toBe(400);
    expect(vanity.json().message).toBe(pageIdNotResolvableMessage);
    const edit = await inject('PUT', `/api/competitors/${competitorId}`, owner, { name: '' });
    expect(edit.statusCode).toBe(400);
    const noBrand = await inject('GET', '/api/competitors?brandId=nope', owner);
    expect(noBrand.statusCode).toBe(400);
    expect((await inject('GET', `/api/competitors?brandId=${brandId}`, owner)).json()).toHaveLength(before);
  });

  it('is 401 signed out', async () => {
    expect((await inject('GET', `/api/competitors?brandId=${brandId}`)).statusCode).toBe(401);
    expect((await inject('POST', '/api/competitors', undefined, { brandId, name: 'X' })).statusCode).toBe(401);
    expect((await inject('PUT', `/api/competitors/${competitorId}`, undefined, { name: 'X' })).statusCode).toBe(401);
    expect((await inject('DELETE', `/api/competitors/${competitorId}`)).statusCode).toBe(401);
    expect((await inject('GET', `/api/competitor-tracking/summary?brandId=${brandId}`)).statusCode).toBe(401);
  });

  it("is 404 for another user's brand or competitor", async () => {
    expect((await inject('GET', `/api/competitors?brandId=${brandId}`, stranger)).statusCode).toBe(404);
    expect((await inject('POST', '/api/competitors', stranger, { brandId, name: 'X' })).statusCode).toBe(404);
    expect((await inject('PUT', `/api/competitors/${competitorId}`, stranger, { name: 'X' })).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/competitors/${competitorId}`, stranger)).statusCode).toBe(404);
    expect((await inject('GET', `/api/competitor-tracking/summary?brandId=${brandId}`, stranger)).statusCode).toBe(404);
    expect((await inject('GET', `/api/competitors?brandId=${strangerBrandId}`, stranger)).json()).toEqual([]);
  });

  it('refuses the free plan a competitor with 403 plan_feature, and reads it what it has: nothing', async () => {
    const add = await inject('POST', '/api/competitors', freeUser, { brandId: freeBrandId, name: 'X' });
    expect(add.statusCode).toBe(403);
    expect(add.json()).toEqual({ code: 'plan_feature', message: featureLimitMessage('free', 'competitorTracking') });
    const listed = await inject('GET', `/api/competitors?brandId=${freeBrandId}`, freeUser);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([]);
    const summary = await inject('GET', `/api/competitor-tracking/summary?brandId=${freeBrandId}`, freeUser);
    expect(summary.json()).toEqual({ competitors: 0, ads: 0, platforms: 0, reports: 0 });
  });

  it("keeps a starter's competitors readable after its 30 days, but refuses changes with when it ended", async () => {
    await setPlan(target.database, 'competitor-stranger@example.com', 'starter');
    const purchased = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    await target.database.db
      .update(users)
      .set({ starterPurchaseDate: purchased })
      .where(eq(users.email, 'competitor-stranger@example.com'));
    try {
      expect((await inject('GET', `/api/competitors?brandId=${strangerBrandId}`, stranger)).statusCode).toBe(200);
      const add = await inject('POST', '/api/competitors', stranger, { brandId: strangerBrandId, name: 'Late Co' });
      expect(add.statusCode).toBe(403);
      expect(add.json()).toMatchObject({ code: 'plan_limit' });
      expect(add.json().message).toMatch(
        /^Your Starter access ended on .+\. Upgrade your plan to keep tracking competitors\.$/,
      );
    } finally {
      await setPlan(target.database, 'competitor-stranger@example.com', 'smb');
    }
  });

  it('counts the stat tiles from stored rows', async () => {
    const ad = (platform: string, competitor = competitorId) =>
      inject('POST', '/api/ad-library', owner, { competitorId: competitor, platform, adText: `An ad on ${platform}` });
    expect((await ad('meta')).statusCode).toBe(201);
    expect((await ad('google')).statusCode).toBe(201);
    expect((await ad('meta')).statusCode).toBe(201);
    const summary = await inject('GET', `/api/competitor-tracking/summary?brandId=${brandId}`, owner);
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual({ competitors: 2, ads: 3, platforms: 2, reports: 0 });
    const listed = (await inject('GET', `/api/competitors?brandId=${brandId}`, owner)).json();
    expect(listed.find((competitor: { id: string }) => competitor.id === competitorId).adCount).toBe(3);
  });

  it('removes a competitor with its ads', async () => {
    const removed = await inject('DELETE', `/api/competitors/${competitorId}`, owner);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: competitorId });
    expect((await inject('DELETE', `/api/competitors/${competitorId}`, owner)).statusCode).toBe(404);
    const summary = (await inject('GET', `/api/competitor-tracking/summary?brandId=${brandId}`, owner)).json();
    expect(summary).toEqual({ competitors: 1, ads: 0, platforms: 0, reports: 0 });
  });
});

describe("the brand's ad market", () => {
  it('defaults to GB, is saved with the brand, and refuses a country not in the list', async () => {
    const brand = (await inject('GET', `/api/brands/${brandId}`, owner)).json();
    expect(brand.adMarket).toBe('GB');
    const saved = await inject('PATCH', `/api/brands/${brandId}`, owner, { adMarket: 'IE' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().adMarket).toBe('IE');
    const refused = await inject('PATCH', `/api/brands/${brandId}`, owner, { adMarket: 'XX' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Choose a country from the list for the ad market');
  });
});
