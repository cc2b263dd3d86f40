import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, users, whiteLabelSettings } from '../../src/server/db/schema/index.ts';
import { EmailNotSendableError } from '../../src/server/emails/composer.ts';
import {
  TEAM_INVITATION_EMAIL_KIND,
  teamInvitationEmail,
} from '../../src/server/features/team/team-invitation-email.ts';
import { createUploadStorage } from '../../src/server/features/uploads/storage.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { fileStoreOf } from '../../src/server/storage/create-file-store.ts';
import { plans } from '../../src/shared/plans.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { setPlan } from '../helpers/seed.ts';

// A started queue with no workers: invitations are queued in the outbox and stay there to be read.
let target: TestApp;
let queue: JobQueue;

type Method = 'GET' | 'POST' | 'DELETE';
const inject = (method: Method, url: string, cookie?: string, payload?: object) =>
  target.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
const memberUrl = (email: string) => `/api/team-members/${encodeURIComponent(email)}`;

async function userId(email: string): Promise<string> {
  const [user] = await target.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user!.id;
}

async function invitationsTo(address: string) {
  const rows = await target.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.kind, TEAM_INVITATION_EMAIL_KIND));
  return rows.filter((row) => row.recipients.includes(address));
}

const composeDeps = () => ({
  db: target.database.db,
  config: target.config,
  logger: pino({ level: 'silent' }),
  ai: null,
  uploads: createUploadStorage(fileStoreOf(target.config)),
  signal: new AbortController().signal,
});
/** The plain-text part with its line wrapping undone. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

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

describe('the invitation e-mail of a new team member', () => {
  const OWNER = 'ada@agency.example';
  let owner: string;

  beforeAll(async () => {
    owner = await target.signInAs(OWNER);
    await setPlan(target.database, OWNER, 'agency');
    await target.database.db
      .update(users)
      .set({ firstName: 'Ada', lastName: 'Lovelace' })
      .where(eq(users.email, OWNER));
  });

  it('is queued once per addition, to the member, saying who added them, to which agency and how to sign in', async () => {
    const added = await inject('POST', '/api/team-members', owner, { memberEmail: 'New.Member@Example.com' });
    expect(added.statusCode, added.body).toBe(201);
    const [invitation, ...more] = await invitationsTo('new.member@example.com');
    expect(more).toEqual([]);
    expect(invitation).toMatchObject({ userId: await userId(OWNER), recipients: ['new.member@example.com'] });

    const mail = await teamInvitationEmail.compose(composeDeps(), teamInvitationEmail.params.parse(invitation!.params));
    expect(mail.subject).toBe("You have been added to Ada Lovelace's team on Brandlens");
    const signInUrl = `${target.config.publicUrl}/signin`;
    const text = flat(mail.text);
    expect(text).toContain('Ada Lovelace (ada@agency.example) added you to the team of Ada Lovelace on Brandlens.');
    expect(text).toContain(`sign in at ${signInUrl} with your own Google or Replit account for new.member@example.com`);
    expect(mail.html).toContain(`href="${signInUrl}"`);
    // No token or secret: every address in it is a page of the app, with nothing in its query.
    const urls = mail.text.match(/https?:\/\/[^\s)"']+/g) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url.startsWith(target.config.publicUrl), url).toBe(true);
      expect(url).not.toContain('?');
    }
    expect(mail.text).not.toContain(target.config.sessionSecret);

    // The same address again is refused (409) and sends nothing more.
    expect(
      (await inject('POST', '/api/team-members', owner, { memberEmail: 'new.member@example.com' })).statusCode,
    ).toBe(409);
    expect(await invitationsTo('new.member@example.com')).toHaveLength(1);
  });

  it('names the agency by its white-label name, tells a member added again, and sends nothing once removed', async () => {
    await target.database.db
      .insert(whiteLabelSettings)
      .values({ userId: await userId(OWNER), companyName: 'Northwind Agency', primaryColor: '#0A5C36' });
    expect((await inject('POST', '/api/team-members', owner, { memberEmail: 'again@example.com' })).statusCode).toBe(
      201,
    );
    expect((await inject('DELETE', memberUrl('again@example.com'), owner)).statusCode).toBe(200);
    expect((await inject('POST', '/api/team-members', owner, { memberEmail: 'again@example.com' })).statusCode).toBe(
      201,
    );
    const invitations = await invitationsTo('again@example.com');
    expect(invitations).toHaveLength(2);

    const latest = invitations.at(-1)!;
    const mail = await teamInvitationEmail.compose(composeDeps(), teamInvitationEmail.params.parse(latest.params));
    expect(mail.subject).toBe("You have been added to Northwind Agency's team on Brandlens");
    expect(flat(mail.text)).toContain('added you to the team of Northwind Agency on Brandlens.');

    expect((await inject('DELETE', memberUrl('again@example.com'), owner)).statusCode).toBe(200);
    await expect(
      teamInvitationEmail.compose(composeDeps(), teamInvitationEmail.params.parse(latest.params)),
    ).rejects.toBeInstanceOf(EmailNotSendableError);
  });

  it('is not sent for an addition that is refused (401 signed out, 403 on another plan)', async () => {
    expect(
      (await inject('POST', '/api/team-members', undefined, { memberEmail: 'nobody@example.com' })).statusCode,
    ).toBe(401);
    const smb = await target.signInAs('smb-owner@example.com');
    await setPlan(target.database, 'smb-owner@example.com', 'smb');
    expect((await inject('POST', '/api/team-members', smb, { memberEmail: 'nobody@example.com' })).statusCode).toBe(
      403,
    );
    expect(await invitationsTo('nobody@example.com')).toEqual([]);
  });
});

describe("a member's plan: the agency's where they work, their own for billing", () => {
  const AGENCY = 'plan-agency@example.com';
  const MEMBER = 'plan-member@example.com';
  let owner: string;
  let member: string;

  beforeAll(async () => {
    owner = await target.signInAs(AGENCY);
    await setPlan(target.database, AGENCY, 'agency');
    member = await target.signInAs(MEMBER);
    expect((await inject('POST', '/api/team-members', owner, { memberEmail: MEMBER })).statusCode).toBe(201);
  });

  it("GET /api/auth/user gives a member the agency's plan and features, and their own plan apart", async () => {
    const me = (await inject('GET', '/api/auth/user', member)).json();
    expect(me).toMatchObject({
      planType: 'free',
      workspacePlanType: 'agency',
      workspaceFeatures: plans.agency.allows,
      maxBrands: 999,
      agencyOwnerId: await userId(AGENCY),
    });
    expect((await inject('GET', '/api/auth/user', owner)).json()).toMatchObject({
      workspacePlanType: 'agency',
      workspaceFeatures: plans.agency.allows,
      agencyOwnerId: null,
    });
    const outsider = await target.signInAs('plan-outsider@example.com');
    expect((await inject('GET', '/api/auth/user', outsider)).json()).toMatchObject({
      planType: 'free',
      workspacePlanType: 'free',
      workspaceFeatures: plans.free.allows,
    });
  });

  it('GET /api/subscription-details shows a member the agency workspace beside their own account', async () => {
    const details = (await inject('GET', '/api/subscription-details', member)).json();
    expect(details).toMatchObject({
      planType: 'free',
      subscription: null,
      workspace: {
        agency: { name: AGENCY, email: AGENCY },
        planType: 'agency',
        brands: { used: 0, limit: 999 },
        usage: { insights: { limit: null }, competitors: { limit: null } },
      },
    });
    expect((await inject('GET', '/api/subscription-details', owner)).json().workspace).toBeNull();
    expect((await inject('GET', '/api/subscription-details')).statusCode).toBe(401);

    // Removed from the team, the member is back in their own account alone.
    await inject('DELETE', memberUrl(MEMBER), owner);
    expect((await inject('GET', '/api/subscription-details', member)).json().workspace).toBeNull();
    const me = (await inject('GET', '/api/auth/user', member)).json();
    expect(me).toMatchObject({ workspacePlanType: 'free', workspaceFeatures: plans.free.allows, agencyOwnerId: null });
  });
});
