import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits } from '../../src/server/db/schema/index.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { setPlan } from '../helpers/seed.ts';

// No worker is registered here: audits stay processing, which is what these route tests need.
let target: TestApp;
let queue: JobQueue;
let owner: string;
let stranger: string;
let brandId: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  queue = createJobQueue({ database, logger: pino({ level: 'silent' }) });
  await queue.start();
  target = await createTestApp({ database, queue });
  owner = await target.signInAs('auditor@example.com');
  stranger = await target.signInAs('audit-stranger@example.com');
  const brand = await inject('POST', '/api/brands', owner, {
    name: 'Audited Ltd',
    websiteUrl: 'https://audited.example',
  });
  brandId = brand.json().id;
});

afterAll(async () => {
  await queue.stop({ graceful: false });
  await target.close();
  await target.database.close();
});

function inject(method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) {
  return target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
}

describe('POST /api/audits', () => {
  let auditId: string;

  it('creates a processing audit and returns at once', async () => {
    const response = await inject('POST', '/api/audits', owner, { brandId });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      brandId,
      brandName: 'Audited Ltd',
      status: 'processing',
      progressStage: 'Queued',
    });
    auditId = response.json().id;
  });

  it('refuses a second audit of the same brand while one runs', async () => {
    await setPlan(target.database, 'auditor@example.com', 'smb');
    const response = await inject('POST', '/api/audits', owner, { brandId });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('An audit of Audited Ltd is already running');
  });

  it("enforces the free plan's single audit", async () => {
    await setPlan(target.database, 'auditor@example.com', 'free');
    await target.database.db.update(audits).set({ status: 'completed' }).where(eq(audits.id, auditId));
    const response = await inject('POST', '/api/audits', owner, { brandId });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Your Free plan includes 1 audit. Upgrade your plan to run more audits.',
      code: 'plan_limit',
    });
  });

  it('answers 400 without a brand, and for a brand with no website', async () => {
    const missing = await inject('POST', '/api/audits', owner, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select a brand');
    await setPlan(target.database, 'auditor@example.com', 'smb');
    const bare = await inject('POST', '/api/brands', owner, { name: 'No Site Co' });
    const noSite = await inject('POST', '/api/audits', owner, { brandId: bare.json().id });
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().message).toBe("Add No Site Co's website address before running an audit");
  });

  it('starts exactly one audit when the same free-plan user asks several times at once', async () => {
    const racer = await target.signInAs('racer@example.com');
    const brand = await inject('POST', '/api/brands', racer, {
      name: 'Racer Ltd',
      websiteUrl: 'https://racer.example',
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => inject('POST', '/api/audits', racer, { brandId: brand.json().id })),
    );
    // The first start takes the plan's one audit; the others are the plan's refusal.
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403, 403, 403, 403, 403]);
    expect((await inject('GET', '/api/audits', racer)).json()).toHaveLength(1);
  });

  it('answers 401 signed out and 404 for a brand that is not yours', async () => {
    expect((await inject('POST', '/api/audits', undefined, { brandId })).statusCode).toBe(401);
    const theirs = await inject('POST', '/api/audits', stranger, { brandId });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Brand not found');
  });

  describe('GET /api/audits and /api/audits/{id}', () => {
    it('lists the owner’s audits and shows one with its brand', async () => {
      const list = await inject('GET', '/api/audits', owner);
      expect(list.json()).toEqual([expect.objectContaining({ id: auditId, brandName: 'Audited Ltd' })]);
      const detail = await inject('GET', `/api/audits/${auditId}`, owner);
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({ id: auditId, brand: { name: 'Audited Ltd' }, report: null });
    });

    it('gives another user an empty list and 404, and a signed-out visitor 401', async () => {
      expect((await inject('GET', '/api/audits', stranger)).json()).toEqual([]);
      expect((await inject('GET', `/api/audits/${auditId}`, stranger)).statusCode).toBe(404);
      expect((await inject('GET', `/api/audits/${auditId}`)).statusCode).toBe(401);
      expect((await inject('GET', '/api/audits')).statusCode).toBe(401);
    });
  });
});
