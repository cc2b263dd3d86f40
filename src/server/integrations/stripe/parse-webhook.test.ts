import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeDouble, startStripeDouble } from '../../../../tests/doubles/stripe.ts';
import { WebhookSignatureError } from '../billing-provider.ts';
import { createStripeBilling, type StripeBilling } from './stripe-billing.ts';

let stripe: StripeDouble;
let billing: StripeBilling;

beforeAll(async () => {
  stripe = await startStripeDouble();
  billing = createStripeBilling({
    secretKey: stripe.secretKey,
    publishableKey: stripe.publishableKey,
    webhookSecret: stripe.webhookSecret,
    prices: stripe.prices,
    apiBase: stripe.apiBase,
  });
});
afterAll(() => stripe?.close());

const parse = (event: { payload: string; signature: string }) =>
  billing.parseWebhook(Buffer.from(event.payload), event.signature);

function signatureFailure(run: () => unknown): WebhookSignatureError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookSignatureError);
    return error as WebhookSignatureError;
  }
  throw new Error('expected the webhook to be refused');
}

async function trialSubscription() {
  const customer = await billing.createCustomer(
    { userId: 'u-hook', email: 'hook@example.com', name: null },
    crypto.randomUUID(),
  );
  return billing.createSubscription(
    { customerId: customer.id, plan: 'smb', trialDays: 14, metadata: {} },
    crypto.randomUUID(),
  );
}

async function paidSubscription() {
  const customer = await billing.createCustomer(
    { userId: 'u-paid', email: 'paid@example.com', name: null },
    crypto.randomUUID(),
  );
  return billing.createSubscription(
    { customerId: customer.id, plan: 'agency', trialDays: 0, metadata: {} },
    crypto.randomUUID(),
  );
}

describe('webhook events', () => {
  it('names the payment intent of a payment_intent event, and its customer', async () => {
    const subscription = await paidSubscription();
    const intent = stripe.succeedPaymentIntent(subscription.pendingIntent!.id);
    const event = stripe.signedEvent('payment_intent.succeeded', intent, { id: 'evt_paid1' });
    expect(parse(event)).toEqual({
      id: 'evt_paid1',
      type: 'payment_intent.succeeded',
      objectKind: 'payment_intent',
      objectId: intent.id,
      customerId: subscription.customerId,
    });
  });

  it('names the setup intent of a setup_intent event', async () => {
    const subscription = await trialSubscription();
    const intent = stripe.succeedSetupIntent(subscription.pendingIntent!.id);
    expect(parse(stripe.signedEvent('setup_intent.succeeded', intent))).toMatchObject({
      type: 'setup_intent.succeeded',
      objectKind: 'setup_intent',
      objectId: intent.id,
      customerId: subscription.customerId,
    });
  });

  it('names the subscription of a customer.subscription event', async () => {
    const subscription = await trialSubscription();
    const object = stripe.updateSubscription(subscription.id, { cancel_at_period_end: true });
    expect(parse(stripe.signedEvent('customer.subscription.updated', object))).toMatchObject({
      objectKind: 'subscription',
      objectId: subscription.id,
      customerId: subscription.customerId,
    });
    const ended = stripe.endSubscription(subscription.id);
    expect(parse(stripe.signedEvent('customer.subscription.deleted', ended))).toMatchObject({
      objectKind: 'subscription',
      objectId: subscription.id,
    });
  });

  it('names the subscription an invoice belongs to', async () => {
    const subscription = await paidSubscription();
    stripe.succeedPaymentIntent(subscription.pendingIntent!.id);
    const invoice = stripe.invoices.get(stripe.subscriptions.get(subscription.id)!.latest_invoice!)!;
    expect(invoice.status).toBe('paid');
    for (const type of ['invoice.paid', 'invoice.payment_failed']) {
      expect(parse(stripe.signedEvent(type, invoice))).toMatchObject({
        type,
        objectKind: 'subscription',
        objectId: subscription.id,
        customerId: subscription.customerId,
      });
    }
  });

  it('reads an invoice whose subscription and customer were expanded', async () => {
    const subscription = await trialSubscription();
    const invoice = structuredClone(stripe.invoices.get(stripe.subscriptions.get(subscription.id)!.latest_invoice!)!);
    const expanded = {
      ...invoice,
      customer: stripe.customers.get(subscription.customerId),
      parent: {
        ...invoice.parent,
        subscription_details: { metadata: {}, subscription: stripe.subscriptions.get(subscription.id) },
      },
    };
    expect(parse(stripe.signedEvent('invoice.paid', expanded))).toMatchObject({
      objectKind: 'subscription',
      objectId: subscription.id,
      customerId: subscription.customerId,
    });
  });

  it('reads an invoice that belongs to no subscription as about no object', () => {
    const invoice = { id: 'in_oneoff', object: 'invoice', customer: 'cus_oneoff', parent: null, status: 'paid' };
    expect(parse(stripe.signedEvent('invoice.paid', invoice))).toMatchObject({
      objectKind: 'subscription',
      objectId: null,
      customerId: 'cus_oneoff',
    });
  });

  it('reads other events as about no kind of object it follows', () => {
    const charge = { id: 'ch_1', object: 'charge', customer: 'cus_charged', amount: 1900 };
    expect(parse(stripe.signedEvent('charge.refunded', charge))).toMatchObject({
      type: 'charge.refunded',
      objectKind: null,
      objectId: 'ch_1',
      customerId: 'cus_charged',
    });
    const customer = { id: 'cus_new', object: 'customer', email: 'new@example.com' };
    expect(parse(stripe.signedEvent('customer.created', customer))).toMatchObject({
      objectKind: null,
      customerId: 'cus_new',
    });
  });
});

describe('webhooks that are refused', () => {
  const intent = { id: 'pi_x', object: 'payment_intent', customer: 'cus_x', status: 'succeeded' };

  it('refuses a webhook without a signature', () => {
    const event = stripe.signedEvent('payment_intent.succeeded', intent);
    const failure = signatureFailure(() => billing.parseWebhook(Buffer.from(event.payload), undefined));
    expect(failure.message).toBe('The webhook has no Stripe-Signature header.');
    signatureFailure(() => billing.parseWebhook(Buffer.from(event.payload), ''));
  });

  it('refuses a webhook signed with another secret', () => {
    const payload = JSON.parse(stripe.signedEvent('payment_intent.succeeded', intent).payload) as object;
    const body = JSON.stringify(payload);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_someoneelse' });
    const failure = signatureFailure(() => billing.parseWebhook(Buffer.from(body), signature));
    expect(failure.message).toMatch(/^The webhook signature does not verify/);
    expect(failure.message).not.toContain(stripe.webhookSecret);
  });

  it('refuses a body changed after it was signed', () => {
    const event = stripe.signedEvent('payment_intent.succeeded', intent);
    const tampered = event.payload.replace('"succeeded"', '"canceled"');
    expect(tampered).not.toBe(event.payload);
    signatureFailure(() => billing.parseWebhook(Buffer.from(tampered), event.signature));
  });

  it('refuses a body re-serialised from the parsed JSON', () => {
    const event = stripe.signedEvent('payment_intent.succeeded', intent);
    const reserialised = JSON.stringify(JSON.parse(event.payload));
    signatureFailure(() => billing.parseWebhook(Buffer.from(reserialised), event.signature));
  });

  it('refuses a signature that is too old to be a fresh delivery', () => {
    const body = stripe.signedEvent('payment_intent.succeeded', intent).payload;
    const anHourAgo = Math.floor(Date.now() / 1000) - 60 * 60;
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: stripe.webhookSecret,
      timestamp: anHourAgo,
    });
    const failure = signatureFailure(() => billing.parseWebhook(Buffer.from(body), signature));
    expect(failure.message).toContain('Timestamp outside the tolerance zone');
  });

  it('refuses a signed body that is not a Stripe event', () => {
    for (const body of ['not json at all', JSON.stringify({ hello: 'world' })]) {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: stripe.webhookSecret });
      const failure = signatureFailure(() => billing.parseWebhook(Buffer.from(body), signature));
      expect(failure.message).toBe('The webhook body is not a Stripe event.');
    }
  });
});
