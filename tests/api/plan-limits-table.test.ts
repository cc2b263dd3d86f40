import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, brands, consumerInsights, users } from '../../src/server/db/schema/index.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { accessEndedMessage, formatPlanDate, maxBrandsMessage } from '../../src/shared/plan-messages.ts';
import {
  auditLimitMessage,
  competitorReportLimitMessage,
  featureLimitMessage,
  insightLimitMessage,
  type PlanKey,
  type PlanLimits,
  planKeys,
  plans,
} from '../../src/shared/plans.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { brandChanges, expectEveryReadOpen, injectAs, makeBrandWork } from '../helpers/plan-actions.ts';
import { setPlan } from '../helpers/seed.ts';

// Every figure below comes from the plans table: changing a limit there changes what is tested.
// No job worker runs: started audits and discoveries stay queued.
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

const DAY_MS = 24 * 60 * 60 * 1000;

/** For an unlimited plan: one more than the largest limit any plan sets. */
function beyondEveryLimit(limit: (limits: PlanLimits) => number | null): number {
  return Math.max(...planKeys.map((key) => limit(plans[key].limits) ?? 0)) + 1;
}

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
  injectAs(target, method, url, cookie, payload);

async function createBrand(cookie: string, name: string) {
  const response = await inject('POST', '/api/brands', cookie, { name, websiteUrl: 'https://brand.example' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** A new account on the plan: its cookie and id. */
async function accountOn(key: PlanKey, purpose: string) {
  const email = `${purpose}-${key}@example.com`;
  const cookie = await target.signInAs(email);
  await setPlan(target.database, email, key);
  const [row] = await target.database.db.select().from(users).where(eq(users.email, email));
  return { email, cookie, userId: row!.id };
}

/** A new account whose brand has every kind of work, made on agency, then moved to the plan. */
async function accountWithWorkOn(key: PlanKey, purpose: string) {
  const account = await accountOn('agency', `${purpose}-${key}`);
  const work = await makeBrandWork(target, account.cookie, `${plans[key].name} ${purpose}`);
  await setPlan(target.database, account.email, key);
  return { ...account, work };
}

describe.each(planKeys)('the %s plan, against the plans table', (key: PlanKey) => {
  const plan = plans[key];

  it(`keeps ${plan.limits.brands} brands, then refuses with SPEC's words`, async () => {
    const { cookie, userId } = await accountOn(key, 'brands');
    // All but the last brand stored directly: the agency's 999 would take long through the API.
    const seeded = Array.from({ length: plan.limits.brands - 1 }, (_, index) => ({ userId, name: `Seeded ${index}` }));
    if (seeded.length > 0) await target.database.db.insert(brands).values(seeded);
    await createBrand(cookie, 'The last one');
    const refused = await inject('POST', '/api/brands', cookie, { name: 'One too many' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: maxBrandsMessage(plan.limits.brands), code: 'plan_limit' });
    const listed = (await inject('GET', '/api/brands', cookie)).json() as { readOnly: boolean }[];
    expect(listed).toHaveLength(plan.limits.brands);
    expect(listed.every((brand) => !brand.readOnly)).toBe(true);
  });

  it('starts the audits the table allows, then refuses with its words', async () => {
    const { cookie } = await accountOn(key, 'audits');
    const brandId = await createBrand(cookie, `${plan.name} Audits`);
    const allowed = plan.limits.audits ?? beyondEveryLimit((limits) => limits.audits);
    for (let index = 0; index < allowed; index++) {
      const response = await inject('POST', '/api/audits', cookie, { brandId });
      expect(response.statusCode, `audit ${index + 1}: ${response.body}`).toBe(201);
      // Finished at once, so the next start is not refused as a second running audit.
      await target.database.db.update(audits).set({ status: 'completed' }).where(eq(audits.id, response.json().id));
    }
    const next = await inject('POST', '/api/audits', cookie, { brandId });
    const remaining = (await inject('GET', '/api/auth/user', cookie)).json().auditsRemaining;
    if (plan.limits.audits === null) {
      expect(next.statusCode).toBe(201);
      expect(remaining).toBeNull();
    } else {
      expect(next.statusCode).toBe(403);
      expect(next.json()).toEqual({ message: auditLimitMessage(key), code: 'plan_limit' });
      expect(remaining).toBe(0);
    }
  });

  it('keeps the consumer insights the table allows, or refuses them', async () => {
    const { cookie, userId } = await accountOn(key, 'insights');
    const brandId = await createBrand(cookie, `${plan.name} Insights`);
    const add = () => inject('POST', '/api/consumer-insights', cookie, { brandId, content: 'Lovely bread.' });
    if (!plan.allows.consumerInsights) {
      const refused = await add();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: featureLimitMessage(key, 'consumerInsights'), code: 'plan_feature' });
      return;
    }
    const limit = plan.limits.insights;
    const stored = (limit ?? beyondEveryLimit((limits) => limits.insights)) - 1;
    await target.database.db
      .insert(consumerInsights)
      .values(Array.from({ length: stored }, (_, index) => ({ brandId, userId, content: `Earlier review ${index}` })));
    expect((await add()).statusCode).toBe(201);
    const next = await add();
    if (limit === null) {
      expect(next.statusCode).toBe(201);
    } else {
      expect(next.statusCode).toBe(403);
      expect(next.json()).toEqual({ message: insightLimitMessage(key), code: 'plan_limit' });
    }
  });

  it('generates the competitor reports the table allows, or refuses them', async () => {
    const { cookie } = await accountOn(key, 'reports');
    const brandId = await createBrand(cookie, `${plan.name} Reports`);
    const generate = () => inject('POST', '/api/competitor-reports', cookie, { brandId });
    if (!plan.allows.competitorTracking) {
      const refused = await generate();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: featureLimitMessage(key, 'competitorTracking'),
        code: 'plan_feature',
      });
      return;
    }
    const competitor = await inject('POST', '/api/competitors', cookie, { brandId, name: 'Rival Bakes' });
    const ad = { competitorId: competitor.json().id, platform: 'meta', adText: 'Order now' };
    expect((await inject('POST', '/api/ad-library', cookie, ad)).statusCode).toBe(201);
    const limit = plan.limits.competitorReports;
    const allowed = limit ?? beyondEveryLimit((limits) => limits.competitorReports);
    for (let index = 0; index < allowed; index++) {
      const response = await generate();
      expect(response.statusCode, `report ${index + 1}: ${response.body}`).toBe(201);
    }
    const next = await generate();
    if (limit === null) {
      expect(next.statusCode).toBe(201);
    } else {
      expect(next.statusCode).toBe(403);
      expect(next.json()).toEqual({ message: competitorReportLimitMessage(key), code: 'plan_limit' });
    }
  });

  it('refuses every change whose feature the plan lacks, allows the rest, and keeps every read open', async () => {
    const { cookie, work } = await accountWithWorkOn(key, 'features');
    for (const change of brandChanges.filter((candidate) => candidate.feature && !plan.allows[candidate.feature])) {
      const response = await change.send(target, cookie, work);
      expect(response.statusCode, `${change.name}: ${response.body}`).toBe(403);
      expect(response.json(), change.name).toEqual({
        message: featureLimitMessage(key, change.feature!),
        code: 'plan_feature',
      });
    }
    await expectEveryReadOpen(target, cookie, work);
    if (plan.allows.recommendations) {
      const written = await inject('POST', `/api/audits/${work.auditId}/marketing-recommendations`, cookie);
      expect(written.statusCode, written.body).toBe(200);
    }
  });

  const { accessDays } = plan.limits;
  if (accessDays !== null) {
    it(`refuses every change ${accessDays} days after purchase, saying when access ended; reads stay open`, async () => {
      const { email, cookie, work } = await accountWithWorkOn(key, 'expired');
      const purchased = new Date(Date.now() - (accessDays + 1) * DAY_MS);
      const endedAt = new Date(purchased.getTime() + accessDays * DAY_MS);
      await target.database.db.update(users).set({ starterPurchaseDate: purchased }).where(eq(users.email, email));
      const ended = new RegExp(`^Your ${plan.name} access ended on ${formatPlanDate(endedAt)}\\. Upgrade your plan to`);

      const refusals = [
        ...brandChanges.map((change) => ({ name: change.name, send: () => change.send(target, cookie, work) })),
        { name: 'create a brand', send: () => inject('POST', '/api/brands', cookie, { name: 'Late Co' }) },
        { name: 'generate action items', send: () => inject('POST', '/api/action-items/generate', cookie) },
      ];
      for (const refusal of refusals) {
        const response = await refusal.send();
        expect(response.statusCode, `${refusal.name}: ${response.body}`).toBe(403);
        expect(response.json().code, refusal.name).toBe('plan_limit');
        expect(response.json().message, refusal.name).toMatch(ended);
      }

      await expectEveryReadOpen(target, cookie, work);
      const [brand] = (await inject('GET', '/api/brands', cookie)).json();
      expect(brand).toMatchObject({
        readOnly: true,
        readOnlyReason: accessEndedMessage(key, endedAt, 'work on your brands again'),
      });
      expect((await inject('GET', '/api/auth/user', cookie)).json().auditsRemaining).toBe(0);
      expect((await inject('DELETE', `/api/brands/${work.brandId}`, cookie)).statusCode).toBe(204);
    });

    it('is decided by the date on each request: the day before the end, changes still work', async () => {
      const { email, cookie, work } = await accountWithWorkOn(key, 'last-day');
      const purchased = new Date(Date.now() - (accessDays - 1) * DAY_MS);
      await target.database.db.update(users).set({ starterPurchaseDate: purchased }).where(eq(users.email, email));
      const update = await inject('PATCH', `/api/brands/${work.brandId}`, cookie, { fonts: ['Lora'] });
      expect(update.statusCode, update.body).toBe(200);
      expect(update.json()).toMatchObject({ readOnly: false, readOnlyReason: null });
    });
  } else {
    it('has no end date: an old purchase date changes nothing', async () => {
      const { email, cookie, work } = await accountWithWorkOn(key, 'no-end');
      const longAgo = new Date(Date.now() - 400 * DAY_MS);
      await target.database.db
        .update(users)
        .set({ starterPurchaseDate: longAgo, createdAt: longAgo })
        .where(eq(users.email, email));
      const update = await inject('PATCH', `/api/brands/${work.brandId}`, cookie, { fonts: ['Lora'] });
      expect(update.statusCode, update.body).toBe(200);
      expect(update.json()).toMatchObject({ readOnly: false, readOnlyReason: null });
    });
  }

  it('reports the workspace plan to the client', async () => {
    const { cookie } = await accountOn(key, 'workspace');
    expect((await inject('GET', '/api/auth/user', cookie)).json().workspacePlanType).toBe(key);
  });
});
