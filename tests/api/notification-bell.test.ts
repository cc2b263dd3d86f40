import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskProgress, users } from '../../src/server/db/schema/index.ts';
import { completeTask, failTask } from '../../src/server/features/tasks/task-progress.ts';
import type { TNotificationList } from '../../src/shared/schemas/notifications.ts';
import { type FixtureSite, startFixtureSite } from '../doubles/fixture-site.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor, waitForAudit } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

const OWNER = 'bell-owner@example.com';
const MEMBER = 'bell-member@example.com';

let site: FixtureSite;
let target: WorkingTestApp;
let owner: string;
let member: string;
let stranger: string;
let auditId: string;
let brandId: string;

const request = (method: 'GET' | 'POST', url: string, cookie: string | null, payload?: object) =>
  target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

const bell = async (cookie: string): Promise<TNotificationList> => {
  const reply = await request('GET', '/api/notifications', cookie);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
};

beforeAll(async () => {
  site = await startFixtureSite({ slowMs: 300 });
  target = await createWorkingTestApp({ env: { CRAWLER_ALLOW_LOOPBACK: 'true' } });
  owner = await target.signInAs(OWNER);
  member = await target.signInAs(MEMBER);
  stranger = await target.signInAs('bell-stranger@example.com');
  await setPlan(target.database, OWNER, 'agency');
  expect((await request('POST', '/api/team-members', owner, { memberEmail: MEMBER })).statusCode).toBe(201);

  const brand = await request('POST', '/api/brands', owner, { name: 'Bell Roasters', websiteUrl: site.url });
  expect(brand.statusCode, brand.body).toBe(201);
  const started = await request('POST', '/api/audits', owner, { brandId: brand.json().id });
  expect(started.statusCode, started.body).toBe(201);
  auditId = started.json().id;
  brandId = brand.json().id;
  expect((await waitForAudit(target, owner, auditId)).status).toBe('completed');
}, 120_000);

afterAll(async () => {
  await target?.close();
  await site?.close();
});

describe('GET /api/notifications', () => {
  it('lists a completed audit for its owner, unread, with its score and a link to the report', async () => {
    const list = await waitFor(
      () => bell(owner),
      (value) => value.notifications.length > 0,
      { what: 'the audit notification' },
    );
    expect(list.unreadCount).toBe(1);
    expect(list.notifications).toEqual([
      {
        id: expect.any(String),
        kind: 'audit-completed',
        title: 'Audit complete: Bell Roasters',
        body: expect.stringMatching(/^Overall score \d{1,3} out of 100\.$/),
        link: `/audit-results/${auditId}`,
        createdAt: expect.any(String),
        read: false,
      },
    ]);
  });

  it('shows another user nothing, and answers 401 signed out', async () => {
    expect(await bell(stranger)).toEqual({ notifications: [], unreadCount: 0 });
    expect((await request('GET', '/api/notifications', null)).statusCode).toBe(401);
  });
});

describe('marking notifications read', () => {
  it('keeps read state per person: the owner reading it leaves it unread for a team member', async () => {
    const [notification] = (await bell(owner)).notifications;
    // The agency's team member sees the agency's notification too.
    expect((await bell(member)).notifications.map((entry) => entry.id)).toEqual([notification!.id]);

    const read = await request('POST', `/api/notifications/${notification!.id}/read`, owner);
    expect(read.statusCode).toBe(204);
    expect(await bell(owner)).toMatchObject({ unreadCount: 0, notifications: [{ read: true }] });
    expect(await bell(member)).toMatchObject({ unreadCount: 1, notifications: [{ read: false }] });

    expect((await request('POST', '/api/notifications/read-all', member)).statusCode).toBe(204);
    expect(await bell(member)).toMatchObject({ unreadCount: 0, notifications: [{ read: true }] });
    // Marking again changes nothing.
    expect((await request('POST', `/api/notifications/${notification!.id}/read`, owner)).statusCode).toBe(204);
  });

  it("answers 404 for someone else's notification or a malformed id, and 401 signed out", async () => {
    const [notification] = (await bell(owner)).notifications;
    expect((await request('POST', `/api/notifications/${notification!.id}/read`, stranger)).statusCode).toBe(404);
    expect((await request('POST', `/api/notifications/${crypto.randomUUID()}/read`, owner)).statusCode).toBe(404);
    // As for every record id in a path, a malformed one is simply not found.
    expect((await request('POST', '/api/notifications/not-an-id/read', owner)).statusCode).toBe(404);
    expect((await request('POST', `/api/notifications/${notification!.id}/read`, null)).statusCode).toBe(401);
    expect((await request('POST', '/api/notifications/read-all', null)).statusCode).toBe(401);
    expect((await bell(stranger)).unreadCount).toBe(0);
  });
});

describe('other long work', () => {
  it("tells whoever may see the brand that a member's discovery finished, or why it failed, once", async () => {
    const [memberRow] = await target.database.db.select().from(users).where(eq(users.email, MEMBER));
    const userId = memberRow!.id;
    // As starting a discovery and an import does: tasks of the member who started them.
    const [done, failed] = await target.database.db
      .insert(taskProgress)
      .values([
        { userId, kind: 'discovery:insights', subjectId: brandId, status: 'running' },
        { userId, kind: 'import:insights-csv', subjectId: brandId, status: 'running' },
      ])
      .returning();
    await completeTask(target.database.db, done!.id, { added: 3 });
    await completeTask(target.database.db, done!.id, { added: 3 });
    await failTask(target.database.db, failed!.id, 'The file is not UTF-8.');

    const mine = await bell(member);
    expect(mine.notifications.slice(0, 2)).toMatchObject([
      {
        kind: 'import:insights-csv:failed',
        title: 'CSV import for Bell Roasters failed',
        body: 'The file is not UTF-8.',
      },
      {
        kind: 'discovery:insights:completed',
        title: 'Insight discovery for Bell Roasters finished',
        body: '3 new insights added.',
        link: '/consumer-insights',
        read: false,
      },
    ]);
    expect(mine.notifications).toHaveLength(3);
    // Work on the agency's brand is the agency's: its owner gets it too, unread for him; strangers do not.
    expect(await bell(owner)).toEqual({ unreadCount: 2, notifications: mine.notifications });
    expect((await bell(stranger)).notifications).toHaveLength(0);
  });
});
