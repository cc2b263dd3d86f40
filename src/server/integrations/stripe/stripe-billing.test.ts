import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StripeDouble, startStripeDouble } from '../../../../tests/doubles/stripe.ts';
import type { StripeConfig } from '../../config.ts';
import { BillingProviderError } from '../billing-provider.ts';
import { toSubscription } from './map-stripe-objects.ts';
import { createStripeBilling, type StripeBilling } from './stripe-billing.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

let stripe: StripeDouble;
let config: StripeConfig;
let billing: StripeBilling;

beforeAll(async () => {
  stripe = await startStripeDouble();
  config = {
    secretKey: stripe.secretKey,
    publishableKey: stripe.publishableKey,
    webhookSecret: stripe.webhookSecret,
    prices: stripe.prices,
    apiBase: stripe.apiBase,
  };
  billing = createStripeBilling(config, { timeoutMs: 2_000 });
});
afterAll(() => stripe?.close());
beforeEach(() => {
  stripe.requests.length = 0;
});

const newKey = (what: string) => `${what}-${crypto.randomUUID()}`;

async function newCustomer(userId = crypto.randomUUID()) {
  return billing.createCustomer({ userId, email: `${userId}@example.com`, name: 'Ada Lovelace' }, newKey('customer'));
}

function failureOf(promise: Promise<unknown>): Promise<BillingProviderError> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(BillingProviderError);
      return error as BillingProviderError;
    },
  );
}

const customersOf = (userId: string) =>
  [...stripe.customers.values()].filter((customer) => customer.metadata.userId === userId);

describe('customers and one-off payments', () => {
  it('creates a customer with the user id in its metadata and the given idempotency key', async () => {
    const userId = crypto.randomUUID();
    const customer = await billing.createCustomer({ userId, email: 'ada@example.com', name: 'Ada' }, 'customer-key-1');
    expect(customer.id).toMatch(/^cus_/);
    expect(stripe.customers.get(customer.id)).toMatchObject({ email: 'ada@example.com', name: 'Ada' });
    expect(stripe.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/customers',
        idempotencyKey: 'customer-key-1',
        body: { email: 'ada@example.com', name: 'Ada', metadata: { userId } },
        failure: null,
      },
    ]);
  });

  it('sends no name for a user without one', async () => {
    await billing.createCustomer({ userId: 'u-1', email: 'noname@example.com', name: null }, newKey('customer'));
    expect(stripe.requests[0]!.body).toEqual({ email: 'noname@example.com', metadata: { userId: 'u-1' } });
  });

  it('creates one customer however often the same request is repeated', async () => {
    const userId = crypto.randomUUID();
    const input = { userId, email: 'twice@example.com', name: 'Twice' };
    const first = await billing.createCustomer(input, 'customer-twice');
    const second = await billing.createCustomer(input, 'customer-twice');
    expect(second.id).toBe(first.id);
    expect(customersOf(userId)).toHaveLength(1);
  });

  it('creates a payment intent for the amount the server decides, with automatic payment methods', async () => {
    const customer = await newCustomer();
    const intent = await billing.createPaymentIntent(
      {
        customerId: customer.id,
        amount: 1900,
        currency: 'gbp',
        description: 'Brandlens Starter',
        metadata: { userId: 'u-2', plan: 'starter' },
      },
      'starter-payment-1',
    );
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amount: 1900,
      currency: 'gbp',
      customerId: customer.id,
      metadata: { userId: 'u-2', plan: 'starter' },
      lastError: null,
    });
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret.startsWith(`${intent.id}_secret_`)).toBe(true);
    expect(Math.abs(intent.created.getTime() - Date.now())).toBeLessThan(60_000);
    expect(stripe.requests.at(-1)).toMatchObject({
      path: '/v1/payment_intents',
      idempotencyKey: 'starter-payment-1',
      body: {
        amount: '1900',
        currency: 'gbp',
        customer: customer.id,
        description: 'Brandlens Starter',
        automatic_payment_methods: { enabled: 'true' },
      },
    });
  });

  it('reads a payment intent as the card left it: succeeded, declined or processing', async () => {
    const customer = await newCustomer();
    const input = { customerId: customer.id, amount: 1900, currency: 'gbp', description: 'Starter', metadata: {} };
    const paid = await billing.createPaymentIntent(input, newKey('pi'));
    const declined = await billing.createPaymentIntent(input, newKey('pi'));
    const pending = await billing.createPaymentIntent(input, newKey('pi'));
    stripe.succeedPaymentIntent(paid.id);
    stripe.failPaymentIntent(declined.id, 'Your card was declined.');
    stripe.processPaymentIntent(pending.id);

    expect(await billing.retrievePaymentIntent(paid.id)).toMatchObject({ status: 'succeeded', lastError: null });
    expect(await billing.retrievePaymentIntent(declined.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card was declined.',
    });
    expect(await billing.retrievePaymentIntent(pending.id)).toMatchObject({ status: 'processing' });
  });

  it('answers null for objects Stripe does not have', async () => {
    expect(await billing.retrievePaymentIntent('pi_doesnotexist')).toBeNull();
    expect(await billing.retrieveSetupIntent('seti_doesnotexist')).toBeNull();
    expect(await billing.retrieveSubscription('sub_doesnotexist')).toBeNull();
    expect(stripe.requests.map((request) => request.path)).toEqual([
      '/v1/payment_intents/pi_doesnotexist',
      '/v1/setup_intents/seti_doesnotexist',
      '/v1/subscriptions/sub_doesnotexist',
    ]);
  });

  it('owns every id but demo billing ones', () => {
    expect(billing.ownsId('cus_Abc123')).toBe(true);
    expect(billing.ownsId('demo_cus_0123abcd')).toBe(false);
  });
});

describe('subscriptions', () => {
  it('starts a free trial waiting on a setup intent for the card', async () => {
    const customer = await newCustomer();
    const subscription = await billing.createSubscription(
      { customerId: customer.id, plan: 'smb', trialDays: 14, metadata: { userId: 'u-3', plan: 'smb' } },
      'trial-subscription-1',
    );
    expect(subscription).toMatchObject({
      customerId: customer.id,
      status: 'trialing',
      plan: 'smb',
      cancelAtPeriodEnd: false,
      endedAt: null,
      hasDefaultPaymentMethod: false,
      metadata: { userId: 'u-3', plan: 'smb' },
      pendingIntent: { kind: 'setup' },
    });
    const setupIntentId = subscription.pendingIntent!.id;
    expect(setupIntentId).toMatch(/^seti_/);
    expect(subscription.pendingIntent!.clientSecret).toBe(stripe.setupIntents.get(setupIntentId)!.client_secret);
    expect(Math.abs(subscription.trialEnd!.getTime() - (Date.now() + 14 * DAY_MS))).toBeLessThan(60_000);
    expect(subscription.currentPeriodEnd).toEqual(subscription.trialEnd);
    expect(Math.abs(subscription.startedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/subscriptions',
      idempotencyKey: 'trial-subscription-1',
      body: {
        customer: customer.id,
        items: [{ price: stripe.prices.smb }],
        trial_period_days: '14',
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId: 'u-3', plan: 'smb' },
        expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
      },
    });
  });

  it('after the trial card is saved, makes it the default payment method', async () => {
    const customer = await newCustomer();
    const subscription = await billing.createSubscription(
      { customerId: customer.id, plan: 'agency', trialDays: 14, metadata: {} },
      newKey('subscription'),
    );
    stripe.succeedSetupIntent(subscription.pendingIntent!.id);
    const setupIntent = await billing.retrieveSetupIntent(subscription.pendingIntent!.id);
    expect(setupIntent).toMatchObject({ status: 'succeeded', customerId: customer.id, lastError: null });
    expect(setupIntent!.paymentMethodId).toMatch(/^pm_/);

    const updated = await billing.setDefaultPaymentMethod(
      subscription.id,
      setupIntent!.paymentMethodId!,
      'default-card-1',
    );
    expect(updated).toMatchObject({ status: 'trialing', plan: 'agency', hasDefaultPaymentMethod: true });
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${subscription.id}`,
      idempotencyKey: 'default-card-1',
      body: { default_payment_method: setupIntent!.paymentMethodId },
    });
  });

  it('reads a declined trial card with Stripe’s words', async () => {
    const customer = await newCustomer();
    const subscription = await billing.createSubscription(
      { customerId: customer.id, plan: 'smb', trialDays: 14, metadata: {} },
      newKey('subscription'),
    );
    stripe.failSetupIntent(subscription.pendingIntent!.id, 'Your card has insufficient funds.');
    expect(await billing.retrieveSetupIntent(subscription.pendingIntent!.id)).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodId: null,
      lastError: 'Your card has insufficient funds.',
    });
  });

  it('without a trial, waits on the first invoice’s payment intent, named by its client secret', async () => {
    const customer = await newCustomer();
    const subscription = await billing.createSubscription(
      { customerId: customer.id, plan: 'agency', trialDays: 0, metadata: {} },
      newKey('subscription'),
    );
    expect(subscription).toMatchObject({ status: 'incomplete', plan: 'agency', trialEnd: null });
    expect(subscription.pendingIntent).toMatchObject({ kind: 'payment' });
    const intent = stripe.paymentIntents.get(subscription.pendingIntent!.id)!;
    expect(intent).toMatchObject({ amount: 22900, currency: 'gbp', customer: customer.id });
    expect(subscription.pendingIntent!.clientSecret).toBe(intent.client_secret);
    expect(stripe.requests.at(-1)!.body).not.toHaveProperty('trial_period_days');
    const monthOn = subscription.currentPeriodEnd!.getTime() - subscription.startedAt.getTime();
    expect(monthOn).toBeGreaterThanOrEqual(28 * DAY_MS);
    expect(monthOn).toBeLessThanOrEqual(31 * DAY_MS);

    stripe.succeedPaymentIntent(intent.id);
    expect(await billing.retrieveSubscription(subscription.id)).toMatchObject({
      status: 'active',
      hasDefaultPaymentMethod: true,
      pendingIntent: null,
    });
    expect(stripe.requests.at(-1)!.body).toEqual({
      expand: ['pending_setup_intent', 'latest_invoice.confirmation_secret'],
    });
  });

  it('follows the subscription as time and Stripe move it on', async () => {
    const customer = await newCustomer();
    const subscription = await billing.createSubscription(
      { customerId: customer.id, plan: 'smb', trialDays: 14, metadata: {} },
      newKey('subscription'),
    );
    const renewal = new Date(Date.now() + 40 * DAY_MS);
    stripe.updateSubscription(subscription.id, { status: 'past_due', current_period_end: renewal, trial_end: null });
    expect(await billing.retrieveSubscription(subscription.id)).toMatchObject({
      status: 'past_due',
      currentPeriodEnd: new Date(Math.floor(renewal.getTime() / 1000) * 1000),
      trialEnd: null,
    });
  });

  it('cancels at the period end and takes it back', async () => {
    const customer = await newCustomer();
    const subscription = await billing.createSubscription(
      { customerId: customer.id, plan: 'smb', trialDays: 14, metadata: {} },
      newKey('subscription'),
    );
    const cancelling = await billing.setCancelAtPeriodEnd(subscription.id, true, 'cancel-1');
    expect(cancelling).toMatchObject({ cancelAtPeriodEnd: true, status: 'trialing' });
    expect(stripe.requests.at(-1)).toMatchObject({
      idempotencyKey: 'cancel-1',
      body: { cancel_at_period_end: 'true' },
    });
    const kept = await billing.setCancelAtPeriodEnd(subscription.id, false, 'reactivate-1');
    expect(kept.cancelAtPeriodEnd).toBe(false);
    expect(stripe.requests.at(-1)!.body).toMatchObject({ cancel_at_period_end: 'false' });
  });

  it('ends a subscription now, and ending it again is already done', async () => {
    const customer = await newCustomer();
    const subscription = await billing.createSubscription(
      { customerId: customer.id, plan: 'agency', trialDays: 0, metadata: {} },
      newKey('subscription'),
    );
    const ended = await billing.cancelNow(subscription.id, 'end-1');
    expect(ended).toMatchObject({ status: 'canceled', pendingIntent: null });
    expect(Math.abs(ended.endedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${subscription.id}` });
    // The unpaid first invoice is voided and its payment can no longer be made.
    expect(stripe.paymentIntents.get(subscription.pendingIntent!.id)!.status).toBe('canceled');

    const again = await billing.cancelNow(subscription.id, 'end-2');
    expect(again).toMatchObject({ id: subscription.id, status: 'canceled' });
  });

  it('refuses to change a subscription that has ended, with Stripe’s reason', async () => {
    const customer = await newCustomer();
    const subscription = await billing.createSubscription(
      { customerId: customer.id, plan: 'smb', trialDays: 14, metadata: {} },
      newKey('subscription'),
    );
    stripe.endSubscription(subscription.id);
    const failure = await failureOf(billing.setCancelAtPeriodEnd(subscription.id, false, newKey('reactivate')));
    expect(failure.reason).toBe('rejected');
    expect(failure.message).toBe('A canceled subscription can only update its cancellation_details and metadata.');
  });

  it('reads a price that is not one of ours as no plan', async () => {
    const customer = await newCustomer();
    const created = await billing.createSubscription(
      { customerId: customer.id, plan: 'smb', trialDays: 14, metadata: {} },
      newKey('subscription'),
    );
    const stored = structuredClone(stripe.subscriptions.get(created.id)!);
    stored.items.data[0]!.price.id = 'price_someoneelses';
    expect(toSubscription(stored as unknown as Stripe.Subscription, config.prices).plan).toBeNull();
  });

  it('creates one subscription however often the same request is repeated', async () => {
    const customer = await newCustomer();
    const input = { customerId: customer.id, plan: 'smb' as const, trialDays: 14, metadata: {} };
    const first = await billing.createSubscription(input, 'subscription-twice');
    const second = await billing.createSubscription(input, 'subscription-twice');
    expect(second.id).toBe(first.id);
    expect(second.pendingIntent).toEqual(first.pendingIntent);
    const ofCustomer = [...stripe.subscriptions.values()].filter((item) => item.customer === customer.id);
    expect(ofCustomer).toHaveLength(1);
  });
});
