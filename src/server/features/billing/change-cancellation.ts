import { randomUUID } from 'node:crypto';
import { daysUntil, formatBillingDate } from '../../../shared/billing-dates.ts';
import { plans } from '../../../shared/plans.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { type BillingDeps, fromProvider } from './billing-deps.ts';
import { grantingSubscriptionOf, latestStarterPurchaseOf } from './recompute-plan.ts';
import { cancellableFrom } from './subscription-details.ts';
import { applySubscriptionState, type SubscriptionRow } from './sync-subscription.ts';

async function subscriptionToChange(
  deps: BillingDeps,
  actor: Actor,
): Promise<SubscriptionRow & { providerSubscriptionId: string }> {
  const subscription = await grantingSubscriptionOf(deps.db, actor.user.id);
  if (subscription?.providerSubscriptionId) {
    return subscription as SubscriptionRow & { providerSubscriptionId: string };
  }
  if (await latestStarterPurchaseOf(deps.db, actor.user.id)) {
    throw new AppError('conflict', 'Starter is a one-off purchase: there is nothing to cancel, and it never renews.');
  }
  throw new AppError('conflict', 'You have no active subscription.');
}

const endingText = (row: SubscriptionRow) => {
  const end = row.currentPeriodEnd ? formatBillingDate(row.currentPeriodEnd) : 'the end of this period';
  return row.status === 'trialing'
    ? `Your free trial ends on ${end} and you will not be charged. You keep every ${plans[row.plan].name} feature until then.`
    : `Your ${plans[row.plan].name} subscription will end on ${end}. You keep every ${plans[row.plan].name} feature until then.`;
};

/**
 * POST /api/cancel-subscription: cancels at the end of the period (or trial); the plan stays until
 * then. A free trial can be cancelled at any time; once paid, Agency is refused until 3 months
 * after its first payment, with the days remaining.
 */
export async function cancelSubscription(deps: BillingDeps, { actor }: { actor: Actor }) {
  const subscription = await subscriptionToChange(deps, actor);
  if (subscription.cancelAtPeriodEnd) return { message: endingText(subscription) };
  const from = cancellableFrom(subscription);
  if (from && from.getTime() > Date.now()) {
    const days = daysUntil(from);
    throw new AppError(
      'forbidden',
      `The Agency plan has a 3-month minimum commitment from its first payment. You can cancel from ${formatBillingDate(from)} (${days} ${days === 1 ? 'day' : 'days'} remaining).`,
    );
  }
  const remote = await fromProvider(
    deps.provider.setCancelAtPeriodEnd(subscription.providerSubscriptionId, true, `cancel:${randomUUID()}`),
  );
  const row = await applySubscriptionState(deps, subscription, remote);
  return { message: endingText(row) };
}

/** POST /api/reactivate-subscription: a cancelling subscription carries on as before. */
export async function reactivateSubscription(deps: BillingDeps, { actor }: { actor: Actor }) {
  const subscription = await subscriptionToChange(deps, actor);
  const plan = plans[subscription.plan];
  if (subscription.cancelAtPeriodEnd) {
    const remote = await fromProvider(
      deps.provider.setCancelAtPeriodEnd(subscription.providerSubscriptionId, false, `reactivate:${randomUUID()}`),
    );
    await applySubscriptionState(deps, subscription, remote);
  }
  const renews = subscription.currentPeriodEnd
    ? ` It renews on ${formatBillingDate(subscription.currentPeriodEnd)}.`
    : '';
  return { message: `Your ${plan.name} subscription is active again.${renews}` };
}
