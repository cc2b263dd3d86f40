import { and, count, eq, gte } from 'drizzle-orm';
import {
  competitorReportLimitMessage,
  featureLimitMessage,
  type PlanFeature,
  plans,
} from '../../../../shared/plans.ts';
import type { Database } from '../../../db/client.ts';
import { competitorReports } from '../../../db/schema/index.ts';
import { AppError } from '../../../http/errors.ts';
import { accessPeriodOf, assertAccessNotEnded } from './access-period.ts';
import { type Owner, type OwnerOrId, ownerOrThrow } from './owner.ts';

/** Refuses a feature the owner's plan does not include (403 plan_feature), in the plans table's words. */
export function assertOwnerPlanAllows(owner: Owner, feature: PlanFeature): void {
  if (!plans[owner.planType].allows[feature]) {
    throw new AppError('plan_feature', featureLimitMessage(owner.planType, feature));
  }
}

/**
 * assertOwnerPlanAllows by the owner's id (or row), for what belongs to an account rather than a
 * brand (the agency features: team, white label, API tokens); a brand's data goes through
 * assertCanChangeBrand.
 */
export async function assertPlanAllows(db: Database, ownerOrId: OwnerOrId, feature: PlanFeature): Promise<void> {
  assertOwnerPlanAllows(await ownerOrThrow(db, ownerOrId), feature);
}

/** Competitor reports generated under an account since `since` (the plan's start), or ever. */
export async function competitorReportsGenerated(db: Database, ownerId: string, since: Date | null): Promise<number> {
  const conditions = [eq(competitorReports.userId, ownerId)];
  if (since) conditions.push(gte(competitorReports.createdAt, since));
  const [used] = await db
    .select({ value: count() })
    .from(competitorReports)
    .where(and(...conditions));
  return used?.value ?? 0;
}

/**
 * Refuses a competitor report the owner's plan does not allow: free has no competitor tracking
 * (403 plan_feature); a starter plan's access ends after its days and includes a number of reports
 * within them (403 plan_limit). Reports are counted from the owner's stored reports since the plan began.
 */
export async function assertCanCreateCompetitorReport(db: Database, ownerOrId: OwnerOrId): Promise<void> {
  const owner = await ownerOrThrow(db, ownerOrId);
  assertOwnerPlanAllows(owner, 'competitorTracking');
  assertAccessNotEnded(owner, 'generate more competitor reports');
  const limit = plans[owner.planType].limits.competitorReports;
  if (limit === null) return;
  const used = await competitorReportsGenerated(db, owner.id, accessPeriodOf(owner)?.since ?? null);
  if (used >= limit) throw new AppError('plan_limit', competitorReportLimitMessage(owner.planType));
}
