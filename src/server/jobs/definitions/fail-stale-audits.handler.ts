import { and, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { audits } from '../../db/schema/index.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import { type failStaleAudits, STALE_AUDIT_MINUTES } from './fail-stale-audits.ts';

export const STALE_AUDIT_REASON = 'The audit stopped before it finished. Please run it again.';

export async function failAuditsStuckSince(db: Database, cutoff: Date): Promise<number> {
  const failed = await db
    .update(audits)
    .set({ status: 'failed', failureReason: STALE_AUDIT_REASON, progressStage: 'Failed' })
    .where(and(eq(audits.status, 'processing'), lt(audits.createdAt, cutoff)))
    .returning({ id: audits.id });
  return failed.length;
}

export function createFailStaleAuditsHandler(deps: JobDependencies): JobHandler<typeof failStaleAudits> {
  return async () => {
    const cutoff = new Date(Date.now() - STALE_AUDIT_MINUTES * 60_000);
    return { failed: await failAuditsStuckSince(deps.database.db, cutoff) };
  };
}
