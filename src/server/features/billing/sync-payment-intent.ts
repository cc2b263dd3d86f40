import { eq } from 'drizzle-orm';
import { payments, subscriptions } from '../../db/schema/index.ts';
import type { ProviderPaymentIntent } from '../../integrations/billing-provider.ts';
import type { BillingDeps } from './billing-deps.ts';
import { starterAccessEndsAt } from './plan-limits.ts';
import { queueBillingConfirmation } from './queue-billing-confirmation.ts';
import { recomputePlan } from './recompute-plan.ts';
import { type SyncOutcome, syncSubscription } from './sync-subscription.ts';

export type PaymentRow = typeof payments.$inferSelect;

function localPaymentStatusOf(intent: ProviderPaymentIntent): PaymentRow['status'] {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'processing') return 'processing';
  if (intent.status === 'canceled' || intent.lastError) return 'failed';
  return 'requires_payment';
}

/**
 * Writes a Starter payment's current state at the provider onto its row. The first time it is
 * seen succeeded, the account becomes Starter (30 days from now) and the confirmation is queued.
 */
export async function applyPaymentState(
  deps: BillingDeps,
  local: PaymentRow,
  intent: ProviderPaymentIntent,
): Promise<PaymentRow> {
  const status = localPaymentStatusOf(intent);
  const succeededNow = status === 'succeeded' && local.status !== 'succeeded';
  const [updated] = await deps.db
    .update(payments)
    .set({
      status,
      failureMessage: status === 'failed' ? (intent.lastError ?? 'The payment was cancelled') : null,
      succeededAt: local.succeededAt ?? (status === 'succeeded' ? new Date() : null),
    })
    .where(eq(payments.id, local.id))
    .returning();
  const row = updated ?? local;
  if (succeededNow) {
    await recomputePlan(deps.db, local.userId);
    await queueBillingConfirmation(deps, {
      userId: local.userId,
      occasion: `payment:${local.id}`,
      plan: 'starter',
      amount: local.amount / 100,
      accessUntil: starterAccessEndsAt(row.succeededAt ?? new Date()),
      trialEnd: null,
    });
  }
  return row;
}

/**
 * Brings a payment in step with the provider. A Starter payment updates its row; the first payment
 * of a subscription (no free trial) brings the subscription in step instead.
 */
export async function syncPaymentIntent(deps: BillingDeps, intentId: string): Promise<SyncOutcome> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.providerPaymentIntentId, intentId));
  if (payment) {
    const intent = await deps.provider.retrievePaymentIntent(intentId);
    if (!intent) return 'ignored: the provider has no such payment';
    await applyPaymentState(deps, payment, intent);
    return 'applied';
  }
  const [subscription] = await deps.db.select().from(subscriptions).where(eq(subscriptions.pendingIntentId, intentId));
  if (subscription?.providerSubscriptionId) return syncSubscription(deps, subscription.providerSubscriptionId);
  return 'ignored: the payment was not made through Brandlens';
}
