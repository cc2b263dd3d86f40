/**
 * What the server says when a plan refuses a change, and what the screens say over what a plan
 * keeps read-only: every number and name comes from the plans table (plans.ts).
 */
import { featureNames, type PlanFeature, type PlanKey, plans } from './plans.ts';

// Plan dates are the UK business's dates, wherever the server runs.
const planDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

export function formatPlanDate(date: Date): string {
  return planDate.format(date);
}

const brandCount = (count: number) => (count === 1 ? '1 brand' : `${count} brands`);

/** SPEC §2's words when the account already has all the brands its plan includes. */
export function maxBrandsMessage(limit: number): string {
  return `Maximum brands limit (${limit}) reached.`;
}

/**
 * The refusal of a change once the plan's access period is over (Starter's days from purchase):
 * when it ended and what upgrading would let the account do, e.g. "run more audits".
 */
export function accessEndedMessage(planKey: PlanKey, endedAt: Date, toDoMore: string): string {
  return `Your ${plans[planKey].name} access ended on ${formatPlanDate(endedAt)}. Upgrade your plan to ${toDoMore}.`;
}

/**
 * Why a brand beyond the plan's brands is read-only (an account back on a smaller plan keeps
 * every brand), and the two ways to work on it again.
 */
export function readOnlyBrandMessage(planKey: PlanKey, brandName: string, brandLimit: number): string {
  return `${brandName} is read-only: your ${plans[planKey].name} plan includes ${brandCount(brandLimit)}. Upgrade your plan to work on it again, or delete a brand.`;
}

/** The notice over what an account collected with a feature its plan no longer includes. */
export function storedFeatureNotice(planKey: PlanKey, feature: PlanFeature): string {
  return `Your ${plans[planKey].name} plan does not include ${featureNames[feature]}. What you collected stays here, read-only. Upgrade to add more.`;
}
