import type { Database } from '../../db/client.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { assertCanChangeCompetitorTracking, assertPlanAllows } from '../billing/plan-limits.ts';
import { getCompetitorOrThrow } from './get-competitor-or-throw.ts';

type Purpose = { toChange?: boolean };

/** Reading needs the feature in the plan; changing also needs the plan's access period running. */
function assertTracking(db: Database, ownerId: string, { toChange = false }: Purpose) {
  return toChange
    ? assertCanChangeCompetitorTracking(db, ownerId)
    : assertPlanAllows(db, ownerId, 'competitorTracking');
}

/**
 * A brand of the actor whose owner's plan includes competitor tracking: 404 when it is not theirs,
 * 403 plan_feature when the plan lacks it, 409 when a change comes after a starter's 30 days. The
 * owner's plan decides, as for every owned record.
 */
export async function getTrackedBrandOrThrow(db: Database, actor: Actor, brandId: string, purpose: Purpose = {}) {
  const brand = await getBrandOrThrow(db, actor, brandId);
  await assertTracking(db, brand.userId, purpose);
  return brand;
}

/** A competitor of the actor's, under a plan with competitor tracking (404, then 403 or 409). */
export async function getTrackedCompetitorOrThrow(
  db: Database,
  actor: Actor,
  competitorId: string,
  purpose: Purpose = {},
) {
  const competitor = await getCompetitorOrThrow(db, actor, competitorId);
  await assertTracking(db, competitor.userId, purpose);
  return competitor;
}
