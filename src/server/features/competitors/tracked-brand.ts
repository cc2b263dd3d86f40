import type { Database } from '../../db/client.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import { getAdOrThrow, getCompetitorOrThrow } from './get-competitor-or-throw.ts';

type Purpose = { toChange?: boolean };

const trackingChange = { feature: 'competitorTracking', toDoMore: 'keep tracking competitors' } as const;

/**
 * A brand of the actor's for competitor tracking: 404 when it is not theirs. Reading is open on every
 * plan (what an account tracked before a downgrade stays readable); a change needs the owner's plan
 * to include competitor tracking (403 plan_feature), its access period running and the brand among
 * the plan's brands (403 plan_limit).
 */
export async function getTrackedBrandOrThrow(db: Database, actor: Actor, brandId: string, purpose: Purpose = {}) {
  const brand = await getBrandOrThrow(db, actor, brandId);
  if (purpose.toChange) await assertCanChangeBrand(db, brand, trackingChange);
  return brand;
}

/** A competitor of the actor's, checked as its brand is by getTrackedBrandOrThrow (404, then 403). */
export async function getTrackedCompetitorOrThrow(
  db: Database,
  actor: Actor,
  competitorId: string,
  purpose: Purpose = {},
) {
  const competitor = await getCompetitorOrThrow(db, actor, competitorId);
  if (purpose.toChange) await getTrackedBrandOrThrow(db, actor, competitor.brandId, purpose);
  return competitor;
}

/** An ad in the actor's library whose competitor's brand the plan lets change (404, then 403). */
export async function getAdToChangeOrThrow(db: Database, actor: Actor, adId: string) {
  const ad = await getAdOrThrow(db, actor, adId);
  await getTrackedCompetitorOrThrow(db, actor, ad.competitorId, { toChange: true });
  return ad;
}
