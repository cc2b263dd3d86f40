import { TRIAL_DAYS, UNLIMITED_BRANDS } from '../../../shared/plans.ts';
import type { TSubscriptionDetails } from '../../../shared/schemas/billing.ts';

export type TSubscription = NonNullable<TSubscriptionDetails['subscription']>;

export type StatusBadgeVariant = 'success' | 'default' | 'warning' | 'destructive' | 'secondary';
export type StatusBadge = { label: string; variant: StatusBadgeVariant };

export const TRIAL_LABEL = `Free Trial (${TRIAL_DAYS} days)`;

/**
 * SPEC §4 "Subscription display": Active, Free Trial (14 days), Expired, Inactive, or Cancelling
 * when it ends at the period's end. A cancelling subscription keeps its plan until then.
 */
export function subscriptionStatusBadge(subscription: TSubscription): StatusBadge {
  if (subscription.isExpired || subscription.status === 'expired') return { label: 'Expired', variant: 'destructive' };
  const running = subscription.status === 'active' || subscription.status === 'trialing';
  if (running && subscription.cancelAtPeriodEnd) return { label: 'Cancelling', variant: 'warning' };
  if (subscription.status === 'trialing') return { label: TRIAL_LABEL, variant: 'default' };
  if (subscription.status === 'active') return { label: 'Active', variant: 'success' };
  return { label: 'Inactive', variant: 'secondary' };
}

/**
 * Which control the card offers: Starter (a one-off purchase) and ended subscriptions none; a
 * cancelling one Reactivate; a running one Cancel, held back while Agency's minimum commitment runs.
 */
export type SubscriptionControl = 'none' | 'cancel' | 'cancel-locked' | 'reactivate';

export function subscriptionControl(subscription: TSubscription): SubscriptionControl {
  if (subscription.type === 'starter' || subscription.isExpired) return 'none';
  const cancellable = ['active', 'trialing', 'past_due'].includes(subscription.status);
  if (!cancellable) return 'none';
  if (subscription.cancelAtPeriodEnd) return 'reactivate';
  return subscription.canCancel ? 'cancel' : 'cancel-locked';
}

/** A limit in words: a number, or Unlimited for none (null) and for the agency's 999 brands. */
export function limitText(limit: number | null): string {
  return limit === null || limit >= UNLIMITED_BRANDS ? 'Unlimited' : String(limit);
}

type Usage = { used: number; limit: number | null };

/** A plan without the feature at all (Free's insights and competitor reports). */
export function notIncluded(usage: Usage): boolean {
  return usage.limit !== null && usage.limit <= 0;
}

/** '2 / 5', '3 / Unlimited', or 'Not included' for an allowance of none */
export function usageText(usage: Usage): string {
  return notIncluded(usage) ? 'Not included' : `${usage.used} / ${limitText(usage.limit)}`;
}

/** How full an allowance is, 0 to 100; null (no bar) when unlimited or not included. */
export function usagePercent(usage: Usage): number | null {
  if (usage.limit === null || usage.limit >= UNLIMITED_BRANDS || notIncluded(usage)) return null;
  return Math.min(100, Math.round((usage.used / usage.limit) * 100));
}

/** 'in 1 day', 'in 23 days': the Agency cancel button's and tooltip's wait. */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
