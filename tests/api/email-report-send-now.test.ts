import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, emailReportOptOuts, emailReportRuns, emailReports, users } from '../../src/server/db/schema/index.ts';
import { settleQueuedRuns } from '../../src/server/features/email-reports/settle-report-runs.ts';
import { nobodyToSendToMessage, sendRequestIdMessage } from '../../src/shared/schemas/email-reports.ts';
import { type SmtpDouble, startSmtpDouble } from '../doubles/smtp.ts';
import { createWorkingTestApp, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { seedCompletedAuditOf, setPlan } from '../helpers/seed.ts';
import { reportRow, runsOf, scheduledMessagesOf, seedEmailReport } from '../helpers/seed-email-reports.ts';
import { seedBrand } from '../helpers/seed-insights.ts';

const OWNER = 'sender@example.com';
const STRANGER = 'not-the-sender@example.com';
const DAY_MS = 24 * 60 * 60 * 1000;

let smtp: SmtpDouble;
let target: WorkingTestApp;
let ownerCookie: string;
let strangerCookie: string;
let brand: { id: string; userId: string; name: string };

beforeAll(async () => {
  smtp = await startSmtpDouble();
  target = await createWorkingTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Brandlens <reports@brandlens.test>' } });
  ownerCookie = await target.signInAs(OWNER);
  strangerCookie = await target.signInAs(STRANGER);
  await setPlan(target.database, OWNER, 'smb');
  brand = await seedBrand(target.database, OWNER, 'Acme Coffee');
  await seedCompletedAuditOf(target.database, brand);
});

afterAll(async () => {
  await target?.close();
  await smtp?.close();
});

const to = (address: string) => smtp.messages.filter((message) => message.envelope.to.includes(address));

/** `from`: the caller's address; the route's rate limit counts per address, and each test has its own. */
const send = (
  id: string,
  cookie: string | null,
  payload: object = { requestId: crypto.randomUUID() },
  from = '127.0.0.1',
) =>
  target.app.inject({
    method: 'POST',
    url: `/api/email-reports/${id}/send`,
    payload,
    remoteAddress: from,
    ...(cookie ? { headers: { cookie } } : {}),
  });

const preview = (id: string, cookie: string | null) =>
  target.app.inject({
    method: 'POST',
    url: `/api/email-reports/${id}/preview`,
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** Waits until every message of the report has been sent or has failed for good. */
async function settled(reportId: string, count: number) {
  return waitFor(
    () => scheduledMessagesOf(target.database, reportId),
    (rows) => rows.length === count && rows.every((row) => row.status === 'sent' || row.status === 'failed'),
    { what: `${count} messages of report ${reportId} to be done` },
  );
}

async function listed(reportId: string) {
  const reports = (
    await target.app.inject({ method: 'GET', url: '/api/email-reports', headers: { cookie: ownerCookie } })
  ).json() as { id: string; lastSent: string | null; lastSentLabel: string | null; nextScheduled: string | null }[];
  return reports.find((report) => report.id === reportId)!;
}

describe('POST /api/email-reports/{id}/send: send to recipients now', () => {
  it('sends to every recipient at once (202), recorded as a run so Last sent updates; the schedule stays', async () => {
    const nextScheduled = new Date(Date.now() + DAY_MS);
    const report = await seedEmailReport(target.database, OWNER, {
      name: 'Client update',
      brandId: brand.id,
      recipients: ['client-one@example.com', 'client-two@example.com'],
      nextScheduled,
      includeModules: { brandAudit: true, consumerInsights: false, competitorTracking: false },
    });
    expect((await listed(report.id)).lastSentLabel).toBeNull();

    const reply = await send(report.id, ownerCookie);
    expect(reply.statusCode, reply.body).toBe(202);
    expect(reply.json()).toMatchObject({
      kind: 'manual',
      duplicate: false,
      recipients: ['client-one@example.com', 'client-two@example.com'],
    });
    await settled(report.id, 2);
    for (const address of ['client-one@example.com', 'client-two@example.com']) {
      const mails = to(address);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.parsed.subject).toBe('Client update (Weekly report, Brandlens)');
      expect(mails[0]!.parsed.text).toContain('sent on request');
    }

    const shown = await listed(report.id);
    expect(shown.lastSentLabel).toBe(reply.json().lastSentLabel);
    expect(shown.lastSentLabel).toMatch(/\d{4}, \d{2}:\d{2}/);
    expect(new Date(shown.lastSent!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(shown.nextScheduled).toBe(nextScheduled.toISOString());
    const runs = await runsOf(target.database, report.id);
    expect(runs).toMatchObject([{ kind: 'manual', requestId: expect.any(String) }]);
    const deps = {
      db: target.database.db,
      queue: target.queue,
      config: target.config,
      logger: pino({ level: 'silent' }),
    };
    await settleQueuedRuns(deps, new Date());
    expect((await runsOf(target.database, report.id))[0]!.status).toBe('sent');
  });

  it('sends once per press: a retried request or a double click with the same key sends nothing more', async () => {
    const report = await seedEmailReport(target.database, OWNER, {
      name: 'Pressed twice',
      brandId: brand.id,
      recipients: ['double-click@example.com'],
      nextScheduled: null,
      includeModules: { brandAudit: true, consumerInsights: false, competitorTracking: false },
    });
    const press = { requestId: crypto.randomUUID() };
    const [first, second] = await Promise.all([
      send(report.id, ownerCookie, press),
      send(report.id, ownerCookie, press),
    ]);
    const retried = await send(report.id, ownerCookie, press);
    for (const reply of [first!, second!, retried]) expect(reply.statusCode, reply.body).toBe(202);
    expect([first!, second!, retried].map((reply) => reply.json().duplicate).sort()).toEqual([false, true, true]);
    expect(new Set([first!, second!, retried].map((reply) => reply.json().runId)).size).toBe(1);
    await settled(report.id, 1);
    expect(to('double-click@example.com')).toHaveLength(1);

    // A second press (a new key) is a second send.
    expect((await send(report.id, ownerCookie)).statusCode).toBe(202);
    await settled(report.id, 2);
    expect(to('double-click@example.com')).toHaveLength(2);
    expect(await runsOf(target.database, report.id)).toHaveLength(2);
  });

  it("answers 401 signed out, 404 for another user's report, 400 without a request id; nothing is sent", async () => {
    const report = await seedEmailReport(target.database, OWNER, {
      recipients: ['never@example.com'],
      nextScheduled: null,
    });
    const from = '127.0.0.3';
    expect((await send(report.id, null, undefined, from)).statusCode).toBe(401);
    const stranger = await send(report.id, strangerCookie, undefined, from);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: 'Email report not found', code: 'not_found' });
    const noKey = await send(report.id, ownerCookie, {}, from);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toBe(sendRequestIdMessage);
    expect((await send(report.id, ownerCookie, { requestId: 'again' }, from)).statusCode).toBe(400);
    expect((await send(crypto.randomUUID(), ownerCookie, undefined, from)).statusCode).toBe(404);
    expect(await runsOf(target.database, report.id)).toHaveLength(0);
    expect((await reportRow(target.database, report.id)).lastSent).toBeNull();
  });

  it('follows the rules of scheduled sends: any plan sends, unsubscribed addresses are left out, fresh analysis waits for the schedule', async () => {
    const FREE = 'free-sender@example.com';
    const freeCookie = await target.signInAs(FREE);
    const freeBrand = await seedBrand(target.database, FREE, 'Free Brand');
    const report = await seedEmailReport(target.database, FREE, {
      name: 'Free plan report',
      brandId: freeBrand.id,
      recipients: ['free-client@example.com', 'opted-out@example.com'],
      // stored while the account was on Agency: only a scheduled send runs it
      runFreshAnalysis: true,
      nextScheduled: null,
    });
    await target.database.db
      .insert(emailReportOptOuts)
      .values({ emailReportId: report.id, email: 'opted-out@example.com' });
    const from = '127.0.0.4';
    const reply = await send(report.id, freeCookie, undefined, from);
    expect(reply.statusCode, reply.body).toBe(202);
    expect(reply.json().recipients).toEqual(['free-client@example.com']);
    await settled(report.id, 1);
    expect(to('free-client@example.com')).toHaveLength(1);
    expect(to('opted-out@example.com')).toHaveLength(0);
    expect(await target.database.db.select().from(audits).where(eq(audits.brandId, freeBrand.id))).toHaveLength(0);

    // Nobody left to send to: refused with the reason, nothing recorded.
    await target.database.db
      .update(emailReports)
      .set({ recipients: [FREE] })
      .where(eq(emailReports.id, report.id));
    await target.database.db.update(users).set({ notifyEmailReports: false }).where(eq(users.email, FREE));
    const nobody = await send(report.id, freeCookie, undefined, from);
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().message).toBe(nobodyToSendToMessage);
    expect(await runsOf(target.database, report.id)).toHaveLength(1);
  });
});

describe('POST /api/email-reports/{id}/preview: send me a preview', () => {
  it('e-mails the signed-in user only (202), and leaves Last sent, the schedule and the runs alone', async () => {
    const report = await seedEmailReport(target.database, OWNER, {
      name: 'Preview me',
      brandId: brand.id,
      recipients: ['never-previewed@example.com'],
      nextScheduled: new Date(Date.now() + DAY_MS),
      includeModules: { brandAudit: true, consumerInsights: false, competitorTracking: false },
    });
    const before = to(OWNER).length;
    const reply = await preview(report.id, ownerCookie);
    expect(reply.statusCode).toBe(202);
    expect(reply.json()).toMatchObject({ kind: 'preview', status: 'queued', recipients: [OWNER], lastSentLabel: null });
    await settled(report.id, 1);
    const mails = to(OWNER);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.parsed.subject).toBe('Preview: Preview me (Weekly report, Brandlens)');
    expect(to('never-previewed@example.com')).toHaveLength(0);
    const shown = await listed(report.id);
    expect(shown.lastSent).toBeNull();
    expect(shown.lastSentLabel).toBeNull();
    const runs = await target.database.db
      .select()
      .from(emailReportRuns)
      .where(eq(emailReportRuns.emailReportId, report.id));
    expect(runs.every((run) => run.kind === 'preview')).toBe(true);
  });

  it("answers 404 for another user's report and 401 signed out", async () => {
    const report = await seedEmailReport(target.database, OWNER, { nextScheduled: null });
    expect((await preview(report.id, strangerCookie)).statusCode).toBe(404);
    expect((await preview(report.id, null)).statusCode).toBe(401);
    expect(await runsOf(target.database, report.id)).toHaveLength(0);
  });

  it('is rate limited', async () => {
    const missing = crypto.randomUUID();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await preview(missing, strangerCookie)).statusCode);
    expect(codes).toContain(429);
  });
});
