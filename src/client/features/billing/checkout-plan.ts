import { isPlanKey, type PlanKey, TRIAL_DAYS } from '../../../shared/plans.ts';
import { PLAN_CHANGE_MARKER } from '../../../shared/schemas/billing.ts';

/** The plan the subscribe screen offers when nothing names one (SPEC §2 "Subscribe and payment"). */
export const DEFAULT_CHECKOUT_PLAN: PlanKey = 'smb';

/** Where the subscribe screen can learn its plan, each as stored or typed: possibly not a plan at all. */
export type CheckoutPlanSources = {
  /** the address's ?plan */
  query: string | null;
  /** local storage selectedPlan: chosen on the landing page, a banner or Settings */
  selectedPlan: string | null;
  /** local storage lastCheckoutPlan: the plan this screen last showed (for /upgrade, DESIGN §7.7) */
  lastCheckoutPlan: string | null;
};

/**
 * The plan to show. /subscribe: ?plan, else the chosen plan, else the plan last shown at checkout.
 * /upgrade (Try Again after a failed payment) is for the last plan shown at checkout first (DESIGN
 * §7.7), then the chosen plan. Else SMB. The first value given decides: one that is not a plan key
 * means SMB.
 */
export function checkoutPlanFrom(sources: CheckoutPlanSources, screen: 'subscribe' | 'upgrade' = 'subscribe'): PlanKey {
  const stored =
    screen === 'upgrade'
      ? [sources.lastCheckoutPlan, sources.selectedPlan]
      : [sources.selectedPlan, sources.lastCheckoutPlan];
  const given = [sources.query, ...stored].find((value) => value !== null && value.trim() !== '');
  const value = given?.trim();
  return isPlanKey(value) ? value : DEFAULT_CHECKOUT_PLAN;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a monthly plan's free trial ends and its first payment is taken, for a subscription started now. */
export function firstChargeDate(now: Date = new Date()): Date {
  return new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
}

/** Whether a refusal to start checkout is SPEC §8's plan change: another subscription must be cancelled first. */
export function isPlanChangeError(error: unknown): boolean {
  return error instanceof Error && error.message.toLowerCase().includes(PLAN_CHANGE_MARKER);
}
