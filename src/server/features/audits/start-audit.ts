import { and, eq } from 'drizzle-orm';
import type { TStartAuditRequest } from '../../../shared/schemas/audits.ts';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { audits, auditUsage, users } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { runAuditJob } from '../../jobs/definitions/run-audit.ts';
import { assertCanChangeBrand, assertCanStartAudit } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { type AuditRow, toAuditSummary } from './audit-dto.ts';
import { markFailed } from './run-audit.ts';

const alreadyRunning = (brandName: string) => new AppError('conflict', `An audit of ${brandName} is already running`);

/**
 * Creates the audit as processing and hands the measuring to a background job; the request
 * returns at once and the report page follows the job's progress.
 */
export async function startAudit(
  ctx: Pick<FeatureContext, 'db' | 'queue'>,
  { actor, input }: { actor: Actor; input: TStartAuditRequest },
) {
  const brand = await getBrandOrThrow(ctx.db, actor, input.brandId);
  if (!brand.websiteUrl) {
    throw new AppError('validation', `Add ${brand.name}'s website address before running an audit`);
  }
  if (!ctx.queue) throw new AppError('upstream_failed', 'Background work is not running on this server');
  const created = await ctx.db
    .transaction(async (tx) => {
      // Locking the owner's row serialises concurrent starts, so the plan count cannot be overrun.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, brand.userId)).for('update');
      const db = tx as unknown as Database;
      const owner = await assertCanChangeBrand(db, brand, { toDoMore: 'run more audits' });
      await assertCanStartAudit(db, owner);
      const [running] = await tx
        .select({ id: audits.id })
        .from(audits)
        .where(and(eq(audits.brandId, brand.id), eq(audits.status, 'processing')));
      if (running) throw alreadyRunning(brand.name);
      const [audit] = await tx
        .insert(audits)
        .values({
          brandId: brand.id,
          userId: brand.userId,
          status: 'processing',
          overallScore: 0,
          progressStage: 'Queued',
          progressPercent: 0,
        })
        .returning();
      // The usage record outlives the audit and its brand, so the allowance holds across deletions.
      await tx.insert(auditUsage).values({ userId: brand.userId, auditId: (audit as AuditRow).id });
      return audit as AuditRow;
    })
    .catch((error: unknown) => {
      // The database's own guard (one processing audit per brand) for starts that raced past the check.
      throw isUniqueViolation(error) ? alreadyRunning(brand.name) : error;
    });
  try {
    await ctx.queue.send(runAuditJob, { auditId: created.id }, { singletonKey: created.id });
  } catch (error) {
    await markFailed(ctx.db, created.id, 'The audit could not be queued. Please start it again.');
    throw error;
  }
  return toAuditSummary(created, brand.name);
}
