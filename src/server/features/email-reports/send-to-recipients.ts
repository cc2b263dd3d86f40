/**
 * 'Send to recipients now': the report goes out at once to its recipients, as a scheduled send
 * would (less those who unsubscribed, and the owner when their e-mail reports are off), recorded
 * as a run of kind manual so "Last sent" moves to now. The schedule is left alone. Each press
 * carries a request id the browser made: the run is unique per report and request id, so a double
 * click or a retried request finds the first press's run and sends nothing more. The latest
 * results go out: a fresh analysis runs only before scheduled sends.
 */
import { and, eq } from 'drizzle-orm';
import { nobodyToSendToMessage, type TEmailReportSent } from '../../../shared/schemas/email-reports.ts';
import { emailReportRuns, emailReports } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { queueRunEmails, type RunRow, recipientsOfRun } from './claim-due-reports.ts';
import { getEmailReportOrThrow } from './get-email-report-or-throw.ts';
import { formatSlot } from './schedule.ts';
import type { SendReportsDeps } from './send-deps.ts';

type SendInput = { actor: Actor; reportId: string; requestId: string; now?: Date };

async function runOfPress(deps: SendReportsDeps, reportId: string, requestId: string): Promise<RunRow | null> {
  const [run] = await deps.db
    .select()
    .from(emailReportRuns)
    .where(and(eq(emailReportRuns.emailReportId, reportId), eq(emailReportRuns.requestId, requestId)));
  return run ?? null;
}

/** The press's run, made with "Last sent" in one transaction; the earlier one when the key was seen. */
async function claimPress(
  deps: SendReportsDeps,
  report: { id: string; userId: string },
  requestId: string,
  now: Date,
): Promise<{ run: RunRow; duplicate: boolean }> {
  const created = await deps.db.transaction(async (tx) => {
    const [run] = await tx
      .insert(emailReportRuns)
      .values({
        emailReportId: report.id,
        userId: report.userId,
        slot: now,
        kind: 'manual',
        status: 'preparing',
        requestId,
      })
      .onConflictDoNothing()
      .returning();
    if (run) await tx.update(emailReports).set({ lastSent: now }).where(eq(emailReports.id, report.id));
    return run ?? null;
  });
  if (created) return { run: created, duplicate: false };
  const earlier = await runOfPress(deps, report.id, requestId);
  // Two different presses in the same millisecond: the second is refused rather than sent twice.
  if (!earlier) throw new AppError('conflict', 'This report is being sent right now. Please wait a moment.');
  return { run: earlier, duplicate: true };
}

export async function sendReportToRecipients(
  deps: SendReportsDeps,
  { actor, reportId, requestId, now = new Date() }: SendInput,
): Promise<TEmailReportSent> {
  const report = await getEmailReportOrThrow(deps.db, actor, reportId);
  const recipients = await recipientsOfRun(deps.db, report);
  const seen = await runOfPress(deps, report.id, requestId);
  if (!seen) {
    if (recipients.length === 0) throw new AppError('conflict', nobodyToSendToMessage);
    // Checked before anything is recorded: without the queue nothing could go, and "Last sent" would say otherwise.
    if (!deps.queue) throw new AppError('upstream_failed', 'Background work is not running on this server');
  }
  const { run, duplicate } = seen ? { run: seen, duplicate: true } : await claimPress(deps, report, requestId, now);
  // A press whose request stopped before its messages were queued: its retry queues them (the
  // outbox's keys make queueing again harmless); otherwise the send job's next minute does.
  if (run.status === 'preparing') await queueRunEmails(deps, report, run);
  const [stored] = await deps.db.select().from(emailReportRuns).where(eq(emailReportRuns.id, run.id));
  return {
    runId: run.id,
    kind: 'manual',
    status: stored?.status ?? run.status,
    recipients,
    duplicate,
    lastSentLabel: formatSlot(run.slot, report.timezone),
  };
}
