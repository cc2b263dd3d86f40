import { inArray } from 'drizzle-orm';
import { accessEndedMessage } from '../../../../shared/plan-messages.ts';
import type { PlanFeature } from '../../../../shared/plans.ts';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { AppError } from '../../../http/errors.ts';
import { accessEndedAt, assertAccessNotEnded } from './access-period.ts';
import { assertBrandWithinPlan, brandLimitReason, brandPositionsOf } from './brand-slots.ts';
import { assertOwnerPlanAllows } from './feature-guards.ts';
import { type Owner, ownerOrThrow } from './owner.ts';

/** A brand as the checks need it: whose it is, and its name for the refusal. */
export type BrandRef = { id: string; userId: string; name: string };

/** Whether a brand can be changed now; readOnlyReason says why not, in words for the screen. */
export type BrandAccess = { readOnly: boolean; readOnlyReason: string | null };

/** What a change to a brand's data needs from its owner's plan. */
export type ChangeNeeds = {
  /** the feature the change uses, when the plan must include it */
  feature?: PlanFeature;
  /** what upgrading would let the account do, for the access-ended refusal: "run more audits" */
  toDoMore: string;
};

/**
 * The check before any change to a brand's data (its fields, audits, recommendations, insights,
 * sources, competitors, ads, reports and report e-mails): the owner's plan includes the feature
 * (403 plan_feature), its access period has not ended (403 plan_limit), and the brand is one of
 * the plan's brands (403 plan_limit: read-only after a downgrade). Checked on every request, so a
 * Starter plan's days end on time without a timer. Returns the owner for the allowance checks.
 */
export async function assertCanChangeBrand(db: Database, brand: BrandRef, needs: ChangeNeeds): Promise<Owner> {
  const owner = await ownerOrThrow(db, brand.userId);
  if (needs.feature) assertOwnerPlanAllows(owner, needs.feature);
  assertAccessNotEnded(owner, needs.toDoMore);
  await assertBrandWithinPlan(db, owner, brand);
  return owner;
}

function accessOf(owner: Owner | undefined, brand: BrandRef, position: number | undefined): BrandAccess {
  if (!owner || position === undefined) return { readOnly: false, readOnlyReason: null };
  const endedAt = accessEndedAt(owner);
  const reason = endedAt
    ? accessEndedMessage(owner.planType, endedAt, 'work on your brands again')
    : brandLimitReason(owner, brand, position);
  return { readOnly: reason !== null, readOnlyReason: reason };
}

/**
 * What a caller may already hold, so brandAccessOf need not read it again: owners' rows (read
 * with the request's actor) and every brand's position among its owner's brands (the brand list
 * reads them with the brands). Positions must cover all of the owners' brands.
 */
export type KnownBrandAccessFacts = { owners?: Owner[]; positions?: Map<string, number> };

/**
 * Whether each brand can be changed now, by brand id, with the reason when it cannot: its owner's
 * access period has ended, or it is beyond the owner's plan's brands. Reading stays open either way.
 */
export async function brandAccessOf(
  db: Database,
  brandRows: BrandRef[],
  known: KnownBrandAccessFacts = {},
): Promise<Map<string, BrandAccess>> {
  const ownerIds = [...new Set(brandRows.map((brand) => brand.userId))];
  if (ownerIds.length === 0) return new Map();
  const ownerById = new Map((known.owners ?? []).map((owner) => [owner.id, owner]));
  const missingOwners = ownerIds.filter((id) => !ownerById.has(id));
  if (missingOwners.length > 0) {
    for (const owner of await db.select().from(users).where(inArray(users.id, missingOwners))) {
      ownerById.set(owner.id, owner);
    }
  }
  const positions = known.positions ?? (await brandPositionsOf(db, ownerIds));
  return new Map(
    brandRows.map((brand) => [brand.id, accessOf(ownerById.get(brand.userId), brand, positions.get(brand.id))]),
  );
}

/**
 * Of these brands, the ones that can be changed now, for work that spans brands (generating
 * action items). When there were brands and none can be changed, refuses with the first reason.
 */
export async function changeableBrandsOf<T extends BrandRef>(db: Database, brandRows: T[]): Promise<T[]> {
  const access = await brandAccessOf(db, brandRows);
  const changeable = brandRows.filter((brand) => !access.get(brand.id)?.readOnly);
  const first = brandRows[0];
  const reason = first && changeable.length === 0 ? access.get(first.id)?.readOnlyReason : null;
  if (reason) throw new AppError('plan_limit', reason);
  return changeable;
}
