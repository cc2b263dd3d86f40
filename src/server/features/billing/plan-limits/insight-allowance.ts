import { count, eq } from 'drizzle-orm';
import { insightLimitMessage, plans } from '../../../../shared/plans.ts';
import type { Database } from '../../../db/client.ts';
import { consumerInsights } from '../../../db/schema/index.ts';
import { AppError } from '../../../http/errors.ts';
import { assertAccessNotEnded } from './access-period.ts';
import { assertCanChangeBrand, type BrandRef } from './brand-changes.ts';
import { assertOwnerPlanAllows } from './feature-guards.ts';
import { type OwnerOrId, ownerOrThrow } from './owner.ts';

/** The consumer insights stored under an account now. */
export async function insightsStored(db: Database, ownerId: string): Promise<number> {
  const [stored] = await db
    .select({ value: count() })
    .from(consumerInsights)
    .where(eq(consumerInsights.userId, ownerId));
  return stored?.value ?? 0;
}

/**
 * How many more insights an account may keep (null: unlimited), under which plan. The allowance
 * counts the insights stored now, so deleting some makes room. Throws the plan's refusal when
 * consumer insights are not in the plan at all, or when its access period has ended.
 */
export async function insightRoomOf(db: Database, ownerOrId: OwnerOrId) {
  const owner = await ownerOrThrow(db, ownerOrId);
  assertOwnerPlanAllows(owner, 'consumerInsights');
  assertAccessNotEnded(owner, 'add more insights');
  const limit = plans[owner.planType].limits.insights;
  if (limit === null) return { room: null, planType: owner.planType };
  return { room: Math.max(0, limit - (await insightsStored(db, owner.id))), planType: owner.planType };
}

/** Refuses adding `wanted` insights when the plan's allowance has no room for them all (403 plan_limit). */
export async function assertInsightRoom(db: Database, ownerOrId: OwnerOrId, wanted: number): Promise<void> {
  const { room, planType } = await insightRoomOf(db, ownerOrId);
  if (room !== null && room < wanted) throw new AppError('plan_limit', insightLimitMessage(planType));
}

/**
 * Before adding insights to a brand (feedback, discovery, import): the checks every change to the
 * brand gets, then the owner's room for more insights, refused (403 plan_limit) when there is none.
 * Returns the room (null: unlimited); a run that finds more than fits keeps what fits.
 */
export async function insightRoomForBrand(db: Database, brand: BrandRef): Promise<number | null> {
  const owner = await assertCanChangeBrand(db, brand, { feature: 'consumerInsights', toDoMore: 'add more insights' });
  const { room, planType } = await insightRoomOf(db, owner);
  if (room === 0) throw new AppError('plan_limit', insightLimitMessage(planType));
  return room;
}
