import { and, count, eq, gte, isNull, ne, or } from 'drizzle-orm';
import { auditLimitMessage, plans } from '../../../../shared/plans.ts';
import type { Database } from '../../../db/client.ts';
import { audits, auditUsage } from '../../../db/schema/index.ts';
import { AppError } from '../../../http/errors.ts';
import { accessEndedAt, accessPeriodOf, assertAccessNotEnded } from './access-period.ts';
import { type Owner, type OwnerOrId, ownerOrThrow } from './owner.ts';

/** How many audits an account may still start: null is unlimited; endedAt is set when access ran out. */
export type AuditAllowance = { remaining: number | null; endedAt: Date | null };

/**
 * Audits counted against the plan: every start in the usage record, including audits since
 * deleted with their brand, except those that failed.
 */
export async function auditsUsed(db: Database, ownerId: string, since: Date | null): Promise<number> {
  const conditions = [eq(auditUsage.userId, ownerId), or(isNull(audits.id), ne(audits.status, 'failed'))];
  if (since) conditions.push(gte(auditUsage.createdAt, since));
  const [used] = await db
    .select({ value: count() })
    .from(auditUsage)
    .leftJoin(audits, eq(audits.id, auditUsage.auditId))
    .where(and(...conditions));
  return used?.value ?? 0;
}

/**
 * Free: one audit ever. Starter: five audits within 30 days of purchase. SMB and Agency: unlimited.
 * The plan is the brand owner's: audits are stored and counted under that account.
 */
async function auditAllowanceOf(db: Database, owner: Owner): Promise<AuditAllowance> {
  const plan = plans[owner.planType];
  const endedAt = accessEndedAt(owner);
  if (endedAt) return { remaining: 0, endedAt };
  if (plan.limits.audits === null) return { remaining: null, endedAt: null };
  const used = await auditsUsed(db, owner.id, accessPeriodOf(owner)?.since ?? null);
  return { remaining: Math.max(0, plan.limits.audits - used), endedAt: null };
}

/** The plan that governs a workspace and the audits it may still start (the owner's row, or its id). */
export async function workspacePlanOf(db: Database, ownerOrId: OwnerOrId) {
  const owner = await ownerOrThrow(db, ownerOrId);
  const allowance = await auditAllowanceOf(db, owner);
  return { planType: owner.planType, maxBrands: owner.maxBrands, auditsRemaining: allowance.remaining };
}

/** Refuses an audit once the plan's access period has ended or its audits are used up (403 plan_limit). */
export async function assertCanStartAudit(db: Database, ownerOrId: OwnerOrId): Promise<void> {
  const owner = await ownerOrThrow(db, ownerOrId);
  assertAccessNotEnded(owner, 'run more audits');
  const allowance = await auditAllowanceOf(db, owner);
  if (allowance.remaining === 0) throw new AppError('plan_limit', auditLimitMessage(owner.planType));
}
