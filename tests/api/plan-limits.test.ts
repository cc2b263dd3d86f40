import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../../src/server/db/schema/index.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { auditLimitMessage, featureLimitMessage, type PlanKey, planKeys, plans } from '../../src/shared/plans.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { seedCompletedAudit, setPlan } from '../helpers/seed.ts';

// No worker runs here: started audits stay processing until a test marks them done.
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

function inject(method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) {
  return target.app.inject({ method, url, payload, headers: { cookie } });
}

async function createBrand(cookie: string, name: string) {
  const response = await inject('POST', '/api/brands', cookie, { name, websiteUrl: 'https://brand.example' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function startAudit(cookie: string, brandId: string, finishAs: 'completed' | 'failed' = 'completed') {
  const response = await inject('POST', '/api/audits', cookie, { brandId });
  if (response.statusCode === 201) {
    await target.database.db.update(audits).set({ status: finishAs }).where(eq(audits.id, response.json().id));
  }
  return response;
}

const remaining = async (cookie: string) => (await inject('GET', '/api/auth/user', cookie)).json().auditsRemaining;

describe('the free audit, counted per account over its history', () => {
  it('is not given again by deleting the brand and creating another', async () => {
    const cookie = await target.signInAs('recycler@example.com');
    const first = await createBrand(cookie, 'First Co');
    expect(await remaining(cookie)).toBe(1);
    expect((await startAudit(cookie, first)).statusCode).toBe(201);
    expect(await remaining(cookie)).toBe(0);

    expect((await inject('DELETE', `/api/brands/${first}`, cookie)).statusCode).toBe(204);
    const second = await createBrand(cookie, 'Second Co');
    const again = await startAudit(cookie, second);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: auditLimitMessage('free'), code: 'plan_limit' });
    expect(await remaining(cookie)).toBe(0);
  });

  it('does not count an audit that failed, even after its brand is deleted', async () => {
    const cookie = await target.signInAs('unlucky@example.com');
    const first = await createBrand(cookie, 'Flaky Co');
    expect((await startAudit(cookie, first, 'failed')).statusCode).toBe(201);
    expect(await remaining(cookie)).toBe(1);
    expect((await inject('DELETE', `/api/brands/${first}`, cookie)).statusCode).toBe(204);
    const second = await createBrand(cookie, 'Steady Co');
    expect((await startAudit(cookie, second)).statusCode).toBe(201);
    expect(await remaining(cookie)).toBe(0);
  });
});

describe.each(planKeys)('the %s plan, against the plans table', (key: PlanKey) => {
  const plan = plans[key];
  const email = `plan-${key}@example.com`;
  let cookie: string;

  beforeAll(async () => {
    cookie = await target.signInAs(email);
    await setPlan(target.database, email, key);
  });

  it('starts as many audits as the table allows, then refuses with its words', async () => {
    const brandId = await createBrand(cookie, `${plan.name} Brand`);
    const allowed = plan.limits.audits ?? 6;
    for (let index = 0; index < allowed; index++) {
      const response = await startAudit(cookie, brandId);
      expect(response.statusCode, `audit ${index + 1}: ${response.body}`).toBe(201);
    }
    const next = await startAudit(cookie, brandId);
    if (plan.limits.audits === null) {
      expect(next.statusCode).toBe(201);
      expect(await remaining(cookie)).toBeNull();
    } else {
      expect(next.statusCode).toBe(409);
      expect(next.json().message).toBe(auditLimitMessage(key));
      expect(await remaining(cookie)).toBe(0);
    }
  });

  it('generates recommendations only when the table allows them', async () => {
    // Seeded under another brand name; brand limits are not what this test is about.
    await target.database.db.update(audits).set({ status: 'completed' }).where(eq(audits.status, 'processing'));
    const { audit } = await seedCompletedAudit(target.database, email, `${plan.name} Seeded`);
    const response = await inject('POST', `/api/audits/${audit.id}/marketing-recommendations`, cookie);
    if (plan.allows.recommendations) {
      expect(response.statusCode, response.body).toBe(200);
    } else {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: featureLimitMessage(key, 'recommendations'), code: 'plan_feature' });
    }
  });

  it('reports the workspace plan to the client', async () => {
    expect((await inject('GET', '/api/auth/user', cookie)).json().workspacePlanType).toBe(key);
  });
});
