import type { Database } from '../../db/client.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { assertPlanAllows } from '../billing/plan-limits.ts';
import { getCompetitorOrThrow } from './get-competitor-or-throw.ts';

/**
 * A brand of the actor whose owner's plan includes competitor tracking: 404 when it is not theirs,
 * 403 plan_feature when the plan lacks it. The owner's plan decides, as for every owned record.
 */
export async function getTrackedBrandOrThrow(db: Database, actor: Actor, brandId: string) {
  const brand = await getBrandOrThrow(db, actor, brandId);
  await assertPlanAllows(db, brand.userId, 'competitorTracking');
  return brand;
}

/** A competitor of the actor's, under a plan with competitor tracking (404, then 403). */
export async function getTrackedCompetitorOrThrow(db: Database, actor: Actor, competitorId: string) {
  const competitor = await getCompetitorOrThrow(db, actor, competitorId);
  await assertPlanAllows(db, competitor.userId, 'competitorTracking');
  return competitor;
}
