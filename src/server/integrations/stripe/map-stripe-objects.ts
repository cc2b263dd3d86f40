/**
 * Stripe's objects (API version 2026-10-28.endive) reduced to the provider shapes of
 * billing-provider.ts: amounts stay in minor units, unix seconds become Dates, a price id becomes
 * a Brandlens plan. In this API version a subscription's period end lives on its items and an
 * invoice names its subscription under parent.subscription_details.
 */
import type Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';
import type {
  MonthlyPlan,
  PendingIntent,
  ProviderIntentStatus,
  ProviderPaymentIntent,
  ProviderSetupIntent,
  ProviderSubscription,
  ProviderSubscriptionStatus,
} from '../billing-provider.ts';

const intentStatuses: readonly ProviderIntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
];

const subscriptionStatuses: readonly ProviderSubscriptionStatus[] = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
];

/**
 * A status this code does not know yet (Stripe adds them) reads as one that grants nothing and
 * refuses nothing: an intent still processing, a subscription not yet paid for.
 */
function intentStatusOf(status: string): ProviderIntentStatus {
  return (intentStatuses as readonly string[]).includes(status) ? (status as ProviderIntentStatus) : 'processing';
}

function subscriptionStatusOf(status: string): ProviderSubscriptionStatus {
  return (subscriptionStatuses as readonly string[]).includes(status)
    ? (status as ProviderSubscriptionStatus)
    : 'incomplete';
}

/** The id of an expandable field, whether Stripe sent the id or the expanded object. */
export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value : value.id;
}

function dateOf(unixSeconds: number | null | undefined): Date | null {
  return unixSeconds == null ? null : new Date(unixSeconds * 1000);
}

/** The PaymentIntent a client secret belongs to: `pi_123_secret_abc` is pi_123's. */
export function paymentIntentIdOfSecret(clientSecret: string): string | null {
  const match = /^(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$/.exec(clientSecret);
  return match?.[1] ?? null;
}

export function toPaymentIntent(intent: Stripe.PaymentIntent): ProviderPaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intentStatusOf(intent.status),
    amount: intent.amount,
    currency: intent.currency,
    customerId: idOf(intent.customer),
    metadata: { ...intent.metadata },
    created: new Date(intent.created * 1000),
    lastError: intent.last_payment_error?.message ?? null,
  };
}

export function toSetupIntent(intent: Stripe.SetupIntent): ProviderSetupIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intentStatusOf(intent.status),
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    metadata: { ...(intent.metadata ?? {}) },
    lastError: intent.last_setup_error?.message ?? null,
  };
}

function planOfPrice(priceId: string | undefined, prices: StripeConfig['prices']): MonthlyPlan | null {
  if (priceId === prices.smb) return 'smb';
  if (priceId === prices.agency) return 'agency';
  return null;
}

/**
 * What the Payment Element confirms for a new subscription: during a free trial, the setup
 * intent that saves the card; otherwise the first invoice's payment, whose client secret the
 * invoice carries (only when expanded) and whose id is the secret's prefix.
 */
function pendingIntentOf(subscription: Stripe.Subscription): PendingIntent | null {
  const setupIntent = subscription.pending_setup_intent;
  if (setupIntent && typeof setupIntent === 'object' && setupIntent.client_secret) {
    return { kind: 'setup', id: setupIntent.id, clientSecret: setupIntent.client_secret };
  }
  if (subscription.status !== 'incomplete') return null;
  const invoice = subscription.latest_invoice;
  const clientSecret = invoice && typeof invoice === 'object' ? invoice.confirmation_secret?.client_secret : undefined;
  const paymentIntentId = clientSecret ? paymentIntentIdOfSecret(clientSecret) : null;
  if (!clientSecret || !paymentIntentId) return null;
  return { kind: 'payment', id: paymentIntentId, clientSecret };
}

export function toSubscription(
  subscription: Stripe.Subscription,
  prices: StripeConfig['prices'],
): ProviderSubscription {
  const firstItem = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscriptionStatusOf(subscription.status),
    plan: planOfPrice(firstItem?.price.id, prices),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: dateOf(firstItem?.current_period_end),
    trialEnd: dateOf(subscription.trial_end),
    startedAt: new Date(subscription.start_date * 1000),
    endedAt: dateOf(subscription.ended_at),
    pendingIntent: pendingIntentOf(subscription),
    hasDefaultPaymentMethod: subscription.default_payment_method != null,
    metadata: { ...subscription.metadata },
  };
}
