import { eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema/index.ts';
import type { BillingDeps } from './billing-deps.ts';
import { applySubscriptionState, type SyncOutcome, syncSubscription } from './sync-subscription.ts';

/**
 * A free trial's card: once its setup intent succeeded, the card becomes the subscription's
 * default payment method (so the first invoice after the trial is paid with it) and the
 * subscription is brought in step, which grants the plan.
 */
export async function syncSetupIntent(deps: BillingDeps, intentId: string): Promise<SyncOutcome> {
  const [local] = await deps.db.select().from(subscriptions).where(eq(subscriptions.pendingIntentId, intentId));
  if (!local?.providerSubscriptionId) return 'ignored: the card was not saved through Brandlens';
  const intent = await deps.provider.retrieveSetupIntent(intentId);
  if (!intent) return 'ignored: the provider has no such setup intent';
  if (intent.status === 'succeeded' && intent.paymentMethodId) {
    const remote = await deps.provider.setDefaultPaymentMethod(
      local.providerSubscriptionId,
      intent.paymentMethodId,
      `default-card:${intent.id}`,
    );
    await applySubscriptionState(deps, local, remote);
    return 'applied';
  }
  return syncSubscription(deps, local.providerSubscriptionId);
}
