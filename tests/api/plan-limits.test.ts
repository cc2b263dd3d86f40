import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../../src/server/db/schema/index.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { auditLimitMessage } from '../../src/shared/plans.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

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
