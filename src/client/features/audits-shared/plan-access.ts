import { storedFeatureNotice } from '../../../shared/plan-messages.ts';
import { featureUpgradePromptFor, type PlanFeature, type PlanKey, plans } from '../../../shared/plans.ts';
import type { TBrand } from '../../../shared/schemas/brands.ts';

/** Why a screen shows what is stored but offers no changes, and the plan an upgrade would offer. */
export type ReadOnlyState = { message: string; upgradeTo: PlanKey | null };

/** Whether the workspace's plan includes a module's feature at all (unknown while the user loads). */
export function planLacks(planType: PlanKey | undefined, feature: PlanFeature): boolean {
  return planType !== undefined && !plans[planType].allows[feature];
}

/** The first plan up the ladder with more brands than this one: what opens a read-only brand again. */
function planWithMoreBrands(planType: PlanKey): PlanKey | null {
  let next = plans[planType].upgradeTo;
  while (next && plans[next].limits.brands <= plans[planType].limits.brands) next = plans[next].upgradeTo;
  return next;
}

/** A brand the server keeps read-only (beyond the plan's brands, or after its days): its reason. */
export function brandReadOnlyState(planType: PlanKey | undefined, brand: TBrand): ReadOnlyState | null {
  if (!brand.readOnly || !brand.readOnlyReason) return null;
  return { message: brand.readOnlyReason, upgradeTo: planType ? planWithMoreBrands(planType) : null };
}

/**
 * A module's screen for a brand is read-only when the plan does not include the module (what was
 * collected before stays readable) or when the brand itself is read-only; null when it can change.
 */
export function moduleReadOnlyState(
  planType: PlanKey | undefined,
  brand: TBrand,
  feature: PlanFeature,
): ReadOnlyState | null {
  if (planType && !plans[planType].allows[feature]) {
    return {
      message: storedFeatureNotice(planType, feature),
      upgradeTo: featureUpgradePromptFor(planType, feature)?.upgradeTo ?? null,
    };
  }
  return brandReadOnlyState(planType, brand);
}
