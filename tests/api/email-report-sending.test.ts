import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audits,
  emailReportOptOuts,
  emailReports,
  users,
  whiteLabelSettings,
} from '../../src/server/db/schema/index.ts';
import { claimDueReports } from '../../src/server/features/email-reports/claim-due-reports.ts';
import { freshAnalysisTimedOutNote } from '../../src/server/features/email-reports/fresh-analysis.ts';
import { nextSlotAfter } from '../../src/server/features/email-reports/schedule.ts';
import { noCompetitiveText } from '../../src/server/features/email-reports/scheduled-report-blocks.ts';
import { finishPreparingRuns, settleQueuedRuns } from '../../src/server/features/email-reports/settle-report-runs.ts';
import { type ReceivedMessage, type SmtpDouble, startSmtpDouble } from '../doubles/smtp.ts';
import { planMentions } from '../fixtures/sentiment-reports/mentions.ts';
import { createWorkingTestApp, startTestQueue, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { seedCompletedAuditOf, setPlan } from '../helpers/seed.ts';
import { claimDepsOf, reportRow, runsOf, scheduledMessagesOf, seedEmailReport } from '../helpers/seed-email-reports.ts';
import { seedBrand, seedMentions } from '../helpers/seed-insights.ts';

const OWNER = 'scheduler@example.com';
const MINUTE = 60_000;

let smtp: SmtpDouble;
let target: WorkingTestApp;
let ownerCookie: string;
let brand: { id: string; userId: string; name: string };

beforeAll(async () => {
  smtp = await startSmtpDouble();
  target = await createWorkingTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Brandlens <reports@brandlens.test>' } });
  ownerCookie = await target.signInAs(OWNER);
  await setPlan(target.database, OWNER, 'smb');
  brand = await seedBrand(target.database, OWNER, 'Acme Coffee');
  await seedCompletedAuditOf(target.database, brand);
  await seedMentions(target.database, brand, planMentions(new Date(), 20, 3));
});

afterAll(async () => {
  await target?.close();
  await smtp?.close();
});

const to = (address: string) => smtp.messages.filter((message) => message.envelope.to.includes(address));
/** The plain-text part with its line wrapping undone. */
const textOf = (message: ReceivedMessage | undefined) => (message?.parsed.text ?? '').replace(/\s+/g, ' ');
const header = (message: ReceivedMessage, name: string) =>
  message.parsed.headers.find((entry) => entry.key === name.toLowerCase())?.value;

/** Waits until every message of the report has been sent or has failed for good. */
async function settled(reportId: string, count: number) {
  return waitFor(
    () => scheduledMessagesOf(target.database, reportId),
    (rows) => rows.length === count && rows.every((row) => row.status === 'sent' || row.status === 'failed'),
    { what: `${count} messages of report ${reportId} to be done` },
  );
}

describe('claiming due reports', () => {
  it('sends a report due now once to each recipient, with its content and PDFs, and moves its schedule on', async () => {
    const report = await seedEmailReport(target.database, OWNER, {
      name: 'Acme weekly',
      brandId: brand.id,
      recipients: [OWNER, 'reader-one@example.com', 'Reader-Two@example.com', 'reader-one@example.com'],
    });
    const slot = report.nextScheduled!;
    const now = new Date();
    await claimDueReports(claimDepsOf(target), now);
    await smtp.waitForMessages(3, 120_000);
    await settled(report.id, 3);

    expect(to(OWNER)).toHaveLength(1);
    expect(to('reader-one@example.com')).toHaveLength(1);
    expect(to('reader-two@example.com')).toHaveLength(1);
    const [external] = to('reader-one@example.com');
    expect(external!.parsed.subject).toBe('Acme weekly (Weekly report, Brandlens)');
    expect(external!.parsed.text).toContain('Acme Coffee: brand audit');
    expect(external!.parsed.text).toContain('Top recommendations');
    expect(external!.parsed.text).toContain('Acme Coffee: consumer insights');
    expect(external!.parsed.text).toMatch(/Mentions\s*:?\s*21/);
    expect(textOf(external)).toContain(noCompetitiveText);
    expect(external!.parsed.html).toContain('<table');
    const names = external!.parsed.attachments.map((file) => file.filename);
    // Each attachment has the name its download has.
    const [audit] = await target.database.db.select().from(audits).where(eq(audits.brandId, brand.id));
    const downloaded = await Promise.all(
      [
        { url: `/api/audits/${audit!.id}/pdf` },
        { url: '/api/consumer-insights/pdf', payload: { brandId: brand.id } },
      ].map(async (request) => {
        const response = await target.app.inject({ method: 'POST', headers: { cookie: ownerCookie }, ...request });
        return /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))?.[1];
      }),
    );
    expect(names).toEqual(downloaded);
    expect(names).toEqual([
      expect.stringMatching(/^brandlens-acme-coffee-audit-\d{4}-\d{2}-\d{2}\.pdf$/),
      expect.stringMatching(/^brandlens-acme-coffee-consumer-insights-\d{4}-\d{2}-\d{2}\.pdf$/),
    ]);
    for (const file of external!.parsed.attachments) {
      expect(
        Buffer.from(file.content as ArrayBuffer)
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    // The external copy can be left by its own link; the owner's copy has none.
    expect(header(external!, 'List-Unsubscribe')).toMatch(/\/api\/email-reports\/unsubscribe\?token=/);
    expect(header(to(OWNER)[0]!, 'List-Unsubscribe')).toBeUndefined();

    const row = await reportRow(target.database, report.id);
    expect(row.lastSent?.toISOString()).toBe(slot.toISOString());
    expect(row.nextScheduled!.getTime()).toBe(nextSlotAfter(row, now).getTime());
    expect(row.nextScheduled!.getTime()).toBeGreaterThan(now.getTime());

    // A second run of the claim, now or at the same time as the first, finds nothing due.
    await claimDueReports(claimDepsOf(target), now);
    await settleQueuedRuns(claimDepsOf(target), new Date());
    const runs = await runsOf(target.database, report.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'sent', kind: 'scheduled' });
    expect(await scheduledMessagesOf(target.database, report.id)).toHaveLength(3);
  }, 150_000);

  it('claims a report once when two job queues on the same database claim at the same moment', async () => {
    const report = await seedEmailReport(target.database, OWNER, {
      brandId: brand.id,
      recipients: ['race-one@example.com', 'race-two@example.com'],
      includeModules: { brandAudit: true, consumerInsights: false, competitorTracking: false },
    });
    const second = await startTestQueue(target.database, { config: target.config });
    try {
      const now = new Date();
      const runs = await Promise.all([
        claimDueReports(claimDepsOf(target), now),
        claimDueReports({ ...claimDepsOf(target), queue: second }, now),
        claimDueReports(claimDepsOf(target), now),
      ]);
      // The app's own every-minute claim may take the report first: between all of them, at most one claims it.
      expect(runs.reduce((sum, run) => sum + run.claimed, 0)).toBeLessThanOrEqual(1);
      await settled(report.id, 2);
      expect(await runsOf(target.database, report.id)).toHaveLength(1);
      expect(to('race-one@example.com')).toHaveLength(1);
      expect(to('race-two@example.com')).toHaveLength(1);
    } finally {
      await second.stop({ graceful: false });
    }
  });

  it('sends a report that missed three days of slots once, then schedules the next future slot', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * MINUTE);
    const schedule = {
      frequency: 'daily',
      dayOfWeek: null,
      dayOfMonth: null,
      timeOfDay: '09:00',
      timezone: 'Europe/London',
    } as const;
    const report = await seedEmailReport(target.database, OWNER, {
      ...schedule,
      brandId: brand.id,
      recipients: ['downtime@example.com'],
      nextScheduled: nextSlotAfter(schedule, threeDaysAgo),
    });
    const now = new Date();
    await claimDueReports(claimDepsOf(target), now);
    await claimDueReports(claimDepsOf(target), now);
    await settled(report.id, 1);
    expect(to('downtime@example.com')).toHaveLength(1);
    const row = await reportRow(target.database, report.id);
    expect(row.nextScheduled!.getTime()).toBeGreaterThan(now.getTime());
    expect(row.nextScheduled!.getTime()).toBeLessThanOrEqual(now.getTime() + 25 * 60 * MINUTE);
    expect(await runsOf(target.database, report.id)).toHaveLength(1);
  });

  it('leaves out inactive reports, and the owner when their e-mail reports are turned off', async () => {
    const inactive = await seedEmailReport(target.database, OWNER, {
      isActive: false,
      recipients: ['inactive@example.com'],
    });
    const reply = await target.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      headers: { cookie: ownerCookie },
      payload: { emailReports: false },
    });
    expect(reply.statusCode).toBe(200);
    const report = await seedEmailReport(target.database, OWNER, {
      brandId: brand.id,
      recipients: [OWNER, 'colleague@example.com'],
      includeModules: { brandAudit: false, consumerInsights: false, competitorTracking: true },
    });
    const before = to(OWNER).length;
    await claimDueReports(claimDepsOf(target), new Date());
    await settled(report.id, 1);
    expect(to('colleague@example.com')).toHaveLength(1);
    expect(to(OWNER)).toHaveLength(before);
    expect(to('inactive@example.com')).toHaveLength(0);
    expect(await runsOf(target.database, inactive.id)).toHaveLength(0);
    await target.app.inject({
      method: 'PUT',
      url: '/api/notification-settings',
      headers: { cookie: ownerCookie },
      payload: { emailReports: true },
    });
  });
});

describe('unsubscribing an external recipient', () => {
  it('works signed out from the link in the message, and later runs skip that recipient', async () => {
    const report = await seedEmailReport(target.database, OWNER, {
      name: 'Leavable report',
      brandId: brand.id,
      recipients: ['leaver@example.com', 'stayer@example.com'],
      includeModules: { brandAudit: true, consumerInsights: false, competitorTracking: false },
    });
    await claimDueReports(claimDepsOf(target), new Date());
    await settled(report.id, 2);
    const [mail] = to('leaver@example.com');
    const link = /https?:\/\/\S+\/api\/email-reports\/unsubscribe\?token=[^\s>)\]]+/.exec(mail!.parsed.text ?? '')?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);

    const page = await target.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Leavable report');
    expect(await target.database.db.select().from(emailReportOptOuts)).toHaveLength(0);
    const done = await target.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('will no longer receive');
    const optOuts = await target.database.db
      .select()
      .from(emailReportOptOuts)
      .where(eq(emailReportOptOuts.emailReportId, report.id));
    expect(optOuts.map((row) => row.email)).toEqual(['leaver@example.com']);

    await target.database.db
      .update(emailReports)
      .set({ nextScheduled: new Date(Date.now() - MINUTE) })
      .where(eq(emailReports.id, report.id));
    await claimDueReports(claimDepsOf(target), new Date());
    await settled(report.id, 3);
    expect(to('stayer@example.com')).toHaveLength(2);
    expect(to('leaver@example.com')).toHaveLength(1);
  });

  it('answers a forged or cut link with a readable 400 page', async () => {
    for (const token of [
      '',
      'not-a-token',
      `${crypto.randomUUID()}.${Buffer.from('x@example.com').toString('base64url')}.AAAA`,
    ]) {
      const reply = await target.app.inject({ method: 'POST', url: `/api/email-reports/unsubscribe?token=${token}` });
      expect(reply.statusCode).toBe(400);
      expect(reply.body).toContain('This link does not work');
    }
  });
});

describe('a mail server that refuses', () => {
  it('retries a temporary refusal and delivers the message once', async () => {
    const report = await seedEmailReport(target.database, OWNER, {
      brandId: brand.id,
      recipients: ['patient@example.com'],
      includeModules: { brandAudit: false, consumerInsights: false, competitorTracking: true },
    });
    const attemptsBefore = smtp.attempts;
    smtp.refuseNext(2);
    await claimDueReports(claimDepsOf(target), new Date());
    const [row] = await settled(report.id, 1);
    expect(row!.status).toBe('sent');
    expect(row!.attempts).toBe(3);
    expect(smtp.attempts - attemptsBefore).toBe(3);
    expect(to('patient@example.com')).toHaveLength(1);
  });

  it('records a failure for good on the report, and clears it when a later send is delivered', async () => {
    const report = await seedEmailReport(target.database, OWNER, {
      brandId: brand.id,
      recipients: ['refused@example.com'],
      includeModules: { brandAudit: false, consumerInsights: false, competitorTracking: true },
    });
    smtp.refuseNext(1, 550);
    await claimDueReports(claimDepsOf(target), new Date());
    const [failed] = await settled(report.id, 1);
    expect(failed!.status).toBe('failed');
    await settleQueuedRuns(claimDepsOf(target), new Date());
    const broken = await reportRow(target.database, report.id);
    expect(broken.lastError).toMatch(/550|Mailbox unavailable/);
    expect(broken.lastAttemptAt).toBeInstanceOf(Date);
    expect((await runsOf(target.database, report.id))[0]).toMatchObject({ status: 'failed' });
    expect(to('refused@example.com')).toHaveLength(0);

    await target.database.db
      .update(emailReports)
      .set({ nextScheduled: new Date(Date.now() - MINUTE) })
      .where(eq(emailReports.id, report.id));
    await claimDueReports(claimDepsOf(target), new Date());
    await settled(report.id, 2);
    await settleQueuedRuns(claimDepsOf(target), new Date());
    expect((await reportRow(target.database, report.id)).lastError).toBeNull();
    expect(to('refused@example.com')).toHaveLength(1);
  });
});

describe('fresh analysis and white label (agency)', () => {
  const AGENCY = 'agency-owner@example.com';
  let agencyBrand: { id: string; userId: string };

  beforeAll(async () => {
    await target.signInAs(AGENCY);
    await setPlan(target.database, AGENCY, 'agency');
    // No website address: its fresh audit cannot start, which the report survives.
    agencyBrand = await seedBrand(target.database, AGENCY, 'Northwind Tea');
    await seedMentions(target.database, agencyBrand, planMentions(new Date(), 10, 2));
    const [owner] = await target.database.db.select().from(users).where(eq(users.email, AGENCY));
    await target.database.db
      .insert(whiteLabelSettings)
      .values({ userId: owner!.id, companyName: 'Northwind Agency', primaryColor: '#0A5C36' });
  });

  it('waits while an audit runs, sends with the fresh sentiment report, white-labelled', async () => {
    const report = await seedEmailReport(target.database, AGENCY, {
      name: 'Agency daily',
      frequency: 'daily',
      brandId: agencyBrand.id,
      recipients: ['client@example.com'],
      runFreshAnalysis: true,
      includeModules: { brandAudit: true, consumerInsights: true, competitorTracking: false },
    });
    // An audit already running for the brand: the mail waits for it.
    const [running] = await target.database.db
      .insert(audits)
      .values({ brandId: agencyBrand.id, userId: agencyBrand.userId, status: 'processing' })
      .returning();
    const claimedAt = new Date();
    await claimDueReports(claimDepsOf(target), claimedAt);
    const [run] = await runsOf(target.database, report.id);
    expect(run!.status).toBe('preparing');

    expect(await finishPreparingRuns(claimDepsOf(target), new Date(claimedAt.getTime() + 2 * MINUTE))).toBe(0);
    await target.database.db.update(audits).set({ status: 'failed' }).where(eq(audits.id, running!.id));
    expect(await finishPreparingRuns(claimDepsOf(target), new Date(claimedAt.getTime() + 2 * MINUTE))).toBe(1);
    await settled(report.id, 1);

    const [mail] = to('client@example.com');
    expect(mail!.parsed.subject).toBe('Agency daily (Daily report, Northwind Agency)');
    expect(mail!.parsed.html).toContain('Northwind Agency');
    expect(mail!.parsed.html?.toLowerCase()).toContain('#0a5c36');
    expect(textOf(mail)).toContain('No completed audit yet');
    const names = mail!.parsed.attachments.map((file) => file.filename);
    expect(names).toEqual([
      expect.stringMatching(/^brandlens-northwind-tea-daily-sentiment-report-\d{4}-\d{2}-\d{2}\.pdf$/),
    ]);
  });

  it('gives up waiting after 30 minutes and says so in the message', async () => {
    const report = await seedEmailReport(target.database, AGENCY, {
      name: 'Agency slow',
      brandId: agencyBrand.id,
      recipients: ['slow-client@example.com'],
      runFreshAnalysis: true,
      includeModules: { brandAudit: true, consumerInsights: false, competitorTracking: false },
    });
    const [running] = await target.database.db
      .insert(audits)
      .values({ brandId: agencyBrand.id, userId: agencyBrand.userId, status: 'processing' })
      .returning();
    const claimedAt = new Date();
    await claimDueReports(claimDepsOf(target), claimedAt);
    expect(await finishPreparingRuns(claimDepsOf(target), new Date(claimedAt.getTime() + 29 * MINUTE))).toBe(0);
    expect(await finishPreparingRuns(claimDepsOf(target), new Date(claimedAt.getTime() + 31 * MINUTE))).toBe(1);
    await settled(report.id, 1);
    expect(textOf(to('slow-client@example.com')[0])).toContain(freshAnalysisTimedOutNote);
    await target.database.db.update(audits).set({ status: 'failed' }).where(eq(audits.id, running!.id));
  });
});
