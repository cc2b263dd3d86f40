import { count, eq } from 'drizzle-orm';
import { plans } from '../../../../shared/plans.ts';
import type { Database } from '../../../db/client.ts';
import { brands } from '../../../db/schema/index.ts';
import { accessPeriodOf } from './access-period.ts';
import { auditsUsed } from './audit-allowance.ts';
import { competitorReportsGenerated } from './feature-guards.ts';
import { insightsStored } from './insight-allowance.ts';
import { ownerOrThrow } from './owner.ts';

export type Usage = { used: number; limit: number | null };

/**
 * What the owner's plan allows and how much of it is used, for the subscription card: brands,
 * audits (since the access period began, when the plan has one), stored insights and competitor
 * reports. A limit of null is unlimited.
 */
export async function planUsageOf(db: Database, ownerId: string) {
  const owner = await ownerOrThrow(db, ownerId);
  const plan = plans[owner.planType];
  const since = accessPeriodOf(owner)?.since ?? null;
  const [auditCount, insightCount, reportCount, [brandCount]] = await Promise.all([
    auditsUsed(db, ownerId, since),
    insightsStored(db, ownerId),
    competitorReportsGenerated(db, ownerId, since),
    db.select({ value: count() }).from(brands).where(eq(brands.userId, ownerId)),
  ]);
  return {
    planType: owner.planType,
    brands: { used: brandCount?.value ?? 0, limit: owner.maxBrands } satisfies Usage,
    audits: { used: auditCount, limit: plan.limits.audits } satisfies Usage,
    insights: { used: insightCount, limit: plan.limits.insights } satisfies Usage,
    competitors: { used: reportCount, limit: plan.limits.competitorReports } satisfies Usage,
  };
}
