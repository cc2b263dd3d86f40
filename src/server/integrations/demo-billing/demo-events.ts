/**
 * What happens in demo billing that a payment provider would do on its own: the test card's
 * answer at checkout, and the passing of time (a pending payment settles, a trial ends, a month
 * renews, a cancellation takes effect). Each returns the events a provider would send; the
 * billing feature applies them through the same code as Stripe's webhooks.
 */
import { randomBytes } from 'node:crypto';
import { addMonths } from '../../../shared/billing-dates.ts';
import type { BillingEvent, ProviderSubscription } from '../billing-provider.ts';
import { type DemoBilling, intentIdOfSecret } from './demo-billing.ts';

/** A pending test payment settles (succeeds) after this long, as a bank payment would later. */
export const DEMO_SETTLE_MS = 2 * 60 * 1000;
/** An unconfirmed subscription expires after this long (Stripe: 23 hours). */
export const DEMO_INCOMPLETE_EXPIRY_MS = 23 * 60 * 60 * 1000;
export const DEMO_DECLINE_MESSAGE = 'Your card was declined. (Test checkout: you chose a failed payment.)';

export type DemoOutcome = 'succeed' | 'pending' | 'fail';

function event(
  type: string,
  objectKind: BillingEvent['objectKind'],
  objectId: string,
  customerId: string | null,
): BillingEvent {
  return { id: `demo_evt_${randomBytes(12).toString('hex')}`, type, objectKind, objectId, customerId };
}

const subscriptionEvent = (type: string, subscription: ProviderSubscription) =>
  event(type, 'subscription', subscription.id, subscription.customerId);

/** A subscription's first invoice is paid: it becomes active with the card on file. */
async function payFirstInvoice(demo: DemoBilling, subscriptionId: string): Promise<BillingEvent[]> {
  const subscription = await demo.retrieveSubscription(subscriptionId);
  if (subscription?.status !== 'incomplete') return [];
  const updated = await demo.updateSubscription(subscriptionId, {
    status: 'active',
    pendingIntent: null,
    hasDefaultPaymentMethod: true,
    defaultPaymentMethodId: `demo_pm_${randomBytes(12).toString('hex')}`,
  });
  if (!updated) return [];
  return [subscriptionEvent('invoice.paid', updated), subscriptionEvent('customer.subscription.updated', updated)];
}

/** The intent settles as the test card said; the events a provider would send about it. */
async function settleIntent(demo: DemoBilling, intentId: string, outcome: DemoOutcome): Promise<BillingEvent[]> {
  const status = outcome === 'succeed' ? 'succeeded' : outcome === 'pending' ? 'processing' : 'requires_payment_method';
  const changed = await demo.setIntentStatus(intentId, status, outcome === 'fail' ? DEMO_DECLINE_MESSAGE : null);
  if (!changed) return [];
  const { kind, customerId, metadata } = changed;
  const suffix =
    kind === 'payment_intent'
      ? { succeed: 'succeeded', pending: 'processing', fail: 'payment_failed' }[outcome]
      : { succeed: 'succeeded', pending: 'processing', fail: 'setup_failed' }[outcome];
  const events = [event(`${kind}.${suffix}`, kind, intentId, customerId)];
  if (kind === 'payment_intent' && outcome === 'succeed' && metadata.subscriptionId) {
    events.push(...(await payFirstInvoice(demo, metadata.subscriptionId)));
  }
  return events;
}

export type DemoCheckoutResult = {
  intentKind: 'payment' | 'setup';
  intentId: string;
  redirectStatus: 'succeeded' | 'processing' | 'failed';
  events: BillingEvent[];
};

/**
 * The test checkout's "card": settles the intent behind a client secret as asked. Null when the
 * secret names no demo intent, or one that has already settled (a checkout is confirmed once).
 */
export async function confirmDemoIntent(
  demo: DemoBilling,
  clientSecret: string,
  outcome: DemoOutcome,
): Promise<DemoCheckoutResult | null> {
  const intentId = intentIdOfSecret(clientSecret);
  if (!intentId) return null;
  const intent = intentId.startsWith('demo_pi_')
    ? await demo.retrievePaymentIntent(intentId)
    : await demo.retrieveSetupIntent(intentId);
  if (!intent || intent.clientSecret !== clientSecret) return null;
  if (intent.status === 'succeeded' || intent.status === 'processing' || intent.status === 'canceled') return null;
  const events = await settleIntent(demo, intentId, outcome);
  return {
    intentKind: intentId.startsWith('demo_pi_') ? 'payment' : 'setup',
    intentId,
    redirectStatus: outcome === 'succeed' ? 'succeeded' : outcome === 'pending' ? 'processing' : 'failed',
    events,
  };
}

/** One subscription's next step in time, or nothing when none is due. */
async function advanceSubscription(demo: DemoBilling, subscription: ProviderSubscription, now: Date) {
  const due = (date: Date | null) => date !== null && date.getTime() <= now.getTime();
  const end = async (endedAt: Date) => {
    const ended = await demo.updateSubscription(subscription.id, {
      status: 'canceled',
      endedAt: endedAt.toISOString(),
      pendingIntent: null,
    });
    return ended ? [subscriptionEvent('customer.subscription.deleted', ended)] : [];
  };
  if (subscription.status === 'incomplete') {
    if (now.getTime() - subscription.startedAt.getTime() < DEMO_INCOMPLETE_EXPIRY_MS) return [];
    const expired = await demo.updateSubscription(subscription.id, {
      status: 'incomplete_expired',
      pendingIntent: null,
    });
    return expired ? [subscriptionEvent('customer.subscription.updated', expired)] : [];
  }
  if (subscription.status !== 'trialing' && subscription.status !== 'active') return [];
  if (!due(subscription.currentPeriodEnd)) return [];
  const periodEnd = subscription.currentPeriodEnd as Date;
  // Cancelled, or a trial that ends with no card to charge: the subscription ends with its period.
  if (subscription.cancelAtPeriodEnd || !subscription.hasDefaultPaymentMethod) return end(periodEnd);
  const renewed = await demo.updateSubscription(subscription.id, {
    status: 'active',
    currentPeriodEnd: addMonths(periodEnd, 1).toISOString(),
  });
  return renewed
    ? [subscriptionEvent('invoice.paid', renewed), subscriptionEvent('customer.subscription.updated', renewed)]
    : [];
}

/** Everything due by `now`, in order: pending payments settle, then subscriptions move on. */
export async function advanceDemoClock(demo: DemoBilling, now: Date): Promise<BillingEvent[]> {
  const events: BillingEvent[] = [];
  for (const intent of await demo.listProcessingIntents()) {
    if (now.getTime() - intent.processingSince.getTime() >= DEMO_SETTLE_MS) {
      events.push(...(await settleIntent(demo, intent.id, 'succeed')));
    }
  }
  for (const subscription of await demo.listSubscriptions()) {
    events.push(...(await advanceSubscription(demo, subscription, now)));
  }
  return events;
}
