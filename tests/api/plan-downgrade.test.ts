import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { maxBrandsMessage, readOnlyBrandMessage } from '../../src/shared/plan-messages.ts';
import {
  auditLimitMessage,
  featureLimitMessage,
  type PlanFeature,
  type PlanKey,
  plans,
} from '../../src/shared/plans.ts';
import type { TBrand } from '../../src/shared/schemas/brands.ts';
import type { TActionItem } from '../../src/shared/schemas/recommendations.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { type BrandWork, brandChanges, expectEveryReadOpen, injectAs, makeBrandWork } from '../helpers/plan-actions.ts';
import { setPlan } from '../helpers/seed.ts';

// A subscription that ends puts the account back on a smaller plan: nothing is deleted, and what
// the plan does not cover any more is read-only. No job worker runs: queued work stays queued.
let target: TestApp;
let queue: JobQueue;

beforeAll(async () => {
  const database = await createTestDatabase();
  queue = createJobQueue({ database, logger: pino({ level: 'silent' }) });
  await queue.start();
  target = await createTestApp({ database, queue });
});

afterAll(async () => {
  await queue.stop({ graceful: false });
  await target.close();
  await target.database.close();
});

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  injectAs(target, method, url, cookie, payload);

const brandsOf = async (cookie: string): Promise<TBrand[]> => (await inject('GET', '/api/brands', cookie)).json();

/** What a change on a read-only brand answers: the plan's refusal of the feature comes first. */
function expectedRefusal(planKey: PlanKey, brandName: string, feature: PlanFeature | undefined) {
  const plan = plans[planKey];
  return feature && !plan.allows[feature]
    ? { message: featureLimitMessage(planKey, feature), code: 'plan_feature' }
    : { message: readOnlyBrandMessage(planKey, brandName, plan.limits.brands), code: 'plan_limit' };
}

async function expectEveryChangeRefused(planKey: PlanKey, cookie: string, brandName: string, work: BrandWork) {
  for (const change of brandChanges) {
    const response = await change.send(target, cookie, work);
    expect(response.statusCode, `${change.name}: ${response.body}`).toBe(403);
    expect(response.json(), change.name).toEqual(expectedRefusal(planKey, brandName, change.feature));
  }
}

describe('an agency account back on free with three brands', () => {
  const email = 'downgraded-to-free@example.com';
  let cookie: string;
  const work: Record<string, BrandWork> = {};

  beforeAll(async () => {
    cookie = await target.signInAs(email);
    await setPlan(target.database, email, 'agency');
    for (const name of ['Acme', 'Birch', 'Cedar']) work[name] = await makeBrandWork(target, cookie, name);
    await setPlan(target.database, email, 'free');
  });

  it('keeps every brand: the oldest is the plan’s, the others are read-only and say why', async () => {
    const listed = await brandsOf(cookie);
    expect(listed.map((brand) => [brand.name, brand.readOnly, brand.readOnlyReason])).toEqual([
      ['Acme', false, null],
      ['Birch', true, readOnlyBrandMessage('free', 'Birch', 1)],
      ['Cedar', true, readOnlyBrandMessage('free', 'Cedar', 1)],
    ]);
    expect(readOnlyBrandMessage('free', 'Acme', 1)).toBe(
      'Acme is read-only: your Free plan includes 1 brand. Upgrade your plan to work on it again, or delete a brand.',
    );
  });

  it('refuses every change to a read-only brand with 403', async () => {
    await expectEveryChangeRefused('free', cookie, 'Birch', work.Birch!);
  });

  it('lets the plan’s own brand change within the plan: no new audit once the free one is used', async () => {
    const update = await inject('PATCH', `/api/brands/${work.Acme!.brandId}`, cookie, { fonts: ['Lora'] });
    expect(update.statusCode, update.body).toBe(200);
    const audit = await inject('POST', '/api/audits', cookie, { brandId: work.Acme!.brandId });
    expect(audit.statusCode).toBe(403);
    expect(audit.json()).toEqual({ message: auditLimitMessage('free'), code: 'plan_limit' });
    const insight = await inject('POST', '/api/consumer-insights', cookie, {
      brandId: work.Acme!.brandId,
      content: 'Still lovely.',
    });
    expect(insight.json()).toEqual({ message: featureLimitMessage('free', 'consumerInsights'), code: 'plan_feature' });
  });

  it('keeps everything readable: lists, details and PDFs of every brand', async () => {
    for (const name of ['Acme', 'Birch', 'Cedar']) await expectEveryReadOpen(target, cookie, work[name]!);
  });

  it('generates action items for the plan’s brand only', async () => {
    const generated = await inject('POST', '/api/action-items/generate', cookie);
    expect(generated.statusCode, generated.body).toBe(200);
    const items = (await inject('GET', '/api/action-items', cookie)).json() as TActionItem[];
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((item) => item.brandName))).toEqual(new Set(['Acme']));
  });

  it('lets the account delete what it no longer wants, read-only or not', async () => {
    const birch = work.Birch!;
    expect((await inject('DELETE', `/api/consumer-insights/${birch.insightId}`, cookie)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/ad-library/${birch.adId}`, cookie)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/competitors/${birch.competitorId}`, cookie)).statusCode).toBe(200);
    expect((await inject('DELETE', `/api/brands/${birch.brandId}`, cookie)).statusCode).toBe(204);
    // Cedar is now the second brand: still beyond the free plan's one.
    expect((await brandsOf(cookie)).map((brand) => [brand.name, brand.readOnly])).toEqual([
      ['Acme', false],
      ['Cedar', true],
    ]);
  });

  it('makes the next brand the plan’s own once an older one is deleted', async () => {
    expect((await inject('DELETE', `/api/brands/${work.Acme!.brandId}`, cookie)).statusCode).toBe(204);
    expect((await brandsOf(cookie)).map((brand) => [brand.name, brand.readOnly])).toEqual([['Cedar', false]]);
    const update = await inject('PATCH', `/api/brands/${work.Cedar!.brandId}`, cookie, { fonts: ['Lora'] });
    expect(update.statusCode, update.body).toBe(200);
  });
});

describe('an agency account back on SMB with six brands', () => {
  const email = 'downgraded-to-smb@example.com';
  const smbBrands = plans.smb.limits.brands;
  let cookie: string;
  let oldest: BrandWork;
  let newest: BrandWork;

  beforeAll(async () => {
    cookie = await target.signInAs(email);
    await setPlan(target.database, email, 'agency');
    oldest = await makeBrandWork(target, cookie, 'Brand 1');
    for (let index = 2; index <= smbBrands; index++) {
      const response = await inject('POST', '/api/brands', cookie, { name: `Brand ${index}` });
      expect(response.statusCode, response.body).toBe(201);
    }
    newest = await makeBrandWork(target, cookie, `Brand ${smbBrands + 1}`);
    await setPlan(target.database, email, 'smb');
  });

  it('keeps the plan’s five oldest brands writable and the sixth read-only', async () => {
    const listed = await brandsOf(cookie);
    expect(listed.filter((brand) => brand.readOnly).map((brand) => brand.name)).toEqual([`Brand ${smbBrands + 1}`]);
    expect(listed.filter((brand) => !brand.readOnly)).toHaveLength(smbBrands);
  });

  it('refuses every change to the sixth brand, each with the read-only reason', async () => {
    await expectEveryChangeRefused('smb', cookie, `Brand ${smbBrands + 1}`, newest);
  });

  it('lets the plan’s brands change as before', async () => {
    const competitor = await inject('POST', '/api/competitors', cookie, { brandId: oldest.brandId, name: 'Fresh' });
    expect(competitor.statusCode, competitor.body).toBe(201);
    const audit = await inject('POST', '/api/audits', cookie, { brandId: oldest.brandId });
    expect(audit.statusCode, audit.body).toBe(201);
  });

  it('reads everything of the sixth brand', async () => {
    await expectEveryReadOpen(target, cookie, newest);
  });

  it('refuses a new brand while the account has more than the plan includes', async () => {
    const refused = await inject('POST', '/api/brands', cookie, { name: 'Brand 7' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: maxBrandsMessage(smbBrands), code: 'plan_limit' });
  });
});
