import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema/index.ts';
import { agencyTeamMembers, subscriptions, uploadedFiles, users } from '../../src/server/db/schema/index.ts';
import { SESSION_COOKIE } from '../../src/server/http/session.ts';
import { createDemoBilling } from '../../src/server/integrations/demo-billing/demo-billing.ts';
import {
  accountDeletedMessage,
  DELETE_ACCOUNT_PHRASE,
  deleteConfirmationMessage,
  paymentProviderUnreachableMessage,
} from '../../src/shared/schemas/account.ts';
import { type StripeDouble, startStripeDouble } from '../doubles/stripe.ts';
import { createTestApp, multipartFile, type TestApp } from '../helpers/app.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { seedCompletedAudit, setPlan } from '../helpers/seed.ts';
import { seedAccountRows, userIdOf } from '../helpers/seed-account.ts';

type Row = Record<string, unknown>;
type Snapshot = Map<string, Row[]>;

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
/** The payment provider's own records (demo billing stands in for Stripe, which keeps its customers). */
const providerTables = new Set(['demo_billing_objects']);

async function snapshot(target: TestApp): Promise<Snapshot> {
  const all = new Map<string, Row[]>();
  for (const table of tables) all.set(getTableName(table), await target.database.db.select().from(table));
  return all;
}

/** A row's identity: its id, sid or key; a per-day mention count is known by what it counts. */
const keyOf = (row: Row) => String(row.id ?? row.sid ?? row.key ?? JSON.stringify({ ...row, mentions: undefined }));

/**
 * The rows that are the account's: those naming its id or e-mail, then those naming any of those
 * rows, and so on (an audit's report names the audit, not the user).
 */
function rowsOfAccount(before: Snapshot, userId: string, email: string): Map<string, Set<string>> {
  const names = new Set([userId, email]);
  const owned = new Map<string, Set<string>>([...before.keys()].map((name) => [name, new Set<string>()]));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [table, rows] of before) {
      if (providerTables.has(table)) continue;
      for (const row of rows) {
        const key = keyOf(row);
        if (owned.get(table)!.has(key)) continue;
        const text = JSON.stringify(row);
        if ([...names].some((name) => text.includes(name))) {
          owned.get(table)!.add(key);
          names.add(key);
          grew = true;
        }
      }
    }
  }
  return owned;
}

/** Every table, counted before and after: exactly the account's rows are gone, everyone else's are all there. */
function expectOnlyAccountRowsGone(before: Snapshot, after: Snapshot, owned: Map<string, Set<string>>) {
  let deleted = 0;
  for (const [table, rowsBefore] of before) {
    if (providerTables.has(table)) continue;
    const gone = owned.get(table)!;
    const expectedKeys = rowsBefore.map(keyOf).filter((key) => !gone.has(key));
    const rowsAfter = after.get(table)!;
    expect(rowsAfter.length, `${table}: ${rowsBefore.length} rows before, ${gone.size} of the account's`).toBe(
      rowsBefore.length - gone.size,
    );
    expect(rowsAfter.map(keyOf).sort(), table).toEqual(expectedKeys.sort());
    deleted += gone.size;
  }
  return deleted;
}

function del(target: TestApp, cookie: string | null, payload?: object) {
  return target.app.inject({
    method: 'DELETE',
    url: '/api/account',
    ...(payload ? { payload } : {}),
    headers: cookie ? { cookie } : {},
  });
}

describe('account deletion (demo billing)', () => {
  let target: WorkingTestApp;
  let dataDir: string;
  const get = (url: string, cookie?: string) =>
    target.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string, payload?: object) =>
    target.app.inject({ method: 'POST', url, payload, headers: { cookie } });

  async function upload(cookie: string, name: string) {
    const body = multipartFile(Buffer.from('%PDF-1.4\n%%EOF\n'), { fileName: name, contentType: 'application/pdf' });
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [file] = await target.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.originalName, name));
    return path.join(dataDir, 'uploads', file!.storageKey);
  }

  /** Agency through the test checkout: a confirmed trial at the demo provider. */
  async function subscribeAgency(cookie: string) {
    const created = await post('/api/get-or-create-subscription', cookie, { plan: 'agency' });
    expect(created.statusCode, created.body).toBe(200);
    const confirmed = await post('/api/demo-billing/confirm', cookie, {
      clientSecret: created.json().clientSecret,
      outcome: 'succeed',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const back = new URL(confirmed.json().returnUrl, 'http://localhost');
    const status = await post('/api/check-payment-status', cookie, {
      setupIntentId: back.searchParams.get('setup_intent') ?? undefined,
      paymentIntentId: back.searchParams.get('payment_intent') ?? undefined,
      redirectStatus: back.searchParams.get('redirect_status'),
    });
    expect(status.statusCode, status.body).toBe(200);
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-deletion-'));
    target = await createWorkingTestApp({ env: { DATA_DIR: dataDir } });
  });

  afterAll(async () => {
    await target.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('asks for the typed phrase, and a signed-out caller gets 401; nothing changes', async () => {
    const cookie = await target.signInAs('hesitant@example.com');
    for (const payload of [undefined, {}, { confirmation: 'delete my account' }, { confirmation: 'yes' }]) {
      const response = await del(target, cookie, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation' });
    }
    expect((await del(target, cookie, { confirmation: 'nope' })).json().message).toBe(deleteConfirmationMessage);
    expect((await del(target, null, { confirmation: DELETE_ACCOUNT_PHRASE })).statusCode).toBe(401);
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(200);
  });

  it('cancels the subscription, deletes every row and file of the account and nothing of anyone else, and signs out', async () => {
    const owner = await target.signInAs('leaving@example.com');
    const member = await target.signInAs('member@example.com');
    const bystander = await target.signInAs('bystander@example.com');
    const otherAgency = await target.signInAs('other-agency@example.com');
    await subscribeAgency(owner);
    const ownerSeed = await seedAccountRows(target.database, target.config, 'leaving@example.com');
    const memberSeed = await seedAccountRows(target.database, target.config, 'member@example.com');
    const bystanderSeed = await seedAccountRows(target.database, target.config, 'bystander@example.com');
    const ownerUpload = await upload(owner, 'leaving-guide.pdf');
    const bystanderUpload = await upload(bystander, 'bystander-guide.pdf');
    const ownerId = ownerSeed.userId;

    // The owner's agency team, and another agency whose team the owner belongs to.
    await target.database.db
      .insert(agencyTeamMembers)
      .values({ agencyUserId: ownerId, memberEmail: 'member@example.com' });
    await setPlan(target.database, 'other-agency@example.com', 'agency');
    const otherAgencyId = await userIdOf(target.database, 'other-agency@example.com');
    await target.database.db
      .insert(agencyTeamMembers)
      .values({ agencyUserId: otherAgencyId, memberEmail: 'leaving@example.com' });
    const brandsOf = async (cookie: string) =>
      ((await get('/api/brands', cookie)).json() as { id: string }[]).map((brand) => brand.id);
    expect(await brandsOf(member)).toContain(ownerSeed.brands[0]!.id);

    // Shared links, anyone may open.
    const audit = ownerSeed.audits[0]!;
    const report = (await post(`/api/audits/${audit.id}/share`, owner, {})).json();
    expect((await get(`/api/reports/${report.shareableToken}`)).statusCode).toBe(200);
    expect((await post(`/api/audits/${audit.id}/marketing-recommendations`, owner)).statusCode).toBe(200);
    const recommendations = (await post(`/api/audits/${audit.id}/marketing-recommendations/share`, owner)).json();
    const recommendationsUrl = `/api/marketing-recommendations/share/${recommendations.shareableToken}`;
    expect((await get(recommendationsUrl)).statusCode).toBe(200);

    // A ready data export on disk.
    expect((await post('/api/account/export', owner)).statusCode).toBe(202);
    const exported = await waitFor(
      async () => (await get('/api/account/export', owner)).json().export,
      (latest) => latest.status !== 'processing',
      { what: 'the export' },
    );
    expect(exported.status).toBe('ready');
    const zipPath = path.join(dataDir, 'exports', `${exported.id}.zip`);
    expect(fs.existsSync(zipPath)).toBe(true);
    expect(fs.existsSync(ownerSeed.mail.emlPath)).toBe(true);

    const live = (await target.database.db.select().from(subscriptions).where(eq(subscriptions.userId, ownerId))).find(
      (row) => row.status === 'trialing',
    )!;
    const demo = createDemoBilling(target.database.db);
    expect((await demo.retrieveSubscription(live.providerSubscriptionId!))!.status).toBe('trialing');

    const before = await snapshot(target);
    const response = await del(target, owner, { confirmation: ` ${DELETE_ACCOUNT_PHRASE} ` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: accountDeletedMessage });
    const cleared = [response.headers['set-cookie']].flat().find((header) => header?.startsWith(`${SESSION_COOKIE}=;`));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    const after = await snapshot(target);

    // Rows: counted table by table.
    const owned = rowsOfAccount(before, ownerId, 'leaving@example.com');
    const deleted = expectOnlyAccountRowsGone(before, after, owned);
    expect(deleted).toBeGreaterThan(40);
    for (const table of [
      'users',
      'brands',
      'audits',
      'audit_reports',
      'sessions',
      'outbox_messages',
      'agency_team_members',
    ]) {
      expect(owned.get(table)!.size, table).toBeGreaterThan(0);
    }
    for (const [table, rows] of after) {
      if (providerTables.has(table)) continue;
      for (const row of rows) expect(JSON.stringify(row), table).not.toContain(ownerId);
    }
    // The members keep their accounts and lose the access; the other agency keeps its team less the owner.
    expect(await userIdOf(target.database, 'member@example.com')).toBe(memberSeed.userId);
    expect(await brandsOf(member)).toEqual(expect.not.arrayContaining([ownerSeed.brands[0]!.id]));
    expect(await brandsOf(member)).toEqual(expect.arrayContaining(memberSeed.brands.map((brand) => brand.id)));
    expect(await brandsOf(bystander)).toEqual(expect.arrayContaining(bystanderSeed.brands.map((brand) => brand.id)));
    expect((await get('/api/auth/user', otherAgency)).statusCode).toBe(200);

    // Files: the account's are gone, everyone else's stay.
    expect(fs.existsSync(ownerUpload)).toBe(false);
    expect(fs.existsSync(ownerSeed.mail.emlPath)).toBe(false);
    expect(fs.existsSync(ownerSeed.mail.contentPath)).toBe(false);
    expect(fs.existsSync(zipPath)).toBe(false);
    expect(fs.existsSync(bystanderUpload)).toBe(true);
    expect(fs.existsSync(bystanderSeed.mail.emlPath)).toBe(true);

    // Shared links and the old session are dead; the subscription ended at the provider at once.
    expect((await get(`/api/reports/${report.shareableToken}`)).statusCode).toBe(404);
    expect((await get(recommendationsUrl)).statusCode).toBe(404);
    expect((await get('/api/auth/user', owner)).statusCode).toBe(401);
    const remote = await demo.retrieveSubscription(live.providerSubscriptionId!);
    expect(remote).toMatchObject({ status: 'canceled' });
    expect(remote!.endedAt).not.toBeNull();
  });

  it('lets a team member delete only their own account, never the agency owner’s', async () => {
    const agency = await target.signInAs('agency-stays@example.com');
    const teammate = await target.signInAs('teammate-leaves@example.com');
    await setPlan(target.database, 'agency-stays@example.com', 'agency');
    const { brand, owner } = await seedCompletedAudit(target.database, 'agency-stays@example.com', 'Stays Ltd');
    await target.database.db
      .insert(agencyTeamMembers)
      .values({ agencyUserId: owner.id, memberEmail: 'teammate-leaves@example.com' });
    const teammateBrands = await target.app.inject({
      method: 'GET',
      url: '/api/brands',
      headers: { cookie: teammate },
    });
    expect(teammateBrands.json().map((row: { id: string }) => row.id)).toContain(brand.id);

    const response = await del(target, teammate, { confirmation: DELETE_ACCOUNT_PHRASE });
    expect(response.statusCode, response.body).toBe(200);
    const remaining = await target.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.email, 'teammate-leaves@example.com'));
    expect(remaining).toEqual([]);
    const team = await target.database.db
      .select()
      .from(agencyTeamMembers)
      .where(eq(agencyTeamMembers.agencyUserId, owner.id));
    expect(team).toEqual([]);
    const agencyBrands = await target.app.inject({ method: 'GET', url: '/api/brands', headers: { cookie: agency } });
    expect(agencyBrands.json().map((row: { id: string }) => row.id)).toEqual([brand.id]);
    expect((await get(`/api/audits/${(await get('/api/audits', agency)).json()[0].id}`, agency)).statusCode).toBe(200);
  });
});

describe('account deletion (Stripe)', () => {
  let stripe: StripeDouble;
  let target: TestApp;

  beforeAll(async () => {
    stripe = await startStripeDouble();
    target = await createTestApp({ env: stripe.env() });
  });

  afterAll(async () => {
    await target.close();
    await stripe.close();
  });

  it('deletes nothing while Stripe cannot be reached, then cancels the subscription at Stripe at once', async () => {
    const cookie = await target.signInAs('stripe-leaver@example.com');
    const post = (url: string, payload?: object) =>
      target.app.inject({ method: 'POST', url, payload, headers: { cookie } });
    const created = await post('/api/get-or-create-subscription', { plan: 'smb' });
    expect(created.statusCode, created.body).toBe(200);
    const setupIntentId = created.json().clientSecret.split('_secret_')[0];
    stripe.succeedSetupIntent(setupIntentId);
    const status = await post('/api/check-payment-status', { setupIntentId, redirectStatus: 'succeeded' });
    expect(status.statusCode, status.body).toBe(200);
    const userId = await userIdOf(target.database, 'stripe-leaver@example.com');
    const [local] = await target.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const remoteId = local!.providerSubscriptionId!;
    expect(stripe.subscriptions.get(remoteId)!.status).toBe('trialing');

    // The first try and the client's two retries all find no answer.
    stripe.failNext(3, 'unreachable');
    const refused = await del(target, cookie, { confirmation: DELETE_ACCOUNT_PHRASE });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ message: paymentProviderUnreachableMessage, code: 'upstream_failed' });
    expect(await userIdOf(target.database, 'stripe-leaver@example.com')).toBe(userId);
    expect(stripe.subscriptions.get(remoteId)!.status).toBe('trialing');

    const done = await del(target, cookie, { confirmation: DELETE_ACCOUNT_PHRASE });
    expect(done.statusCode, done.body).toBe(200);
    expect(stripe.subscriptions.get(remoteId)!.status).toBe('canceled');
    const cancelRequests = stripe.requests.filter(
      (request) =>
        request.method === 'DELETE' && request.path.startsWith(`/v1/subscriptions/${remoteId}`) && !request.failure,
    );
    expect(cancelRequests).toHaveLength(1);
    expect(await target.database.db.select().from(users).where(eq(users.id, userId))).toEqual([]);
  });
});
