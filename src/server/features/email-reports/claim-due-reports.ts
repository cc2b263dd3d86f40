/**
 * Sending scheduled reports exactly once, whichever process and however many: every minute the
 * send job claims each due report in a transaction of its own (the row locked, skipping rows
 * another process holds), inserts the run of its slot (unique per report, slot and kind, so a slot
 * is claimed once even if the schedule were set back to it) and moves nextScheduled past now and
 * lastSent to the slot in that same transaction. After downtime a report that missed several slots
 * is claimed once, for the latest slot it was due, and its schedule moves on. Then one outbox
 * message per recipient is queued under the key `${runId}:${recipient}`: the outbox sends each
 * once, retrying with backoff.
 */
import { and, asc, eq, lte } from 'drizzle-orm';
import type { AiWriter } from '../../ai/provider.ts';
import type { Database } from '../../db/client.ts';
import { emailReportRuns, emailReports, users } from '../../db/schema/index.ts';
import { queueEmail } from '../../emails/queue-email.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import { SCHEDULED_REPORT_EMAIL_KIND } from './compose-scheduled-report.ts';
import { ownerAllowsFreshAnalysis, prepareFreshAnalysis } from './fresh-analysis.ts';
import { normalisedAddress, optedOutAddresses } from './opt-out.ts';
import type { EmailReportRow } from './report-contents.ts';
import { nextSlotAfter } from './schedule.ts';
import type { SendReportsDeps } from './send-deps.ts';

/** Reports one run of the job claims at most; the rest wait a minute for the next run. */
export const CLAIM_BATCH_LIMIT = 2000;

export type ClaimDeps = SendReportsDeps & { ai: AiWriter | null; uploads: UploadStorage };
export type RunRow = typeof emailReportRuns.$inferSelect;
type Claimed = { report: EmailReportRow; run: RunRow | null };

/** One due report, claimed in its own transaction; null when none is left to claim. */
async function claimOne(db: Database, now: Date): Promise<Claimed | null> {
  return db.transaction(async (tx) => {
    const [report] = await tx
      .select()
      .from(emailReports)
      .where(and(eq(emailReports.isActive, true), lte(emailReports.nextScheduled, now)))
      .orderBy(asc(emailReports.nextScheduled))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!report?.nextScheduled) return null;
    const slot = report.nextScheduled;
    let nextScheduled: Date | null;
    try {
      nextScheduled = nextSlotAfter(report, now);
    } catch (error) {
      // A schedule that cannot be computed would be claimed every minute and hold up the others.
      await tx
        .update(emailReports)
        .set({
          nextScheduled: null,
          lastAttemptAt: now,
          lastError: `The schedule is not valid: ${(error as Error).message}`,
        })
        .where(eq(emailReports.id, report.id));
      return { report, run: null };
    }
    const [run] = await tx
      .insert(emailReportRuns)
      .values({ emailReportId: report.id, userId: report.userId, slot, kind: 'scheduled', status: 'preparing' })
      .onConflictDoNothing()
      .returning();
    await tx.update(emailReports).set({ nextScheduled, lastSent: slot }).where(eq(emailReports.id, report.id));
    return { report: { ...report, nextScheduled, lastSent: slot }, run: run ?? null };
  });
}

/**
 * Who a scheduled run goes to: the report's recipients once each, less those who unsubscribed,
 * and less the owner when they turned e-mail reports off.
 */
export async function recipientsOfRun(db: Database, report: EmailReportRow): Promise<string[]> {
  const [owner] = await db
    .select({ email: users.email, notifyEmailReports: users.notifyEmailReports })
    .from(users)
    .where(eq(users.id, report.userId));
  const optedOut = await optedOutAddresses(db, report.id);
  const ownerEmail = owner ? normalisedAddress(owner.email) : null;
  const recipients = new Set<string>();
  for (const address of report.recipients) {
    const recipient = normalisedAddress(address);
    if (!recipient || optedOut.has(recipient)) continue;
    if (recipient === ownerEmail && !owner?.notifyEmailReports) continue;
    recipients.add(recipient);
  }
  return [...recipients];
}

/**
 * Queues the run's messages (again, harmlessly: the keys find those already queued) and marks it
 * queued. A recipient the mail module refuses is logged and the others still get theirs.
 */
export async function queueRunEmails(deps: SendReportsDeps, report: EmailReportRow, run: RunRow): Promise<number> {
  const recipients = await recipientsOfRun(deps.db, report);
  let queued = 0;
  for (const recipient of recipients) {
    try {
      await queueEmail(deps, {
        userId: report.userId,
        idempotencyKey: `${run.id}:${recipient}`,
        kind: SCHEDULED_REPORT_EMAIL_KIND,
        params: { runId: run.id, recipient },
        recipients: [recipient],
      });
      queued++;
    } catch (error) {
      deps.logger.error({ err: error, reportId: report.id, runId: run.id }, 'a scheduled report could not be queued');
    }
  }
  const nobody = recipients.length === 0;
  await deps.db
    .update(emailReportRuns)
    .set(nobody ? { status: 'sent', error: 'Every recipient has unsubscribed' } : { status: 'queued' })
    .where(and(eq(emailReportRuns.id, run.id), eq(emailReportRuns.status, 'preparing')));
  return queued;
}

export type ClaimRun = { claimed: number; queued: number; preparing: number };

/** Claims every report due at `now` (up to the batch limit) and queues or prepares each run. */
export async function claimDueReports(deps: ClaimDeps, now: Date, limit = CLAIM_BATCH_LIMIT): Promise<ClaimRun> {
  const result: ClaimRun = { claimed: 0, queued: 0, preparing: 0 };
  while (result.claimed < limit) {
    const claimed = await claimOne(deps.db, now);
    if (!claimed) break;
    const { report, run } = claimed;
    if (!run) continue;
    result.claimed++;
    try {
      if (report.runFreshAnalysis && (await ownerAllowsFreshAnalysis(deps.db, report.userId))) {
        await prepareFreshAnalysis(deps, report, run.id);
        result.preparing++;
      } else {
        result.queued += await queueRunEmails(deps, report, run);
      }
    } catch (error) {
      // The run stays 'preparing': finishPreparingRuns queues it on a later minute.
      deps.logger.error({ err: error, reportId: report.id, runId: run.id }, 'a claimed report could not be queued');
    }
  }
  return result;
}
