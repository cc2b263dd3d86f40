import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { audits } from '../../db/schema/index.ts';
import { notifyAuditFinished } from '../../features/notifications/notify-audit-finished.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import { JOB_SCHEMA } from '../queue.ts';
import { type failStaleAudits, STALE_AUDIT_MINUTES } from './fail-stale-audits.ts';
import { runAuditJob } from './run-audit.ts';

export const STALE_AUDIT_REASON = 'The audit stopped before it finished. Please run it again.';

export async function failAuditsStuckSince(db: Database, cutoff: Date): Promise<number> {
  const failed = await db
    .update(audits)
    .set({ status: 'failed', failureReason: STALE_AUDIT_REASON, progressStage: 'Failed' })
    .where(and(eq(audits.status, 'processing'), lt(audits.createdAt, cutoff)))
    .returning({ id: audits.id });
  for (const { id } of failed) await notifyAuditFinished(db, id);
  return failed.length;
}

/**
 * Audits still processing whose job has no attempt left: its last worker died (or the attempt
 * expired) before the audit could say why, so nothing else will finish or fail it.
 */
export async function failAuditsWhoseJobFailed(db: Database): Promise<number> {
  const failedJobs = sql`select data->>'auditId' from ${sql.identifier(JOB_SCHEMA)}.job where name = ${runAuditJob.name} and state = 'failed'`;
  const failed = await db
    .update(audits)
    .set({ status: 'failed', failureReason: STALE_AUDIT_REASON, progressStage: 'Failed' })
    .where(and(eq(audits.status, 'processing'), sql`${audits.id}::text in (${failedJobs})`))
    .returning({ id: audits.id });
  for (const { id } of failed) await notifyAuditFinished(db, id);
  return failed.length;
}

export function createFailStaleAuditsHandler(deps: JobDependencies): JobHandler<typeof failStaleAudits> {
  return async () => {
    const cutoff = new Date(Date.now() - STALE_AUDIT_MINUTES * 60_000);
    const stuck = await failAuditsStuckSince(deps.database.db, cutoff);
    return { failed: stuck + (await failAuditsWhoseJobFailed(deps.database.db)) };
  };
}
