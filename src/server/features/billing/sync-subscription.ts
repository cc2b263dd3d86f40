import { eq } from 'drizzle-orm';
import { plans } from '../../../shared/plans.ts';
import { subscriptions, users } from '../../db/schema/index.ts';
import type { ProviderSubscription, ProviderSubscriptionStatus } from '../../integrations/billing-provider.ts';
import type { BillingDeps } from './billing-deps.ts';
import { queueBillingConfirmation } from './queue-billing-confirmation.ts';
import { recomputePlan } from './recompute-plan.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
/** What applying an event or a check did: applied, or ignored and why (logged). */
export type SyncOutcome = 'applied' | `ignored: ${string}`;

const localStatusOf: Record<ProviderSubscriptionStatus, SubscriptionRow['status']> = {
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  paused: 'past_due',
  canceled: 'canceled',
};

/**
 * When the subscription's first payment was taken, once the provider says it is paid (active): the
 * end of its free trial, or its start when it had none. Kept once set; null while nothing is paid.
 */
export function firstPaidAtOf(local: SubscriptionRow, remote: ProviderSubscription, now = new Date()): Date | null {
  if (local.firstPaidAt) return local.firstPaidAt;
  if (remote.status !== 'active') return null;
  if (!remote.trialEnd) return remote.startedAt;
  // A trial ended early is paid now, not on the day it was due to end.
  return remote.trialEnd.getTime() < now.getTime() ? remote.trialEnd : now;
}

/**
 * Writes the provider's current state of a subscription onto its row and sets the account's plan
 * from it. The card counts as confirmed once the subscription has a default payment method or has
 * been paid; a subscription is granted its plan only from then on.
 */
export async function applySubscriptionState(
  deps: BillingDeps,
  local: SubscriptionRow,
  remote: ProviderSubscription,
): Promise<SubscriptionRow> {
  const cardConfirmed = remote.hasDefaultPaymentMethod || remote.status === 'active';
  const confirmedAt = local.confirmedAt ?? (cardConfirmed ? new Date() : null);
  const [updated] = await deps.db
    .update(subscriptions)
    .set({
      status: localStatusOf[remote.status],
      plan: remote.plan ?? local.plan,
      cancelAtPeriodEnd: remote.cancelAtPeriodEnd,
      currentPeriodEnd: remote.currentPeriodEnd,
      trialEnd: remote.trialEnd,
      startedAt: remote.startedAt,
      firstPaidAt: firstPaidAtOf(local, remote),
      endedAt: remote.endedAt,
      confirmedAt,
    })
    .where(eq(subscriptions.id, local.id))
    .returning();
  const row = updated ?? local;
  await recomputePlan(deps.db, local.userId);
  if (!local.confirmedAt && confirmedAt) {
    await queueBillingConfirmation(deps, {
      userId: local.userId,
      occasion: `subscription:${local.id}`,
      plan: row.plan,
      amount: plans[row.plan].price,
      accessUntil: null,
      trialEnd: row.status === 'trialing' ? row.trialEnd : null,
    });
  }
  return row;
}

/** The row for a provider subscription; one made outside Brandlens is adopted when its customer is ours. */
async function localRowFor(deps: BillingDeps, remote: ProviderSubscription): Promise<SubscriptionRow | null> {
  const [local] = await deps.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, remote.id));
  if (local) return local;
  const [owner] = await deps.db.select().from(users).where(eq(users.stripeCustomerId, remote.customerId));
  if (!owner || !remote.plan) return null;
  const [adopted] = await deps.db
    .insert(subscriptions)
    .values({
      userId: owner.id,
      plan: remote.plan,
      provider: deps.provider.kind,
      providerSubscriptionId: remote.id,
      status: localStatusOf[remote.status],
    })
    .onConflictDoNothing()
    .returning();
  if (adopted) return adopted;
  const [raced] = await deps.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, remote.id));
  return raced ?? null;
}

/**
 * Brings a subscription in step with the provider by reading its current state there, so events
 * applied late or out of order still leave the latest state.
 */
export async function syncSubscription(deps: BillingDeps, subscriptionId: string): Promise<SyncOutcome> {
  const remote = await deps.provider.retrieveSubscription(subscriptionId);
  if (!remote) return 'ignored: the provider has no such subscription';
  const local = await localRowFor(deps, remote);
  if (!local) return 'ignored: the subscription belongs to no Brandlens customer';
  await applySubscriptionState(deps, local, remote);
  return 'applied';
}
