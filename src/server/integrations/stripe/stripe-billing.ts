/**
 * Stripe as Brandlens's payment provider, through the official SDK (pinned to its own API
 * version, 2026-10-28.endive). Every create and update carries the caller's idempotency key, and
 * the SDK retries a dropped request with that same key, so trying again never makes a second
 * customer, payment or subscription.
 */
import Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';
import type { BillingEvent, BillingProvider, ProviderSubscription } from '../billing-provider.ts';
import { toPaymentIntent, toSetupIntent, toSubscription } from './map-stripe-objects.ts';
import { parseStripeWebhook } from './parse-webhook.ts';
import { billingErrorOf, callStripe, isResourceMissing, retrieveOrNull } from './stripe-errors.ts';

export interface StripeBilling extends BillingProvider {
  readonly kind: 'stripe';
  /** Verifies a webhook's signature against the raw body; throws WebhookSignatureError when it does not. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent;
}

export type StripeBillingOptions = {
  /** per attempt; tests shorten it to see a slow Stripe give up quickly */
  timeoutMs?: number;
};

export const STRIPE_TIMEOUT_MS = 10_000;
/** Retries after the first attempt, on a dropped connection, a timeout, a 409 or a 5xx. */
export const STRIPE_NETWORK_RETRIES = 2;

/** Subscriptions come back with what the Payment Element needs to confirm them. */
const SUBSCRIPTION_EXPAND = ['pending_setup_intent', 'latest_invoice.confirmation_secret'];

/** Host, port and protocol of STRIPE_API_BASE (tests point the SDK at a loopback double). */
function addressOf(apiBase: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

export function createStripeBilling(config: StripeConfig, options: StripeBillingOptions = {}): StripeBilling {
  const stripe = new Stripe(config.secretKey, {
    ...addressOf(config.apiBase),
    timeout: options.timeoutMs ?? STRIPE_TIMEOUT_MS,
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    appInfo: { name: 'Brandlens' },
  });
  const call = <T>(work: () => Promise<T>) => callStripe(config.secretKey, work);
  const retrieve = <T>(work: () => Promise<T>) => retrieveOrNull(config.secretKey, work);
  const subscriptionOf = (subscription: Stripe.Subscription) => toSubscription(subscription, config.prices);

  async function retrieveSubscription(id: string): Promise<ProviderSubscription | null> {
    if (!id) return null;
    const subscription = await retrieve(() => stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND }));
    return subscription ? subscriptionOf(subscription) : null;
  }

  return {
    kind: 'stripe',
    ownsId: (id) => !id.startsWith('demo_'),

    async createCustomer(input, idempotencyKey) {
      const customer = await call(() =>
        stripe.customers.create(
          { email: input.email, name: input.name ?? undefined, metadata: { userId: input.userId } },
          { idempotencyKey },
        ),
      );
      return { id: customer.id };
    },

    async createPaymentIntent(input, idempotencyKey) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            customer: input.customerId,
            description: input.description,
            metadata: input.metadata,
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey },
        ),
      );
      return toPaymentIntent(intent);
    },

    async retrievePaymentIntent(id) {
      if (!id) return null;
      const intent = await retrieve(() => stripe.paymentIntents.retrieve(id));
      return intent ? toPaymentIntent(intent) : null;
    },

    async retrieveSetupIntent(id) {
      if (!id) return null;
      const intent = await retrieve(() => stripe.setupIntents.retrieve(id));
      return intent ? toSetupIntent(intent) : null;
    },

    async createSubscription(input, idempotencyKey) {
      const subscription = await call(() =>
        stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price: config.prices[input.plan] }],
            ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            metadata: input.metadata,
            expand: SUBSCRIPTION_EXPAND,
          },
          { idempotencyKey },
        ),
      );
      return subscriptionOf(subscription);
    },

    retrieveSubscription,

    async setDefaultPaymentMethod(subscriptionId, paymentMethodId, idempotencyKey) {
      const subscription = await call(() =>
        stripe.subscriptions.update(
          subscriptionId,
          { default_payment_method: paymentMethodId, expand: SUBSCRIPTION_EXPAND },
          { idempotencyKey },
        ),
      );
      return subscriptionOf(subscription);
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel, idempotencyKey) {
      const subscription = await call(() =>
        stripe.subscriptions.update(
          subscriptionId,
          { cancel_at_period_end: cancel, expand: SUBSCRIPTION_EXPAND },
          { idempotencyKey },
        ),
      );
      return subscriptionOf(subscription);
    },

    async cancelNow(subscriptionId, idempotencyKey) {
      try {
        const subscription = await stripe.subscriptions.cancel(
          subscriptionId,
          { expand: SUBSCRIPTION_EXPAND },
          { idempotencyKey },
        );
        return subscriptionOf(subscription);
      } catch (error) {
        // Stripe answers "No such subscription" for one that has already ended; ending it is then done.
        if (isResourceMissing(error)) {
          const current = await retrieveSubscription(subscriptionId);
          if (current && (current.status === 'canceled' || current.status === 'incomplete_expired')) return current;
        }
        throw billingErrorOf(error, config.secretKey);
      }
    },

    parseWebhook(rawBody, signature) {
      return parseStripeWebhook(stripe.webhooks, rawBody, signature, config.webhookSecret);
    },
  };
}
