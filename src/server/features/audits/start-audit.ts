import { and, eq } from 'drizzle-orm';
import type { TStartAuditRequest } from '../../../shared/schemas/audits.ts';
import { audits } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { runAuditJob } from '../../jobs/definitions/run-audit.ts';
import { assertCanStartAudit } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { type AuditRow, toAuditSummary } from './audit-dto.ts';

/**
 * Creates the audit as processing and hands the measuring to a background job; the request
 * returns at once and the report page follows the job's progress.
 */
export async function startAudit(ctx: FeatureContext, { actor, input }: { actor: Actor; input: TStartAuditRequest }) {
  const brand = await getBrandOrThrow(ctx.db, actor, input.brandId);
  if (!brand.websiteUrl) {
    throw new AppError('validation', `Add ${brand.name}'s website address before running an audit`);
  }
  if (!ctx.queue) throw new AppError('upstream_failed', 'Background work is not running on this server');
  await assertCanStartAudit(ctx.db, actor);
  const [running] = await ctx.db
    .select({ id: audits.id })
    .from(audits)
    .where(and(eq(audits.brandId, brand.id), eq(audits.status, 'processing')));
  if (running) throw new AppError('conflict', `An audit of ${brand.name} is already running`);

  const [audit] = await ctx.db
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
  const created = audit as AuditRow;
  await ctx.queue.send(runAuditJob, { auditId: created.id }, { singletonKey: created.id });
  return toAuditSummary(created, brand.name);
}
