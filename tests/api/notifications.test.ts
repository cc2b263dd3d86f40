import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actionItems,
  adLibraryEntries,
  audits,
  brands,
  competitors,
  consumerInsights,
  outboxMessages,
  users,
} from '../../src/server/db/schema/index.ts';
import { queueAuditCompleteEmail } from '../../src/server/features/notifications/queue-audit-complete-email.ts';
import { queueWeeklyDigests } from '../../src/server/features/notifications/queue-weekly-digests.ts';
import {
  createUnsubscribeToken,
  unsubscribeUrlFor,
} from '../../src/server/features/notifications/unsubscribe-token.ts';
import { createRunAuditHandler } from '../../src/server/jobs/definitions/run-audit.handler.ts';
import { type SmtpDouble, startSmtpDouble } from '../doubles/smtp.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { seedCompletedAudit } from '../helpers/seed.ts';

const logger = pino({ level: 'silent' });
let smtp: SmtpDouble;
let target: WorkingTestApp;
let dataDir: string;

beforeAll(async () => {
  smtp = await startSmtpDouble();
  dataDir = mkdtempSync(path.join(tmpdir(), 'notifications-api-'));
  target = await createWorkingTestApp({ env: { SMTP_URL: smtp.url, DATA_DIR: dataDir } });
});

afterAll(async () => {
  await target?.close();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const request = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string | null, payload?: unknown) =>
  target.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });

async function userRow(email: string) {
  const [user] = await target.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

const mailDeps = () => ({ db: target.database.db, config: target.config, queue: target.queue });
const outboxOf = (userId: string, kind: string) =>
  target.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, userId), eq(outboxMessages.kind, kind)));
const mailTo = (address: string) => smtp.messages.filter((message) => message.envelope.to.includes(address));

describe('GET and PUT /api/notification-settings', () => {
  it("starts from SPEC's defaults: reports and audit complete on, digest off, London time; competitor changes and spike alerts on", async () => {
    const cookie = await target.signInAs('defaults@example.com');
    const reply = await request('GET', '/api/notification-settings', cookie);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      emailReports: true,
      auditComplete: true,
      weeklyDigest: false,
      competitorChanges: true,
      mentionSpikes: true,
      timezone: 'Europe/London',
    });
  });

  it('saves each toggle and the timezone, keeps what is left out, and reads them back', async () => {
    const cookie = await target.signInAs('toggles@example.com');
    const first = await request('PUT', '/api/notification-settings', cookie, { weeklyDigest: true });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ emailReports: true, auditComplete: true, weeklyDigest: true });
    await request('PUT', '/api/notification-settings', cookie, {
      emailReports: false,
      auditComplete: false,
      mentionSpikes: false,
      timezone: 'America/New_York',
    });
    expect((await request('GET', '/api/notification-settings', cookie)).json()).toEqual({
      emailReports: false,
      auditComplete: false,
      weeklyDigest: true,
      competitorChanges: true,
      mentionSpikes: false,
      timezone: 'America/New_York',
    });
  });

  it("changes only the signed-in user's settings", async () => {
    const other = await target.signInAs('untouched@example.com');
    const cookie = await target.signInAs('changer@example.com');
    await request('PUT', '/api/notification-settings', cookie, { auditComplete: false, weeklyDigest: true });
    expect((await request('GET', '/api/notification-settings', other)).json()).toMatchObject({
      auditComplete: true,
      weeklyDigest: false,
    });
  });

  it('refuses bad values with a 400 and changes nothing', async () => {
    const cookie = await target.signInAs('bad-settings@example.com');
    const cases: [unknown, RegExp][] = [
      [{ weeklyDigest: 'yes' }, /weeklyDigest must be true or false/],
      [{ auditComplete: null }, /auditComplete must be true or false/],
      [{ timezone: 'Mars/Olympus_Mons' }, /valid time zone/],
      [{ timezone: '' }, /valid time zone/],
      [{ timezone: 'x'.repeat(200) }, /valid time zone/],
      [{ weeklyDigest: true, pushNotifications: true }, /pushNotifications|Unrecognized/],
    ];
    for (const [payload, message] of cases) {
      const reply = await request('PUT', '/api/notification-settings', cookie, payload);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json().message).toMatch(message);
    }
    expect((await request('GET', '/api/notification-settings', cookie)).json()).toEqual({
      emailReports: true,
      auditComplete: true,
      weeklyDigest: false,
      competitorChanges: true,
      mentionSpikes: true,
      timezone: 'Europe/London',
    });
  });

  it('answers 401 when nobody is signed in', async () => {
    expect((await request('GET', '/api/notification-settings', null)).statusCode).toBe(401);
    expect((await request('PUT', '/api/notification-settings', null, { weeklyDigest: true })).statusCode).toBe(401);
  });
});

describe('the audit complete e-mail', () => {
  it('is sent to the brand owner with the scores, the top recommendations, the report button and an unsubscribe link', async () => {
    await target.signInAs('audited@example.com');
    const { owner, audit } = await seedCompletedAudit(target.database, 'audited@example.com', 'Northwind Roasters');
    expect(await queueAuditCompleteEmail(mailDeps(), audit.id)).toBe(true);
    const [message] = await waitFor(
      async () => mailTo('audited@example.com'),
      (messages) => messages.length === 1,
      { timeoutMs: 30_000, what: 'the audit complete e-mail' },
    );
    const { subject, text = '', html = '' } = message!.parsed;
    expect(subject).toBe('Brandlens: your audit of Northwind Roasters is complete');
    expect(text).toContain(`Overall score`);
    expect(text).toContain(`${audit.overallScore}/100`);
    expect(text).toContain(`${target.config.publicUrl}/audit-results/${audit.id}`);
    expect(html).toContain(`href="${target.config.publicUrl}/audit-results/${audit.id}"`);
    expect(html).toContain('View Audit Results');
    // The three first in the report's order: priority, then score impact, then the quicker fix.
    const flatText = text.replace(/\s+/g, ' ');
    const listed = [
      'Darken the caramel accent for text and buttons (High priority)',
      'Add alt text to 23 images (High priority)',
      'Write meta descriptions for 9 pages (High priority)',
    ].map((line) => flatText.indexOf(line));
    expect(text).toContain('Top recommendations');
    expect(listed.every((index) => index > 0)).toBe(true);
    expect([...listed].sort((a, b) => a - b)).toEqual(listed);
    expect(text).not.toContain('Label the newsletter sign-up field');
    expect(text).toContain(unsubscribeUrlFor(target.config, owner.id, 'auditComplete'));

    // The same audit never sends twice.
    expect(await queueAuditCompleteEmail(mailDeps(), audit.id)).toBe(true);
    expect(await outboxOf(owner.id, 'audit-complete')).toHaveLength(1);
  });

  it('says not enough measured for social media when no profile was read, never a number', async () => {
    await target.signInAs('unread-social@example.com');
    const { audit } = await seedCompletedAudit(target.database, 'unread-social@example.com', 'Northwind Bakery');
    await target.database.db.update(audits).set({ socialMediaScore: null }).where(eq(audits.id, audit.id));
    expect(await queueAuditCompleteEmail(mailDeps(), audit.id)).toBe(true);
    const [message] = await waitFor(
      async () => mailTo('unread-social@example.com'),
      (messages) => messages.length === 1,
      { timeoutMs: 30_000, what: 'the audit complete e-mail' },
    );
    const flatText = (message!.parsed.text ?? '').replace(/\s+/g, ' ');
    expect(flatText).toContain('Social media Not enough measured');
    expect(flatText).toContain(`Website ${audit.websiteScore}/100`);
  });

  it('is queued by the run-audit job when it finds the audit completed, once', async () => {
    await target.signInAs('job-owner@example.com');
    const { owner, audit } = await seedCompletedAudit(target.database, 'job-owner@example.com');
    const handler = createRunAuditHandler({ database: target.database, config: target.config, logger }, target.queue);
    const job = {
      jobId: 'test',
      retryCount: 1,
      retryLimit: 2,
      isFinalAttempt: false,
      signal: new AbortController().signal,
      logger,
    };
    expect(await handler({ auditId: audit.id }, job)).toEqual({ outcome: 'skipped' });
    await handler({ auditId: audit.id }, job);
    const rows = await outboxOf(owner.id, 'audit-complete');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.recipients).toEqual(['job-owner@example.com']);
  });

  it('is not sent when the owner turned it off, nor for a failed audit', async () => {
    const cookie = await target.signInAs('quiet@example.com');
    await request('PUT', '/api/notification-settings', cookie, { auditComplete: false });
    const { owner, audit } = await seedCompletedAudit(target.database, 'quiet@example.com');
    expect(await queueAuditCompleteEmail(mailDeps(), audit.id)).toBe(false);

    await request('PUT', '/api/notification-settings', cookie, { auditComplete: true });
    await target.database.db.update(audits).set({ status: 'failed' }).where(eq(audits.id, audit.id));
    expect(await queueAuditCompleteEmail(mailDeps(), audit.id)).toBe(false);
    expect(await outboxOf(owner.id, 'audit-complete')).toHaveLength(0);
  });
});

describe('unsubscribing without signing in', () => {
  it('shows a confirmation page on GET and turns the toggle off only on POST', async () => {
    await target.signInAs('leaver@example.com');
    const user = await userRow('leaver@example.com');
    const url = new URL(unsubscribeUrlFor(target.config, user.id, 'auditComplete'));
    const path = `${url.pathname}${url.search}`;

    const page = await request('GET', path, null);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Stop receiving audit complete e-mails');
    expect(page.body).toContain(`<form method="post" action="${path.replaceAll('&', '&amp;')}">`);
    expect((await userRow('leaver@example.com')).notifyAuditComplete).toBe(true);

    const done = await target.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: target.config.publicUrl },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    const after = await userRow('leaver@example.com');
    expect(after.notifyAuditComplete).toBe(false);
    expect(after.notifyWeeklyDigest).toBe(false);
    expect(after.notifyEmailReports).toBe(true);
  });

  it('turns off the weekly digest by its own link', async () => {
    const cookie = await target.signInAs('digest-leaver@example.com');
    await request('PUT', '/api/notification-settings', cookie, { weeklyDigest: true });
    const user = await userRow('digest-leaver@example.com');
    const url = new URL(unsubscribeUrlFor(target.config, user.id, 'weeklyDigest'));
    const done = await request('POST', `${url.pathname}${url.search}`, null);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You will no longer receive the weekly digest');
    expect(await userRow('digest-leaver@example.com')).toMatchObject({
      notifyWeeklyDigest: false,
      notifyAuditComplete: true,
    });
  });

  it('answers a bad token with a 400 page and changes nothing', async () => {
    await target.signInAs('victim@example.com');
    await target.signInAs('attacker@example.com');
    const victim = await userRow('victim@example.com');
    const attacker = await userRow('attacker@example.com');
    const attackerToken = createUnsubscribeToken(target.config.sessionSecret, attacker.id, 'auditComplete');
    const signature = attackerToken.split('.')[2];
    const bad = [
      '',
      'not-a-token',
      // someone else's signature on the victim's id
      `${victim.id}.auditComplete.${signature}`,
      // the right signature for another kind
      `${attacker.id}.weeklyDigest.${signature}`,
      // signed with another secret
      createUnsubscribeToken('another-secret-of-at-least-32-chars!', victim.id, 'auditComplete'),
      `${victim.id}.emailReports.${signature}`,
      `${attackerToken}.extra`,
    ];
    for (const token of bad) {
      for (const method of ['GET', 'POST'] as const) {
        const reply = await request(method, `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, null);
        expect(reply.statusCode, `${method} ${token}`).toBe(400);
        expect(reply.headers['content-type']).toMatch(/^text\/html/);
        expect(reply.body).toContain('This link does not work');
      }
    }
    expect((await request('POST', '/api/notifications/unsubscribe', null)).statusCode).toBe(400);
    expect((await userRow('victim@example.com')).notifyAuditComplete).toBe(true);
    expect((await userRow('attacker@example.com')).notifyAuditComplete).toBe(true);
  });
});

describe('the weekly digest', () => {
  // Monday 4 May 2026, 08:30 in London (BST, UTC+1): 16:30 in Tokyo, 03:30 in New York.
  const mondayMorningLondon = new Date('2026-05-04T07:30:00Z');
  const daysBefore = (days: number) => new Date(mondayMorningLondon.getTime() - days * 86_400_000);

  async function readerWithWeek(email: string, settings: Record<string, unknown>) {
    const cookie = await target.signInAs(email);
    await request('PUT', '/api/notification-settings', cookie, settings);
    const user = await userRow(email);
    const [brand] = await target.database.db
      .insert(brands)
      .values({ userId: user.id, name: 'Acme Coffee' })
      .returning();
    const brandId = brand!.id;
    await target.database.db.insert(audits).values([
      { brandId, userId: user.id, status: 'completed', overallScore: 72, completedAt: daysBefore(2) },
      // Outside the week: not in this digest.
      { brandId, userId: user.id, status: 'completed', overallScore: 40, completedAt: daysBefore(9) },
    ]);
    await target.database.db.insert(consumerInsights).values([
      { brandId, userId: user.id, content: 'Lovely coffee', sentiment: 'positive', createdAt: daysBefore(1) },
      { brandId, userId: user.id, content: 'Great staff', sentiment: 'positive', createdAt: daysBefore(3) },
      { brandId, userId: user.id, content: 'Slow service', sentiment: 'negative', createdAt: daysBefore(4) },
    ]);
    const [competitor] = await target.database.db
      .insert(competitors)
      .values({ userId: user.id, brandId, name: 'Bean There' })
      .returning();
    await target.database.db.insert(adLibraryEntries).values([
      { competitorId: competitor!.id, userId: user.id, platform: 'meta', adId: 'a1', createdAt: daysBefore(2) },
      { competitorId: competitor!.id, userId: user.id, platform: 'meta', adId: 'a2', createdAt: daysBefore(5) },
    ]);
    // the brand's own ads (its "your brand" row) are not new competitor ads
    const [ownRow] = await target.database.db
      .insert(competitors)
      .values({ userId: user.id, brandId, name: 'Acme Coffee', isOwnBrand: true })
      .returning();
    await target.database.db
      .insert(adLibraryEntries)
      .values({ competitorId: ownRow!.id, userId: user.id, platform: 'meta', adId: 'own-1', createdAt: daysBefore(1) });
    await target.database.db
      .insert(actionItems)
      .values({ userId: user.id, brandId, title: 'Add alt text', category: 'Accessibility' });
    return user;
  }

  it('queues one digest per ISO week for readers whose local time is Monday 08:xx, with their week in it', async () => {
    const london = await readerWithWeek('digest-london@example.com', { weeklyDigest: true });
    const tokyo = await readerWithWeek('digest-tokyo@example.com', { weeklyDigest: true, timezone: 'Asia/Tokyo' });
    const off = await readerWithWeek('digest-off@example.com', { weeklyDigest: false });
    const cookie = await target.signInAs('digest-empty@example.com');
    await request('PUT', '/api/notification-settings', cookie, { weeklyDigest: true });
    const empty = await userRow('digest-empty@example.com');

    const deps = { ...mailDeps(), logger };
    const run = await queueWeeklyDigests(deps, mondayMorningLondon);
    expect(run).toMatchObject({ queued: 1, failed: 0 });
    expect(run.nothingToReport).toBeGreaterThanOrEqual(1);
    // Later in the same hour, or a retried run: nothing new.
    await queueWeeklyDigests(deps, new Date(mondayMorningLondon.getTime() + 20 * 60_000));
    expect(await outboxOf(london.id, 'weekly-digest')).toHaveLength(1);
    expect((await outboxOf(london.id, 'weekly-digest'))[0]?.idempotencyKey).toContain('2026-W19');
    for (const user of [tokyo, off, empty]) expect(await outboxOf(user.id, 'weekly-digest')).toHaveLength(0);

    // Tokyo's Monday 08:30 comes at 23:30 UTC on Sunday.
    await queueWeeklyDigests(deps, new Date('2026-05-03T23:30:00Z'));
    expect(await outboxOf(tokyo.id, 'weekly-digest')).toHaveLength(1);

    const [message] = await waitFor(
      async () => mailTo('digest-london@example.com'),
      (messages) => messages.length === 1,
      { timeoutMs: 30_000, what: 'the weekly digest' },
    );
    const text = message!.parsed.text ?? '';
    expect(message!.parsed.subject).toBe(
      'Brandlens: your week (1 audit completed, 3 new insights, 2 new competitor ads)',
    );
    expect(text).toContain('Acme Coffee, Sat 2 May');
    expect(text).toContain('72/100');
    expect(text).not.toContain('40/100');
    expect(text).toMatch(/Positive\s+2 \(67%\)/);
    expect(text).toMatch(/Negative\s+1 \(33%\)/);
    expect(text).toContain('Bean There: 2 ads');
    expect(text).not.toContain('Acme Coffee: 1 ad');
    expect(text).toContain('You have 1 action waiting on your dashboard.');
    expect(text).toContain(unsubscribeUrlFor(target.config, london.id, 'weeklyDigest'));
  });

  it('is not queued outside Monday 08:xx local time', async () => {
    const reader = await readerWithWeek('digest-late@example.com', { weeklyDigest: true });
    const deps = { ...mailDeps(), logger };
    await queueWeeklyDigests(deps, new Date('2026-05-04T08:30:00Z')); // 09:30 in London
    await queueWeeklyDigests(deps, new Date('2026-05-05T07:30:00Z')); // Tuesday
    expect(await outboxOf(reader.id, 'weekly-digest')).toHaveLength(0);
  });
});
