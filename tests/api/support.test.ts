import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, supportMessages, users } from '../../src/server/db/schema/index.ts';
import { administratorAddresses } from '../../src/server/features/support/create-support-message.ts';
import { testConfig } from '../helpers/app.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';

const ADMIN = 'admin@brandlens.local';
let target: WorkingTestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'support-api-'));
  target = await createWorkingTestApp({ env: { DATA_DIR: dataDir } });
});

afterAll(async () => {
  await target.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Payload = Record<string, unknown>;

function contact(cookie: string | null, payload: Payload | string, headers: Record<string, string> = {}) {
  return target.app.inject({
    method: 'POST',
    url: '/api/support/contact',
    payload,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
  });
}
const list = (cookie: string | null, query = '') =>
  target.app.inject({
    method: 'GET',
    url: `/api/admin/support-messages${query}`,
    headers: cookie ? { cookie } : {},
  });
const patch = (cookie: string | null, id: string, payload: Payload) =>
  target.app.inject({
    method: 'PATCH',
    url: `/api/admin/support-messages/${id}`,
    payload,
    headers: cookie ? { cookie } : {},
  });

const message = (overrides: Payload = {}): Payload => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Audit stuck',
  priority: 'high',
  message: 'My audit has been processing for an hour.',
  ...overrides,
});

async function storedCount() {
  const [row] = await target.database.db.select({ value: count() }).from(supportMessages);
  return row!.value;
}

async function storedMessage(id: string) {
  const [row] = await target.database.db.select().from(supportMessages).where(eq(supportMessages.id, id));
  return row;
}

/** A message sent through the API by a fresh account; returns its id. */
async function sent(account: string, overrides: Payload = {}) {
  const cookie = await target.signInAs(account);
  const response = await contact(cookie, message({ email: account, ...overrides }));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

describe('POST /api/support/contact', () => {
  it('stores the message for the signed-in sender and e-mails the administrators, HTML kept as text', async () => {
    const cookie = await target.signInAs('sender@example.com');
    const response = await contact(
      cookie,
      message({
        name: '  <b>Ada</b> Lovelace  ',
        subject: '<script>alert(1)</script> Help',
        message: 'Line one\n<img src=x onerror=alert(1)>',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { id, status } = response.json();
    expect(status).toBe('open');

    const row = await storedMessage(id);
    const [sender] = await target.database.db.select().from(users).where(eq(users.email, 'sender@example.com'));
    expect(row).toMatchObject({
      userId: sender!.id,
      name: '<b>Ada</b> Lovelace',
      email: 'ada@example.com',
      subject: '<script>alert(1)</script> Help',
      message: 'Line one\n<img src=x onerror=alert(1)>',
      priority: 'high',
      status: 'open',
    });

    const [notice] = await target.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, 'support-message'));
    expect(notice).toMatchObject({ recipients: [ADMIN], userId: null, params: { supportMessageId: id } });
    await waitFor(
      async () => (await target.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, notice!.id)))[0],
      (outbox) => outbox?.status === 'sent',
      { timeoutMs: 30_000, what: 'the administrators’ notice to be sent' },
    );
    const admin = await target.signInAs(ADMIN);
    const detail = await target.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${notice!.id}`,
      headers: { cookie: admin },
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const { subject, content } = detail.json();
    expect(subject).toBe('Support: High priority: <script>alert(1)</script> Help');
    expect(content.text).toContain('<img src=x onerror=alert(1)>');
    expect(content.text).toContain('ada@example.com');
    expect(content.html).not.toContain('<img src=x');
    expect(content.html).not.toContain('<script>');
    expect(content.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(content.html).toContain('http://localhost:5000/admin/support');
  });

  it('defaults the priority to normal', async () => {
    const id = await sent('default-priority@example.com', { priority: undefined });
    expect((await storedMessage(id))?.priority).toBe('normal');
  });

  it('refuses missing, blank, invalid, over-long and oversized fields, storing nothing', async () => {
    const cookie = await target.signInAs('invalid@example.com');
    const before = await storedCount();
    const refusals: [Payload | string, number, string | RegExp][] = [
      [message({ name: undefined }), 400, 'Please fill in all fields'],
      [message({ subject: '   ', message: '' }), 400, 'Please fill in all fields'],
      [message({ email: '' }), 400, 'Please fill in all fields'],
      [{}, 400, 'Please fill in all fields'],
      [message({ email: 'not-an-address' }), 400, 'Please enter a valid email address'],
      [message({ email: 'a@example.com\r\nBcc: b@example.com' }), 400, 'Please enter a valid email address'],
      [message({ priority: 'urgent' }), 400, 'Priority must be low, normal or high'],
      [message({ name: 'N'.repeat(201) }), 400, 'Name must be at most 200 characters'],
      [message({ subject: 'S'.repeat(301) }), 400, 'Subject must be at most 300 characters'],
      [message({ subject: 'Line\nbreak' }), 400, 'Subject contains a control character'],
      [message({ message: 'x'.repeat(50 * 1024) }), 400, 'Message must be at most 10,000 characters'],
      [message({ message: 'x'.repeat(100 * 1024) }), 413, /too large/],
      ['{"name": ', 400, /JSON/],
    ];
    for (const [payload, statusCode, text] of refusals) {
      const response = await contact(cookie, payload);
      expect(response.statusCode, `${JSON.stringify(payload).slice(0, 80)}: ${response.body}`).toBe(statusCode);
      if (typeof text === 'string') expect(response.json().message).toBe(text);
      else expect(response.json().message).toMatch(text);
    }
    expect(await storedCount()).toBe(before);
  });

  it('answers 401 to a signed-out sender, whatever the body', async () => {
    const before = await storedCount();
    const response = await contact(null, message());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthorized', code: 'unauthorized' });
    expect((await contact(null, {})).statusCode).toBe(401);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a cross-site post', async () => {
    const cookie = await target.signInAs('cross-site@example.com');
    const response = await contact(cookie, message(), { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
  });

  it('allows five messages per account in ten minutes, then 429 with Retry-After', async () => {
    const cookie = await target.signInAs('chatty@example.com');
    for (let index = 1; index <= 5; index++) {
      const response = await contact(cookie, message({ email: `chatty-${index}@example.com` }));
      expect(response.statusCode, response.body).toBe(201);
    }
    const before = await storedCount();
    const refused = await contact(cookie, message({ email: 'chatty-6@example.com' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    expect(refused.json().message).toMatch(/^Too many messages: please wait \d+ minutes/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedCount()).toBe(before);
    // Another account is not held back by this one.
    await sent('quiet@example.com');
  });

  it('allows five messages per reply-to address, whichever accounts send them', async () => {
    const first = await target.signInAs('address-one@example.com');
    for (let index = 0; index < 5; index++) {
      expect((await contact(first, message({ email: 'Shared@Example.com' }))).statusCode).toBe(201);
    }
    const second = await target.signInAs('address-two@example.com');
    expect((await contact(second, message({ email: 'shared@example.com ' }))).statusCode).toBe(429);
    expect((await contact(second, message({ email: 'own@example.com' }))).statusCode).toBe(201);
  });
});

describe('GET /api/admin/support-messages', () => {
  let admin: string;
  let ids: Record<'billing' | 'audit' | 'percent', string>;

  beforeAll(async () => {
    admin = await target.signInAs(ADMIN);
    ids = {
      billing: await sent('inbox-billing@example.com', {
        name: 'Grace Hopper',
        subject: 'Invoice question',
        message: 'Where is my VAT receipt?',
        priority: 'low',
      }),
      audit: await sent('inbox-audit@example.com', {
        name: 'Alan Turing',
        subject: 'Scores look odd',
        message: 'The SEO score dropped after the redesign.',
        priority: 'normal',
      }),
      percent: await sent('inbox-percent@example.com', {
        name: 'Percent Person',
        subject: 'Discount',
        message: 'Is there a 100% discount for charities?',
        priority: 'normal',
      }),
    };
  });

  it('lists every account’s messages, newest first, with the sending account', async () => {
    const response = await list(admin);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.mailDelivery).toBe('outbox');
    expect(body.truncated).toBe(false);
    const listed = body.messages.map((item: { id: string }) => item.id);
    expect(listed.indexOf(ids.percent)).toBeLessThan(listed.indexOf(ids.audit));
    expect(listed.indexOf(ids.audit)).toBeLessThan(listed.indexOf(ids.billing));
    expect(body.messages.find((item: { id: string }) => item.id === ids.billing)).toMatchObject({
      name: 'Grace Hopper',
      email: 'inbox-billing@example.com',
      accountEmail: 'inbox-billing@example.com',
      subject: 'Invoice question',
      priority: 'low',
      status: 'open',
    });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('searches name, e-mail, subject and message without regard to case', async () => {
    const found = async (q: string) =>
      (await list(admin, `?q=${encodeURIComponent(q)}`)).json().messages.map((item: { id: string }) => item.id);
    expect(await found('grace HOPPER')).toEqual([ids.billing]);
    expect(await found('INBOX-AUDIT@')).toEqual([ids.audit]);
    expect(await found('invoice')).toEqual([ids.billing]);
    expect(await found('seo score')).toEqual([ids.audit]);
    // % and _ are looked for as typed, not as wildcards.
    expect(await found('100%')).toEqual([ids.percent]);
    expect(await found('%')).toEqual([ids.percent]);
    expect(await found('nothing matches this')).toEqual([]);
  });

  it('filters by status and priority, and limits the page', async () => {
    const lows = (await list(admin, '?priority=low')).json().messages;
    expect(lows.map((item: { id: string }) => item.id)).toContain(ids.billing);
    expect(lows.every((item: { priority: string }) => item.priority === 'low')).toBe(true);
    const resolved = (await list(admin, '?status=resolved&q=inbox-')).json();
    expect(resolved.messages).toEqual([]);
    const page = (await list(admin, '?limit=1')).json();
    expect(page.messages).toHaveLength(1);
    expect(page.truncated).toBe(true);
  });

  it('refuses unknown filter values with 400', async () => {
    const status = await list(admin, '?status=closed');
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toBe('Status must be one of open, in_progress or resolved');
    expect((await list(admin, '?priority=urgent')).statusCode).toBe(400);
    expect((await list(admin, '?limit=0')).statusCode).toBe(400);
    expect((await list(admin, `?q=${'q'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('answers 403 to anyone who is not an administrator, and 401 when signed out', async () => {
    const user = await target.signInAs('inbox-billing@example.com');
    const refused = await list(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "You don't have permission to access this page", code: 'forbidden' });
    expect((await list(user, '?status=closed')).statusCode).toBe(403);
    expect((await list(null)).statusCode).toBe(401);
  });
});

describe('PATCH /api/admin/support-messages/{id}', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await target.signInAs(ADMIN);
  });

  it('moves open to in progress to resolved, and nothing moves a resolved message', async () => {
    const id = await sent('flow@example.com');
    const started = await patch(admin, id, { status: 'in_progress' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ id, status: 'in_progress', accountEmail: 'flow@example.com' });

    const again = await patch(admin, id, { status: 'in_progress' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This message is already in progress', code: 'conflict' });
    const back = await patch(admin, id, { status: 'open' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('A message cannot be moved back to open');

    const resolved = await patch(admin, id, { status: 'resolved' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().status).toBe('resolved');
    const reopened = await patch(admin, id, { status: 'in_progress' });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().message).toBe('A resolved message cannot be moved back to in progress');
    expect((await patch(admin, id, { status: 'resolved' })).statusCode).toBe(409);
    expect((await storedMessage(id))?.status).toBe('resolved');
  });

  it('resolves an open message directly', async () => {
    const id = await sent('direct@example.com');
    const resolved = await patch(admin, id, { status: 'resolved' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await storedMessage(id))?.status).toBe('resolved');
  });

  it('refuses an unknown status with 400 and an unknown or malformed id with 404', async () => {
    const id = await sent('bad-status@example.com');
    const unknown = await patch(admin, id, { status: 'closed' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Status must be one of open, in_progress or resolved');
    expect((await patch(admin, id, {})).statusCode).toBe(400);
    expect((await patch(admin, crypto.randomUUID(), { status: 'resolved' })).statusCode).toBe(404);
    expect((await patch(admin, 'not-a-uuid', { status: 'resolved' })).statusCode).toBe(404);
    expect((await storedMessage(id))?.status).toBe('open');
  });

  it('answers 403 to the sender and any other user, for their own message and any other id, changing nothing', async () => {
    const id = await sent('own-message@example.com');
    const sender = await target.signInAs('own-message@example.com');
    const other = await target.signInAs('someone-else@example.com');
    for (const cookie of [sender, other]) {
      expect((await patch(cookie, id, { status: 'resolved' })).statusCode).toBe(403);
      expect((await patch(cookie, crypto.randomUUID(), { status: 'resolved' })).statusCode).toBe(403);
      expect((await patch(cookie, id, { status: 'closed' })).statusCode).toBe(403);
    }
    expect((await patch(null, id, { status: 'resolved' })).statusCode).toBe(401);
    expect((await storedMessage(id))?.status).toBe('open');
  });
});

describe('who the notice goes to', () => {
  it('is ADMIN_EMAILS and the addresses of the accounts named in ADMIN_USER_IDS, once each', async () => {
    await target.signInAs('named-admin@example.com');
    const [named] = await target.database.db.select().from(users).where(eq(users.email, 'named-admin@example.com'));
    const config = testConfig({
      ADMIN_EMAILS: 'Boss@Example.com,named-admin@example.com',
      ADMIN_USER_IDS: `${named!.id},${crypto.randomUUID()}`,
    });
    expect(await administratorAddresses({ db: target.database.db, config })).toEqual([
      'boss@example.com',
      'named-admin@example.com',
    ]);
    expect(await administratorAddresses({ db: target.database.db, config: testConfig({ NODE_ENV: 'test' }) })).toEqual([
      ADMIN,
    ]);
  });
});
