/**
 * 'Send me a preview': the report as it would be sent now, to the signed-in user only (never to the
 * report's recipients). It is not part of the report's history: "Last sent", the schedule and the
 * last failure stay as they are. Its message is keyed by a row of kind preview (the composer reads
 * the report through it), and it goes through the outbox like every e-mail.
 */
import { and, eq } from 'drizzle-orm';
import type { TEmailReportSent } from '../../../shared/schemas/email-reports.ts';
import { emailReportRuns, emailReports } from '../../db/schema/index.ts';
import { type QueueEmailDeps, queueEmail } from '../../emails/queue-email.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { SCHEDULED_REPORT_EMAIL_KIND } from './compose-scheduled-report.ts';
import { normalisedAddress } from './opt-out.ts';

export async function sendReportPreview(
  deps: QueueEmailDeps,
  { actor, reportId, now = new Date() }: { actor: Actor; reportId: string; now?: Date },
): Promise<TEmailReportSent> {
  const [report] = await deps.db
    .select({ id: emailReports.id, userId: emailReports.userId })
    .from(emailReports)
    .where(and(eq(emailReports.id, reportId), ownedBy(actor, emailReports.userId)));
  if (!report) throw notFound('Email report not found');
  const recipient = normalisedAddress(actor.user.email);
  const [run] = await deps.db
    .insert(emailReportRuns)
    .values({ emailReportId: report.id, userId: report.userId, slot: now, kind: 'preview', status: 'preparing' })
    .returning();
  if (!run) throw new Error(`storing the preview run of report ${report.id} returned nothing`);
  try {
    await queueEmail(deps, {
      userId: report.userId,
      idempotencyKey: `${run.id}:${recipient}`,
      kind: SCHEDULED_REPORT_EMAIL_KIND,
      params: { runId: run.id, recipient },
      recipients: [recipient],
    });
  } catch (error) {
    // Nothing was queued: the preview leaves no row behind, and the user can press again.
    await deps.db.delete(emailReportRuns).where(eq(emailReportRuns.id, run.id));
    throw error;
  }
  await deps.db.update(emailReportRuns).set({ status: 'queued' }).where(eq(emailReportRuns.id, run.id));
  return {
    runId: run.id,
    kind: 'preview',
    status: 'queued',
    recipients: [recipient],
    duplicate: false,
    lastSentLabel: null,
  };
}
