import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, subscriptions, users } from '../../src/server/db/schema/index.ts';
import { addMonths, formatBillingDate } from '../../src/shared/billing-dates.ts';
import { type StripeDouble, startStripeDouble } from '../doubles/stripe.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

let stripe: StripeDouble;
let target: TestApp;

beforeAll(async () => {
  stripe = await startStripeDouble();
  target = await createTestApp({ env: stripe.env() });
});

afterAll(async () => {
  await target.close();
  await stripe.close();
});

function post(url: string, cookie: string, payload?: object) {
  return target.app.inject({ method: 'POST', url, payload, headers: { cookie } });
}

async function userRow(email: string) {
  const [user] = await target.database.db.select().from(users).where(eq(users.email, email));
  return user!;
}

/** Stripe delivering an event: the signed body as sent, with its Stripe-Signature header. */
function deliver(delivery: { payload: string; signature: string | null }) {
  return target.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload: delivery.payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(delivery.signature ? { 'stripe-signature': delivery.signature } : {}),
    },
  });
}

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

/** An SMB subscription in its trial, its card saved at Stripe (the Payment Element's part). */
async function smbWithCardSaved(email: string) {
  const cookie = await target.signInAs(email);
  const created = await post('/api/get-or-create-subscription', cookie, { plan: 'smb' });
  expect(created.statusCode, created.body).toBe(200);
  expect(created.json().intentKind).toBe('setup');
  const setupIntentId = intentIdOf(created.json().clientSecret);
  stripe.succeedSetupIntent(setupIntentId);
  const [local] = await target.database.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.pendingIntentId, setupIntentId));
  return { cookie, setupIntentId, subscriptionId: local!.providerSubscriptionId! };
}

describe('Stripe checkout', () => {
  it('says the Payment Element runs with the publishable key', async () => {
    const cookie = await target.signInAs('keys@example.com');
    const config = await target.app.inject({ method: 'GET', url: '/api/billing/config', headers: { cookie } });
    expect(config.json()).toEqual({ mode: 'stripe', publishableKey: stripe.publishableKey });
    const demo = await post('/api/demo-billing/confirm', cookie, { clientSecret: 'x', outcome: 'succeed' });
    expect(demo.statusCode).toBe(404);
  });

  it('sells Starter for £19 through a PaymentIntent, verified with Stripe on the result screen', async () => {
    const cookie = await target.signInAs('stripe-starter@example.com');
    const response = await post('/api/create-payment-intent', cookie, { amount: 19, plan: 'starter' });
    expect(response.statusCode, response.body).toBe(200);
    const intentId = intentIdOf(response.json().clientSecret);
    const intent = stripe.paymentIntents.get(intentId)!;
    expect(intent).toMatchObject({ amount: 1900, currency: 'gbp' });
    const creates = stripe.requests.filter(
      (request) => request.method === 'POST' && request.path === '/v1/payment_intents',
    );
    expect(creates.every((request) => request.idempotencyKey?.startsWith('starter:'))).toBe(true);

    // The address says succeeded, but Stripe has not been paid: the server believes Stripe.
    const early = await post('/api/check-payment-status', cookie, {
      paymentIntentId: intentId,
      redirectStatus: 'succeeded',
    });
    expect(early.json().status).toBe('failed');
    expect((await userRow('stripe-starter@example.com')).planType).toBe('free');

    stripe.succeedPaymentIntent(intentId);
    const checked = await post('/api/check-payment-status', cookie, {
      paymentIntentId: intentId,
      redirectStatus: 'succeeded',
    });
    expect(checked.json()).toMatchObject({ status: 'succeeded', plan: 'starter', amount: 19 });
    expect((await userRow('stripe-starter@example.com')).planType).toBe('starter');
  });

  it('gives a readable error when Stripe cannot be reached, and a retry makes one payment, not two', async () => {
    const cookie = await target.signInAs('flaky@example.com');
    stripe.failNext(3, 'unreachable');
    const failed = await post('/api/create-payment-intent', cookie, { amount: 19, plan: 'starter' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('upstream_failed');
    expect(failed.json().message).toMatch(/could not be reached/);

    const retried = await post('/api/create-payment-intent', cookie, { amount: 19, plan: 'starter' });
    expect(retried.statusCode, retried.body).toBe(200);
    const customerId = (await userRow('flaky@example.com')).stripeCustomerId;
    const intents = [...stripe.paymentIntents.values()].filter((intent) => intent.customer === customerId);
    expect(intents).toHaveLength(1);
    const customers = [...stripe.customers.values()].filter((customer) => customer.email === 'flaky@example.com');
    expect(customers).toHaveLength(1);
  });
});

describe('Stripe webhooks', () => {
  it('grants SMB when the trial card is saved, and applies the same event once', async () => {
    const { setupIntentId, subscriptionId } = await smbWithCardSaved('hooked@example.com');
    const delivery = stripe.signedEvent('setup_intent.succeeded', stripe.setupIntents.get(setupIntentId)!);
    const first = await deliver(delivery);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ received: true, duplicate: false, outcome: 'applied' });
    expect(await userRow('hooked@example.com')).toMatchObject({ planType: 'smb', maxBrands: 5 });
    // The saved card becomes the subscription's default, so the first invoice after the trial is paid.
    expect(stripe.subscriptions.get(subscriptionId)!.default_payment_method).toMatch(/^pm_/);

    const replay = await deliver(delivery);
    expect(replay.json()).toMatchObject({ received: true, duplicate: true });
    const stored = await target.database.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.type, 'setup_intent.succeeded'));
    expect(stored).toHaveLength(1);
  });

  it('answers 502 in the error format when Stripe cannot be read during an event, and applies its retry', async () => {
    const { setupIntentId } = await smbWithCardSaved('webhook-outage@example.com');
    const delivery = stripe.signedEvent('setup_intent.succeeded', stripe.setupIntents.get(setupIntentId)!, {
      id: 'evt_during_outage',
    });
    stripe.failNext(3, 'unreachable');
    const failed = await deliver(delivery);
    expect(failed.statusCode, failed.body).toBe(502);
    expect(failed.json()).toEqual({
      code: 'upstream_failed',
      message: 'The payment provider could not be reached. Please try again in a moment.',
    });
    // Not recorded as applied: Stripe's retry of the same event is applied in full.
    expect(
      await target.database.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_during_outage')),
    ).toHaveLength(0);
    expect((await userRow('webhook-outage@example.com')).planType).toBe('free');

    const retried = await deliver(delivery);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ duplicate: false, outcome: 'applied' });
    expect((await userRow('webhook-outage@example.com')).planType).toBe('smb');
  });

  it('refuses an event with no signature or a wrong one, and changes nothing', async () => {
    const { setupIntentId } = await smbWithCardSaved('forged@example.com');
    const genuine = stripe.signedEvent('setup_intent.succeeded', stripe.setupIntents.get(setupIntentId)!);
    const unsigned = await deliver({ payload: genuine.payload, signature: null });
    expect(unsigned.statusCode).toBe(400);
    const tampered = await deliver({
      payload: genuine.payload.replace('setup_intent.succeeded', 'setup_intent.created'),
      signature: genuine.signature,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('validation');
    expect((await userRow('forged@example.com')).planType).toBe('free');
  });

  it('reads the current state, so an old update arriving after the deletion leaves the account on Free', async () => {
    const { setupIntentId, subscriptionId } = await smbWithCardSaved('late@example.com');
    await deliver(stripe.signedEvent('setup_intent.succeeded', stripe.setupIntents.get(setupIntentId)!));
    const staleUpdate = stripe.signedEvent('customer.subscription.updated', stripe.subscriptions.get(subscriptionId)!);
    stripe.endSubscription(subscriptionId);
    const deleted = await deliver(
      stripe.signedEvent('customer.subscription.deleted', stripe.subscriptions.get(subscriptionId)!),
    );
    expect(deleted.json().outcome).toBe('applied');
    expect(await userRow('late@example.com')).toMatchObject({ planType: 'free', maxBrands: 1 });

    const late = await deliver(staleUpdate);
    expect(late.statusCode).toBe(200);
    expect(await userRow('late@example.com')).toMatchObject({ planType: 'free', maxBrands: 1 });
  });

  it('keeps the plan through a failed renewal (past due) and follows cancel at period end', async () => {
    const { cookie, setupIntentId, subscriptionId } = await smbWithCardSaved('renewal@example.com');
    await deliver(stripe.signedEvent('setup_intent.succeeded', stripe.setupIntents.get(setupIntentId)!));
    stripe.updateSubscription(subscriptionId, { status: 'past_due', trial_end: null });
    const invoice = {
      id: 'in_failed_renewal',
      object: 'invoice',
      customer: stripe.subscriptions.get(subscriptionId)!.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    };
    const failedPayment = await deliver(stripe.signedEvent('invoice.payment_failed', invoice));
    expect(failedPayment.json().outcome).toBe('applied');
    const [local] = await target.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    expect(local!.status).toBe('past_due');
    expect((await userRow('renewal@example.com')).planType).toBe('smb');

    stripe.updateSubscription(subscriptionId, { status: 'active' });
    const cancel = await post('/api/cancel-subscription', cookie);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    const reactivate = await post('/api/reactivate-subscription', cookie);
    expect(reactivate.statusCode).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
  });

  it('lets an Agency trial be cancelled, and counts the 3-month commitment from the first payment', async () => {
    const cookie = await target.signInAs('agency-stripe@example.com');
    const created = await post('/api/get-or-create-subscription', cookie, { plan: 'agency' });
    expect(created.json().intentKind).toBe('setup');
    const setupIntentId = intentIdOf(created.json().clientSecret);
    stripe.succeedSetupIntent(setupIntentId);
    await deliver(stripe.signedEvent('setup_intent.succeeded', stripe.setupIntents.get(setupIntentId)!));
    const subscriptionId = (await userRow('agency-stripe@example.com')).stripeSubscriptionId!;
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('trialing');

    // In the free trial: no commitment yet.
    const cancel = await post('/api/cancel-subscription', cookie);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().message).toMatch(/^Your free trial ends on .+ and you will not be charged\./);
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);
    expect((await post('/api/reactivate-subscription', cookie)).statusCode).toBe(200);

    // The trial began 24 days ago and its first invoice was paid when it ended, 10 days ago.
    const day = 24 * 60 * 60;
    const now = Math.floor(Date.now() / 1000);
    const firstPayment = new Date((now - 10 * day) * 1000);
    stripe.updateSubscription(subscriptionId, {
      status: 'active',
      trial_end: firstPayment,
      current_period_end: now + 20 * day,
      start_date: now - 24 * day,
    } as Parameters<StripeDouble['updateSubscription']>[1]);
    const invoice = {
      id: 'in_first_agency_month',
      object: 'invoice',
      customer: stripe.subscriptions.get(subscriptionId)!.customer,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    };
    expect((await deliver(stripe.signedEvent('invoice.paid', invoice))).json().outcome).toBe('applied');

    const from = addMonths(firstPayment, 3);
    const details = (
      await target.app.inject({ method: 'GET', url: '/api/subscription-details', headers: { cookie } })
    ).json();
    expect(details.subscription).toMatchObject({ status: 'active', canCancel: false, canCancelAt: from.toISOString() });
    const refused = await post('/api/cancel-subscription', cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain(`You can cancel from ${formatBillingDate(from)}`);
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
  });

  it('acknowledges an event for a customer Brandlens does not know, and records why it was not applied', async () => {
    const stranger = {
      id: 'sub_not_ours',
      object: 'subscription',
      customer: 'cus_not_ours',
      status: 'active',
    };
    const response = await deliver(
      stripe.signedEvent('customer.subscription.updated', stranger, { id: 'evt_stranger' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().outcome).toMatch(/^ignored: /);
    const [stored] = await target.database.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_stranger'));
    expect(stored!.outcome).toMatch(/^ignored: /);
  });

  it('acknowledges event types it does not use', async () => {
    const response = await deliver(stripe.signedEvent('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ received: true, outcome: 'ignored: charge.refunded is not used' });
  });
});
