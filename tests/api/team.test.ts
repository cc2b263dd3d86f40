import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agencyTeamMembers,
  audits,
  brands,
  competitors,
  subscriptions,
  users,
} from '../../src/server/db/schema/index.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { AGENCY_TEAM_LIMIT, featureLimitMessage } from '../../src/shared/plans.ts';
import { addSelfMessage, teamEmailMessage, teamLimitMessage } from '../../src/shared/schemas/team.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { setPlan } from '../helpers/seed.ts';

// A started queue with no workers: audits a member starts stay processing, which is all these tests need.
let target: TestApp;
let queue: JobQueue;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const inject = (method: Method, url: string, cookie?: string, payload?: object) =>
  target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const memberUrl = (email: string) => `/api/team-members/${encodeURIComponent(email)}`;

async function userId(email: string): Promise<string> {
  const [user] = await target.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

async function teamRows(agencyEmail: string) {
  return target.database.db
    .select()
    .from(agencyTeamMembers)
    .where(eq(agencyTeamMembers.agencyUserId, await userId(agencyEmail)));
}

/** An agency owner signed in, with their plan set; returns the session cookie. */
async function agencyOwner(email: string): Promise<string> {
  const cookie = await target.signInAs(email);
  await setPlan(target.database, email, 'agency');
  return cookie;
}

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

describe('team members: adding, listing, removing', () => {
  let owner: string;

  beforeAll(async () => {
    owner = await agencyOwner('team-owner@example.com');
  });

  it('adds an address trimmed and lower-cased, and lists it', async () => {
    const added = await inject('POST', '/api/team-members', owner, { memberEmail: '  Ana.Member@Example.COM ' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ memberEmail: 'ana.member@example.com', role: 'member', isActive: true });

    const list = await inject('GET', '/api/team-members', owner);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        id: added.json().id,
        memberEmail: 'ana.member@example.com',
        role: 'member',
        isActive: true,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('refuses a missing, empty or malformed address in SPEC’s words, storing nothing', async () => {
    const before = (await teamRows('team-owner@example.com')).length;
    for (const payload of [
      {},
      { memberEmail: '' },
      { memberEmail: '   ' },
      { memberEmail: 'not-an-email' },
      { memberEmail: 42 },
    ]) {
      const response = await inject('POST', '/api/team-members', owner, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ message: teamEmailMessage, code: 'validation' });
    }
    const tooLong = await inject('POST', '/api/team-members', owner, { memberEmail: `${'a'.repeat(250)}@example.com` });
    expect(tooLong.statusCode).toBe(400);
    const header = await inject('POST', '/api/team-members', owner, {
      memberEmail: 'a@example.com\r\nBcc: b@example.com',
    });
    expect(header.statusCode).toBe(400);
    expect(await teamRows('team-owner@example.com')).toHaveLength(before);
  });

  it('refuses adding yourself (400) and the same address twice, whatever its case (409)', async () => {
    const self = await inject('POST', '/api/team-members', owner, { memberEmail: 'Team-Owner@example.com' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: addSelfMessage, code: 'validation' });

    const twice = await inject('POST', '/api/team-members', owner, { memberEmail: 'ANA.MEMBER@example.com' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'ana.member@example.com is already on your team.', code: 'conflict' });
    expect(await teamRows('team-owner@example.com')).toHaveLength(1);
  });

  it(`holds the team at ${AGENCY_TEAM_LIMIT} members: the next one is refused with a clear message`, async () => {
    const current = (await teamRows('team-owner@example.com')).length;
    for (let index = current; index < AGENCY_TEAM_LIMIT; index++) {
      const response = await inject('POST', '/api/team-members', owner, { memberEmail: `member${index}@example.com` });
      expect(response.statusCode, response.body).toBe(201);
    }
    const eleventh = await inject('POST', '/api/team-members', owner, { memberEmail: 'one-too-many@example.com' });
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json()).toEqual({ message: teamLimitMessage, code: 'plan_limit' });
    expect((await inject('GET', '/api/team-members', owner)).json()).toHaveLength(AGENCY_TEAM_LIMIT);
  });

  it('removes a member by URL-encoded address, making room again; an unknown address is 404', async () => {
    const removed = await inject('DELETE', memberUrl(' Member9@Example.com'), owner);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ memberEmail: 'member9@example.com' });
    expect((await inject('GET', '/api/team-members', owner)).json()).toHaveLength(AGENCY_TEAM_LIMIT - 1);

    const again = await inject('DELETE', memberUrl('member9@example.com'), owner);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Team member not found', code: 'not_found' });
    expect((await inject('DELETE', memberUrl('not an address'), owner)).statusCode).toBe(404);

    const plus = await inject('POST', '/api/team-members', owner, { memberEmail: 'ana+clients@example.com' });
    expect(plus.statusCode, plus.body).toBe(201);
    expect((await inject('DELETE', memberUrl('ana+clients@example.com'), owner)).statusCode).toBe(200);
  });

  it('lets only one of several additions racing for the last place through', async () => {
    expect(await teamRows('team-owner@example.com')).toHaveLength(AGENCY_TEAM_LIMIT - 1);
    const responses = await Promise.all(
      ['racer1@example.com', 'racer2@example.com', 'racer3@example.com'].map((memberEmail) =>
        inject('POST', '/api/team-members', owner, { memberEmail }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 403, 403]);
    expect(await teamRows('team-owner@example.com')).toHaveLength(AGENCY_TEAM_LIMIT);
  });

  it('gives another agency 404 for this team’s member, and leaves the member in place', async () => {
    const other = await agencyOwner('other-agency@example.com');
    const response = await inject('DELETE', memberUrl('ana.member@example.com'), other);
    expect(response.statusCode).toBe(404);
    expect((await inject('GET', '/api/team-members', other)).json()).toEqual([]);
    const rows = await teamRows('team-owner@example.com');
    expect(rows.map((row) => row.memberEmail)).toContain('ana.member@example.com');
  });

  it('answers 401 to every team route when signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/team-members'],
      ['POST', '/api/team-members'],
      ['DELETE', memberUrl('ana.member@example.com')],
      ['GET', '/api/team-membership'],
    ] as const) {
      const response = await inject(
        method,
        url,
        undefined,
        method === 'POST' ? { memberEmail: 'x@example.com' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await teamRows('team-owner@example.com')).toHaveLength(AGENCY_TEAM_LIMIT);
  });

  it('refuses team management on any plan but Agency (403 plan_feature)', async () => {
    const smb = await target.signInAs('smb-owner@example.com');
    await setPlan(target.database, 'smb-owner@example.com', 'smb');
    const expected = { message: featureLimitMessage('smb', 'teamManagement'), code: 'plan_feature' };
    for (const [method, url] of [
      ['GET', '/api/team-members'],
      ['POST', '/api/team-members'],
      ['DELETE', memberUrl('someone@example.com')],
    ] as const) {
      const response = await inject(method, url, smb, method === 'POST' ? { memberEmail: 'x@example.com' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual(expected);
    }
    expect(await teamRows('smb-owner@example.com')).toEqual([]);
  });
});

describe('a team member works in the agency’s account', () => {
  let owner: string;
  let member: string;
  let stranger: string;
  let brandId: string;

  beforeAll(async () => {
    owner = await agencyOwner('sharing-agency@example.com');
    // The member signs in with their own account before and after being added: both work.
    member = await target.signInAs('sharing-member@example.com');
    stranger = await agencyOwner('sharing-stranger@example.com');
    const brand = await inject('POST', '/api/brands', owner, {
      name: 'Client Co',
      websiteUrl: 'https://client.example',
    });
    brandId = brand.json().id;
    const added = await inject('POST', '/api/team-members', owner, { memberEmail: 'Sharing-Member@example.com' });
    expect(added.statusCode, added.body).toBe(201);
  });

  it('sees the agency’s brands, names the agency, and reports the agency’s plan as the workspace’s', async () => {
    const list = await inject('GET', '/api/brands', member);
    expect(list.json().map((brand: { name: string }) => brand.name)).toEqual(['Client Co']);
    expect((await inject('GET', `/api/brands/${brandId}`, member)).statusCode).toBe(200);

    const membership = await inject('GET', '/api/team-membership', member);
    expect(membership.json()).toEqual({
      agency: { email: 'sharing-agency@example.com', firstName: null, lastName: null },
    });
    expect((await inject('GET', '/api/team-membership', owner)).json()).toEqual({ agency: null });

    const me = (await inject('GET', '/api/auth/user', member)).json();
    expect(me).toMatchObject({
      planType: 'free',
      workspacePlanType: 'agency',
      maxBrands: 999,
      agencyOwnerId: await userId('sharing-agency@example.com'),
    });
  });

  it('changes the agency’s brands, audits and competitors, all stored under the agency', async () => {
    const agencyId = await userId('sharing-agency@example.com');
    const renamed = await inject('PATCH', `/api/brands/${brandId}`, member, { name: 'Client Co Ltd' });
    expect(renamed.statusCode, renamed.body).toBe(200);

    const audit = await inject('POST', '/api/audits', member, { brandId });
    expect(audit.statusCode, audit.body).toBe(201);
    const [auditRow] = await target.database.db.select().from(audits).where(eq(audits.id, audit.json().id));
    expect(auditRow?.userId).toBe(agencyId);
    expect((await inject('GET', `/api/audits/${audit.json().id}`, owner)).statusCode).toBe(200);
    expect((await inject('GET', '/api/audits', member)).json().map((row: { id: string }) => row.id)).toContain(
      audit.json().id,
    );

    const competitor = await inject('POST', '/api/competitors', member, { brandId, name: 'Rival Roasters' });
    expect(competitor.statusCode, competitor.body).toBe(201);
    const [competitorRow] = await target.database.db
      .select()
      .from(competitors)
      .where(eq(competitors.id, competitor.json().id));
    expect(competitorRow?.userId).toBe(agencyId);
    expect((await inject('GET', `/api/competitors?brandId=${brandId}`, owner)).json()).toHaveLength(1);

    const brand = await inject('POST', '/api/brands', member, { name: 'Second Client' });
    expect(brand.statusCode, brand.body).toBe(201);
    const [brandRow] = await target.database.db.select().from(brands).where(eq(brands.id, brand.json().id));
    expect(brandRow?.userId).toBe(agencyId);
  });

  it('adds and reads the agency’s consumer insights under the agency’s plan', async () => {
    const insight = await inject('POST', '/api/consumer-insights', member, {
      brandId,
      content: 'The flat white was excellent and the staff were friendly.',
    });
    expect(insight.statusCode, insight.body).toBe(201);
    const list = await inject('GET', `/api/consumer-insights?brandId=${brandId}`, owner);
    expect(list.json().map((row: { id: string }) => row.id)).toContain(insight.json().id);
    const report = await inject('POST', '/api/sentiment-reports', member, { brandId });
    expect(report.statusCode, report.body).toBe(201);
    expect((await inject('GET', `/api/sentiment-reports?brandId=${brandId}`, owner)).json()).toHaveLength(1);
  });

  it('keeps the agency’s records from anyone outside the team (404)', async () => {
    expect((await inject('GET', `/api/brands/${brandId}`, stranger)).statusCode).toBe(404);
    expect((await inject('GET', `/api/consumer-insights?brandId=${brandId}`, stranger)).statusCode).toBe(404);
    expect((await inject('GET', `/api/competitors?brandId=${brandId}`, stranger)).statusCode).toBe(404);
    expect((await inject('GET', '/api/brands', stranger)).json()).toEqual([]);
  });

  it('refuses the member the team itself (403), whatever the member’s own plan', async () => {
    for (const [method, url] of [
      ['GET', '/api/team-members'],
      ['POST', '/api/team-members'],
      ['DELETE', memberUrl('sharing-member@example.com')],
    ] as const) {
      const response = await inject(
        method,
        url,
        member,
        method === 'POST' ? { memberEmail: 'friend@example.com' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({
        message: "Team members cannot manage the team; only the agency account's owner can.",
        code: 'forbidden',
      });
    }
    expect((await teamRows('sharing-agency@example.com')).map((row) => row.memberEmail)).toEqual([
      'sharing-member@example.com',
    ]);
  });

  it('shows the member their own billing only, never the agency’s', async () => {
    const agencyId = await userId('sharing-agency@example.com');
    const now = new Date();
    await target.database.db.insert(subscriptions).values({
      userId: agencyId,
      plan: 'agency',
      status: 'active',
      provider: 'demo',
      providerSubscriptionId: 'demo_sub_sharing_agency',
      currentPeriodEnd: new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000),
      startedAt: now,
      confirmedAt: now,
    });
    const ownerDetails = (await inject('GET', '/api/subscription-details', owner)).json();
    expect(ownerDetails).toMatchObject({ planType: 'agency', subscription: { plan: { key: 'agency' } } });

    const memberDetails = (await inject('GET', '/api/subscription-details', member)).json();
    expect(memberDetails).toMatchObject({ planType: 'free', subscription: null, brands: { used: 0, limit: 1 } });

    const cancel = await inject('POST', '/api/cancel-subscription', member);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('You have no active subscription.');
    const [row] = await target.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'demo_sub_sharing_agency'));
    expect(row?.cancelAtPeriodEnd).toBe(false);
  });
});

describe('losing access', () => {
  it('ends a removed member’s access on their very next request, with the session they already hold', async () => {
    const owner = await agencyOwner('removing-agency@example.com');
    const member = await target.signInAs('removed-member@example.com');
    const brand = await inject('POST', '/api/brands', owner, { name: 'Removal Client' });
    await inject('POST', '/api/team-members', owner, { memberEmail: 'removed-member@example.com' });
    expect((await inject('GET', `/api/brands/${brand.json().id}`, member)).statusCode).toBe(200);

    expect((await inject('DELETE', memberUrl('removed-member@example.com'), owner)).statusCode).toBe(200);

    expect((await inject('GET', `/api/brands/${brand.json().id}`, member)).statusCode).toBe(404);
    expect((await inject('GET', '/api/brands', member)).json()).toEqual([]);
    expect((await inject('GET', '/api/team-membership', member)).json()).toEqual({ agency: null });
    const edit = await inject('PATCH', `/api/brands/${brand.json().id}`, member, { name: 'Hijacked' });
    expect(edit.statusCode).toBe(404);
    const [stored] = await target.database.db.select().from(brands).where(eq(brands.id, brand.json().id));
    expect(stored?.name).toBe('Removal Client');
  });

  it('ends members’ access while the agency is off the Agency plan, and restores it when it returns', async () => {
    const owner = await agencyOwner('lapsing-agency@example.com');
    const member = await target.signInAs('lapsing-member@example.com');
    const brand = await inject('POST', '/api/brands', owner, { name: 'Lapsing Client' });
    await inject('POST', '/api/team-members', owner, { memberEmail: 'lapsing-member@example.com' });
    const brandUrl = `/api/brands/${brand.json().id}`;
    expect((await inject('GET', brandUrl, member)).statusCode).toBe(200);

    await setPlan(target.database, 'lapsing-agency@example.com', 'smb');
    expect((await inject('GET', brandUrl, member)).statusCode).toBe(404);
    expect((await inject('GET', '/api/auth/user', member)).json()).toMatchObject({ agencyOwnerId: null });
    // The membership is kept, so the team comes back with the plan.
    const rows = await target.database.db
      .select()
      .from(agencyTeamMembers)
      .where(
        and(eq(agencyTeamMembers.memberEmail, 'lapsing-member@example.com'), eq(agencyTeamMembers.isActive, true)),
      );
    expect(rows).toHaveLength(1);

    await setPlan(target.database, 'lapsing-agency@example.com', 'agency');
    expect((await inject('GET', brandUrl, member)).statusCode).toBe(200);
  });
});
