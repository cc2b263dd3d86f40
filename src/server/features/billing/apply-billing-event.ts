import { eq } from 'drizzle-orm';
import { billingEvents } from '../../db/schema/index.ts';
import type { BillingEvent } from '../../integrations/billing-provider.ts';
import { type BillingDeps, fromProvider } from './billing-deps.ts';
import { syncPaymentIntent } from './sync-payment-intent.ts';
import { syncSetupIntent } from './sync-setup-intent.ts';
import { type SyncOutcome, syncSubscription } from './sync-subscription.ts';

async function applyToObject(deps: BillingDeps, event: BillingEvent): Promise<SyncOutcome> {
  if (!event.objectId || !event.objectKind) return `ignored: ${event.type} is not used`;
  switch (event.objectKind) {
    case 'payment_intent':
      return syncPaymentIntent(deps, event.objectId);
    case 'setup_intent':
      return syncSetupIntent(deps, event.objectId);
    case 'subscription':
      return syncSubscription(deps, event.objectId);
  }
}

/**
 * Applies one provider event (a Stripe webhook or a demo billing event) once: its id is stored
 * with what became of it, and the same event again is acknowledged without being applied. The
 * event only names its object; the object's current state is read from the provider, so the order
 * events arrive in does not matter. A provider call that fails throws before the id is stored, so
 * the provider's retry applies it later; it throws as an AppError (upstream_failed, 502), so a
 * webhook answers Stripe with a 502 in the error format rather than a 500.
 */
export async function applyBillingEvent(
  deps: BillingDeps,
  event: BillingEvent,
): Promise<{ duplicate: boolean; outcome: string }> {
  const [seen] = await deps.db.select().from(billingEvents).where(eq(billingEvents.id, event.id));
  if (seen) return { duplicate: true, outcome: seen.outcome };
  const outcome = await fromProvider(applyToObject(deps, event));
  const inserted = await deps.db
    .insert(billingEvents)
    .values({ id: event.id, provider: deps.provider.kind, type: event.type, outcome: outcome.slice(0, 200) })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  if (outcome !== 'applied') {
    deps.logger.info(
      { eventId: event.id, type: event.type, customer: event.customerId, outcome },
      'billing event not applied',
    );
  }
  return { duplicate: inserted.length === 0, outcome };
}
