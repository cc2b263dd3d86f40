import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskProgress, users } from '../../src/server/db/schema/index.ts';
import { completeTask } from '../../src/server/features/tasks/task-progress.ts';
import type { TNotificationList } from '../../src/shared/schemas/notifications.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { setPlan } from '../helpers/seed.ts';

// Notifications about a brand's work are read like the brand: whoever may see the brand now sees
// them (its owner and the agency's current team), whoever started the work.
let target: TestApp;
let stranger: string;

type Method = 'GET' | 'POST' | 'DELETE';
const inject = (method: Method, url: string, cookie: string | null, payload?: object) =>
  target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const memberUrl = (email: string) => `/api/team-members/${encodeURIComponent(email)}`;
const markRead = (id: string, cookie: string | null) => inject('POST', `/api/notifications/${id}/read`, cookie);

async function bell(cookie: string): Promise<TNotificationList> {
  const reply = await inject('GET', '/api/notifications', cookie);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

async function userId(email: string): Promise<string> {
  const [user] = await target.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

/** Ends a task as its job does, which is what records its notification. */
async function finishTask(email: string, kind: string, subjectId: string | null): Promise<string> {
  const [task] = await target.database.db
    .insert(taskProgress)
    .values({ userId: await userId(email), kind, subjectId, status: 'running' })
    .returning();
  await completeTask(target.database.db, task!.id, { added: 2 });
  return task!.id;
}

type Agency = { owner: string; member: string; memberEmail: string; ownerEmail: string };
type Finished = { taskId: string; notificationId: string };

/** An Agency owner with a brand, a competitor and one team member. */
async function agencyWithMember(name: string): Promise<Agency & { competitorId: string }> {
  const ownerEmail = `${name}-owner@example.com`;
  const memberEmail = `${name}-member@example.com`;
  const owner = await target.signInAs(ownerEmail);
  const member = await target.signInAs(memberEmail);
  await setPlan(target.database, ownerEmail, 'agency');
  expect((await inject('POST', '/api/team-members', owner, { memberEmail })).statusCode).toBe(201);
  const brand = await inject('POST', '/api/brands', owner, { name: `${name} Roasters` });
  expect(brand.statusCode, brand.body).toBe(201);
  const competitor = await inject('POST', '/api/competitors', member, {
    brandId: brand.json().id,
    name: 'Grind House',
  });
  expect(competitor.statusCode, competitor.body).toBe(201);
  return { owner, member, ownerEmail, memberEmail, competitorId: competitor.json().id };
}

/** The member's competitor insight discovery on the agency's brand finished; its notification's id as she sees it. */
async function memberFinishedDiscovery(agency: Agency & { competitorId: string }): Promise<Finished> {
  const taskId = await finishTask(agency.memberEmail, 'discovery:competitor-insights', agency.competitorId);
  const [notification] = (await bell(agency.member)).notifications;
  expect(notification).toMatchObject({
    kind: 'discovery:competitor-insights:completed',
    title: 'Competitor insight discovery for Grind House finished',
    body: '2 new insights added.',
    link: '/consumer-insights',
    read: false,
  });
  return { taskId, notificationId: notification!.id };
}

const taskUrl = (taskId: string) => `/api/consumer-insights/competitor-discoveries/${taskId}`;

beforeAll(async () => {
  target = await createTestApp();
  stranger = await target.signInAs('access-stranger@example.com');
});

afterAll(async () => {
  await target?.close();
});

describe("a team member's notification about the agency's brand", () => {
  it('is seen by the agency owner and the member who started the work, and by nobody else', async () => {
    const agency = await agencyWithMember('shared');
    const { notificationId } = await memberFinishedDiscovery(agency);

    expect(await bell(agency.owner)).toMatchObject({
      unreadCount: 1,
      notifications: [{ id: notificationId, title: 'Competitor insight discovery for Grind House finished' }],
    });
    expect(await bell(agency.member)).toMatchObject({ unreadCount: 1, notifications: [{ id: notificationId }] });

    expect(await bell(stranger)).toEqual({ notifications: [], unreadCount: 0 });
    expect((await markRead(notificationId, stranger)).statusCode).toBe(404);
    expect((await inject('POST', '/api/notifications/read-all', stranger)).statusCode).toBe(204);
    expect((await bell(agency.owner)).unreadCount).toBe(1);

    expect((await inject('GET', '/api/notifications', null)).statusCode).toBe(401);
    expect((await markRead(notificationId, null)).statusCode).toBe(401);
  });

  it('is read or unread for each person on their own', async () => {
    const agency = await agencyWithMember('reading');
    const { notificationId } = await memberFinishedDiscovery(agency);

    expect((await markRead(notificationId, agency.member)).statusCode).toBe(204);
    expect(await bell(agency.member)).toMatchObject({ unreadCount: 0, notifications: [{ read: true }] });
    expect(await bell(agency.owner)).toMatchObject({ unreadCount: 1, notifications: [{ read: false }] });

    expect((await inject('POST', '/api/notifications/read-all', agency.owner)).statusCode).toBe(204);
    expect(await bell(agency.owner)).toMatchObject({ unreadCount: 0, notifications: [{ read: true }] });
  });

  it('is gone for a member removed from the team: not listed, not counted, and 404 to mark read', async () => {
    const agency = await agencyWithMember('removal');
    const { taskId, notificationId } = await memberFinishedDiscovery(agency);
    expect((await inject('GET', taskUrl(taskId), agency.member)).statusCode).toBe(200);

    expect((await inject('DELETE', memberUrl(agency.memberEmail), agency.owner)).statusCode).toBe(200);

    // The task itself is no longer hers, and neither is what the bell said about it.
    expect((await inject('GET', taskUrl(taskId), agency.member)).statusCode).toBe(404);
    expect(await bell(agency.member)).toEqual({ notifications: [], unreadCount: 0 });
    expect((await markRead(notificationId, agency.member)).statusCode).toBe(404);
    // The agency keeps it.
    expect(await bell(agency.owner)).toMatchObject({ unreadCount: 1, notifications: [{ id: notificationId }] });
    expect((await inject('GET', taskUrl(taskId), agency.owner)).statusCode).toBe(200);
  });

  it("is gone for the team while the agency's plan has lapsed, and back when the plan returns", async () => {
    const agency = await agencyWithMember('lapse');
    const { notificationId } = await memberFinishedDiscovery(agency);

    await setPlan(target.database, agency.ownerEmail, 'free');
    expect(await bell(agency.member)).toEqual({ notifications: [], unreadCount: 0 });
    expect((await markRead(notificationId, agency.member)).statusCode).toBe(404);
    expect((await inject('POST', '/api/notifications/read-all', agency.member)).statusCode).toBe(204);
    expect(await bell(agency.owner)).toMatchObject({ unreadCount: 1, notifications: [{ id: notificationId }] });

    // The membership is kept while the plan lapses, so the team sees it again, still unread.
    await setPlan(target.database, agency.ownerEmail, 'agency');
    expect(await bell(agency.member)).toMatchObject({
      unreadCount: 1,
      notifications: [{ id: notificationId, read: false }],
    });
  });
});

describe('a notification about a person alone', () => {
  it('stays theirs: the agency owner’s data export is not shown to the team, nor the member’s to the owner', async () => {
    const agency = await agencyWithMember('personal');
    await finishTask(agency.ownerEmail, 'account-export', null);
    await finishTask(agency.memberEmail, 'account-export', null);
    const exportReady = { kind: 'account-export:completed', title: 'Your data export is ready' };

    const owners = await bell(agency.owner);
    const members = await bell(agency.member);
    expect(owners).toMatchObject({ unreadCount: 1, notifications: [exportReady] });
    expect(members).toMatchObject({ unreadCount: 1, notifications: [exportReady] });
    expect(owners.notifications[0]!.id).not.toBe(members.notifications[0]!.id);
    expect((await markRead(owners.notifications[0]!.id, agency.member)).statusCode).toBe(404);
    expect((await markRead(members.notifications[0]!.id, agency.owner)).statusCode).toBe(404);
  });
});
