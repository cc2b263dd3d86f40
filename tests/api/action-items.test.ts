import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActionItem } from '../../src/shared/schemas/recommendations.ts';
import { auditDetailFixture } from '../fixtures/audit-detail.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedCompletedAudit, setPlan } from '../helpers/seed.ts';

let target: TestApp;
let owner: string;
let stranger: string;

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('doer@example.com');
  // Two brands: a plan that includes them both.
  await setPlan(target.database, 'doer@example.com', 'smb');
  stranger = await target.signInAs('doer-stranger@example.com');
});
afterAll(async () => {
  await target.close();
});

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const list = async (cookie: string): Promise<TActionItem[]> =>
  (await inject('GET', '/api/action-items', cookie)).json();

describe('action items', () => {
  it('has nothing to generate before any audit', async () => {
    const response = await inject('POST', '/api/action-items/generate', owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ created: 0, items: [] });
  });

  it('generates one item per recommendation of the latest completed audit of each brand', async () => {
    await seedCompletedAudit(target.database, 'doer@example.com', 'Acme Coffee');
    await seedCompletedAudit(target.database, 'doer@example.com', 'Beta Bakes');
    const response = await inject('POST', '/api/action-items/generate', owner);
    const expected = auditDetailFixture.recommendations.length * 2;
    expect(response.json().created).toBe(expected);
    const items = await list(owner);
    expect(items).toHaveLength(expected);
    expect(new Set(items.map((item) => item.brandName))).toEqual(new Set(['Acme Coffee', 'Beta Bakes']));
    expect(items[0]).toMatchObject({ status: 'pending', priority: 'High', aiGenerated: true });
  });

  it('does not duplicate open items when generating again', async () => {
    const before = (await list(owner)).length;
    const response = await inject('POST', '/api/action-items/generate', owner);
    expect(response.json().created).toBe(0);
    expect(await list(owner)).toHaveLength(before);
  });

  it('completes and restores an item', async () => {
    const [item] = await list(owner);
    const done = await inject('PATCH', `/api/action-items/${item!.id}/status`, owner, { status: 'completed' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: item!.id, status: 'completed' });
    expect(done.json().completedAt).not.toBeNull();
    // A completed item from the same audit is not brought back by generating again.
    expect((await inject('POST', '/api/action-items/generate', owner)).json().created).toBe(0);
    const restored = await inject('PATCH', `/api/action-items/${item!.id}/status`, owner, { status: 'pending' });
    expect(restored.json()).toMatchObject({ status: 'pending', completedAt: null });
  });

  it('answers 400 for a bad status', async () => {
    const [item] = await list(owner);
    const response = await inject('PATCH', `/api/action-items/${item!.id}/status`, owner, { status: 'done' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Status must be completed or pending');
  });

  it('answers 401 signed out and 404 for another user’s item', async () => {
    const [item] = await list(owner);
    expect((await inject('GET', '/api/action-items')).statusCode).toBe(401);
    expect((await inject('POST', '/api/action-items/generate')).statusCode).toBe(401);
    expect(
      (await inject('PATCH', `/api/action-items/${item!.id}/status`, undefined, { status: 'completed' })).statusCode,
    ).toBe(401);
    expect(
      (await inject('PATCH', `/api/action-items/${item!.id}/status`, stranger, { status: 'completed' })).statusCode,
    ).toBe(404);
    expect(await list(stranger)).toEqual([]);
    expect((await inject('POST', '/api/action-items/generate', stranger)).json().created).toBe(0);
  });
});
