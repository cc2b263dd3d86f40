import { and, count, eq, gte, isNull, ne, or } from 'drizzle-orm';
import {
  auditLimitMessage,
  competitorReportLimitMessage,
  featureLimitMessage,
  insightLimitMessage,
  type PlanFeature,
  plans,
} from '../../../shared/plans.ts';
import type { Database } from '../../db/client.ts';
import { audits, auditUsage, brands, competitorReports, consumerInsights, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

type Owner = typeof users.$inferSelect;

/** How many audits an account may still start: null is unlimited; endedAt is set when access ran out. */
export type AuditAllowance = { remaining: number | null; endedAt: Date | null };

async function ownerOrThrow(db: Database, ownerId: string): Promise<Owner> {
  const [owner] = await db.select().from(users).where(eq(users.id, ownerId));
  if (!owner) throw new AppError('not_found', 'Brand not found');
  return owner;
}

/** A plan with an access period (starter: 30 days from purchase): when it started and ends. */
function accessPeriodOf(owner: Owner): { since: Date; endsAt: Date } | null {
  const { accessDays } = plans[owner.planType].limits;
  if (accessDays === null) return null;
  const since = owner.starterPurchaseDate ?? owner.createdAt;
  return { since, endsAt: new Date(since.getTime() + accessDays * DAY_MS) };
}

/** Refuses work once the plan's access period is over, saying when it ended and what to do. */
function assertAccessNotEnded(owner: Owner, toDoMore: string): void {
  const period = accessPeriodOf(owner);
  if (period && period.endsAt.getTime() < Date.now()) {
    const plan = plans[owner.planType];
    throw new AppError(
      'plan_limit',
      `Your ${plan.name} access ended on ${dateFormat.format(period.endsAt)}. Upgrade your plan to ${toDoMore}.`,
    );
  }
}

/**
 * Audits counted against the plan: every start in the usage record, including audits since
 * deleted with their brand, except those that failed.
 */
async function auditsUsed(db: Database, ownerId: string, since: Date | null): Promise<number> {
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
  const period = accessPeriodOf(owner);
  if (period && period.endsAt.getTime() < Date.now()) return { remaining: 0, endedAt: period.endsAt };
  if (plan.limits.audits === null) return { remaining: null, endedAt: null };
  const used = await auditsUsed(db, owner.id, period?.since ?? null);
  return { remaining: Math.max(0, plan.limits.audits - used), endedAt: null };
}

/** The plan that governs a workspace and the audits it may still start (the owner's row, or its id). */
export async function workspacePlanOf(db: Database, ownerOrId: Owner | string) {
  const owner = typeof ownerOrId === 'string' ? await ownerOrThrow(db, ownerOrId) : ownerOrId;
  const allowance = await auditAllowanceOf(db, owner);
  return { planType: owner.planType, maxBrands: owner.maxBrands, auditsRemaining: allowance.remaining };
}

export async function assertCanStartAudit(db: Database, ownerId: string): Promise<void> {
  const owner = await ownerOrThrow(db, ownerId);
  const allowance = await auditAllowanceOf(db, owner);
  const plan = plans[owner.planType];
  if (allowance.endedAt) {
    throw new AppError(
      'plan_limit',
      `Your ${plan.name} access ended on ${dateFormat.format(allowance.endedAt)}. Upgrade your plan to run more audits.`,
    );
  }
  if (allowance.remaining === 0) throw new AppError('plan_limit', auditLimitMessage(owner.planType));
}

/** Refuses a feature the owner's plan does not include, in the words of the plans table. */
export async function assertPlanAllows(db: Database, ownerId: string, feature: PlanFeature): Promise<void> {
  const owner = await ownerOrThrow(db, ownerId);
  if (!plans[owner.planType].allows[feature]) {
    throw new AppError('plan_feature', featureLimitMessage(owner.planType, feature));
  }
}

/**
 * How many more insights an account may keep (null: unlimited), under which plan. The allowance
 * counts the insights stored now, so deleting some makes room. Throws the plan's refusal when
 * consumer insights are not in the plan at all, or when its access period has ended.
 */
export async function insightRoomOf(db: Database, ownerId: string) {
  const owner = await ownerOrThrow(db, ownerId);
  const plan = plans[owner.planType];
  if (!plan.allows.consumerInsights) {
    throw new AppError('plan_feature', featureLimitMessage(owner.planType, 'consumerInsights'));
  }
  assertAccessNotEnded(owner, 'add more insights');
  if (plan.limits.insights === null) return { room: null, planType: owner.planType };
  const [stored] = await db
    .select({ value: count() })
    .from(consumerInsights)
    .where(eq(consumerInsights.userId, ownerId));
  return { room: Math.max(0, plan.limits.insights - (stored?.value ?? 0)), planType: owner.planType };
}

/** Refuses adding `wanted` insights when the plan's allowance has no room for them all. */
export async function assertInsightRoom(db: Database, ownerId: string, wanted: number): Promise<void> {
  const { room, planType } = await insightRoomOf(db, ownerId);
  if (room !== null && room < wanted) throw new AppError('plan_limit', insightLimitMessage(planType));
}

/**
 * Refuses a competitor report the owner's plan does not allow: free has no competitor tracking
 * (403), a starter plan's access ends after its days and includes a number of reports within them
 * (409). Reports are counted from the owner's stored reports since the plan began.
 */
export async function assertCanCreateCompetitorReport(db: Database, ownerId: string): Promise<void> {
  const owner = await ownerOrThrow(db, ownerId);
  const plan = plans[owner.planType];
  if (!plan.allows.competitorTracking) {
    throw new AppError('plan_feature', featureLimitMessage(owner.planType, 'competitorTracking'));
  }
  assertAccessNotEnded(owner, 'generate more competitor reports');
  if (plan.limits.competitorReports === null) return;
  const since = accessPeriodOf(owner)?.since;
  const conditions = [eq(competitorReports.userId, ownerId)];
  if (since) conditions.push(gte(competitorReports.createdAt, since));
  const [used] = await db
    .select({ value: count() })
    .from(competitorReports)
    .where(and(...conditions));
  if ((used?.value ?? 0) >= plan.limits.competitorReports) {
    throw new AppError('plan_limit', competitorReportLimitMessage(owner.planType));
  }
}

/**
 * Refuses changes to competitor tracking (competitors, ads, imports, discoveries) when the plan
 * lacks it (403) or its access period has ended (409); reading what is stored stays open.
 */
export async function assertCanChangeCompetitorTracking(db: Database, ownerId: string): Promise<void> {
  const owner = await ownerOrThrow(db, ownerId);
  if (!plans[owner.planType].allows.competitorTracking) {
    throw new AppError('plan_feature', featureLimitMessage(owner.planType, 'competitorTracking'));
  }
  assertAccessNotEnded(owner, 'keep tracking competitors');
}

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
  const reportConditions = [eq(competitorReports.userId, ownerId)];
  if (since) reportConditions.push(gte(competitorReports.createdAt, since));
  const [auditCount, [insightCount], [reportCount], [brandCount]] = await Promise.all([
    auditsUsed(db, ownerId, since),
    db.select({ value: count() }).from(consumerInsights).where(eq(consumerInsights.userId, ownerId)),
    db
      .select({ value: count() })
      .from(competitorReports)
      .where(and(...reportConditions)),
    db.select({ value: count() }).from(brands).where(eq(brands.userId, ownerId)),
  ]);
  return {
    planType: owner.planType,
    brands: { used: brandCount?.value ?? 0, limit: owner.maxBrands } satisfies Usage,
    audits: { used: auditCount, limit: plan.limits.audits } satisfies Usage,
    insights: { used: insightCount?.value ?? 0, limit: plan.limits.insights } satisfies Usage,
    competitors: { used: reportCount?.value ?? 0, limit: plan.limits.competitorReports } satisfies Usage,
  };
}
