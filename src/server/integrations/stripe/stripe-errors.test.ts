import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StripeDouble, startStripeDouble } from '../../../../tests/doubles/stripe.ts';
import type { StripeConfig } from '../../config.ts';
import { BillingProviderError } from '../billing-provider.ts';
import { createStripeBilling, STRIPE_NETWORK_RETRIES, type StripeBilling } from './stripe-billing.ts';
import { UNREACHABLE_MESSAGE } from './stripe-errors.ts';

/**
 * The client's timeout per attempt where Stripe does not answer, and how late the double's slow
 * answers come: far apart, so that a busy machine's ordinary answer is never taken for a slow one.
 * Where Stripe answers "no", the client waits as long as production's would.
 */
const TIMEOUT_MS = 1_000;
const SLOW_ANSWER_MS = 4_000;
const PATIENT_TIMEOUT_MS = 30_000;
const ATTEMPTS = STRIPE_NETWORK_RETRIES + 1;

let stripe: StripeDouble;
let config: StripeConfig;
let billing: StripeBilling;
let patientBilling: StripeBilling;

beforeAll(async () => {
  stripe = await startStripeDouble();
  stripe.setSlowDelay(SLOW_ANSWER_MS);
  config = {
    secretKey: stripe.secretKey,
    publishableKey: stripe.publishableKey,
    webhookSecret: stripe.webhookSecret,
    prices: stripe.prices,
    apiBase: stripe.apiBase,
  };
  billing = createStripeBilling(config, { timeoutMs: TIMEOUT_MS });
  patientBilling = createStripeBilling(config, { timeoutMs: PATIENT_TIMEOUT_MS });
});
afterAll(() => stripe?.close());
beforeEach(() => {
  stripe.requests.length = 0;
});

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

const customerInput = (userId: string) => ({ userId, email: `${userId}@example.com`, name: 'Grace' });

describe('a Stripe that does not answer', () => {
  it('retries a dropped connection with the same idempotency key and creates one customer', async () => {
    const userId = crypto.randomUUID();
    stripe.failNext(1, 'unreachable');
    const customer = await billing.createCustomer(customerInput(userId), 'dropped-once');
    expect(customersOf(userId).map((item) => item.id)).toEqual([customer.id]);
    expect(stripe.requests.map((request) => [request.idempotencyKey, request.failure])).toEqual([
      ['dropped-once', 'unreachable'],
      ['dropped-once', null],
    ]);
  });

  it('retries a server error with the same key and makes one payment intent', async () => {
    const customer = await billing.createCustomer(customerInput(crypto.randomUUID()), crypto.randomUUID());
    stripe.requests.length = 0;
    stripe.failNext(1, 'server-error');
    const intent = await billing.createPaymentIntent(
      { customerId: customer.id, amount: 1900, currency: 'gbp', description: 'Starter', metadata: {} },
      'server-error-once',
    );
    const ofCustomer = [...stripe.paymentIntents.values()].filter((item) => item.customer === customer.id);
    expect(ofCustomer.map((item) => item.id)).toEqual([intent.id]);
    expect(stripe.requests.map((request) => request.idempotencyKey)).toEqual([
      'server-error-once',
      'server-error-once',
    ]);
  });

  it('gives a readable unreachable error once every attempt is dropped, having created nothing', async () => {
    const userId = crypto.randomUUID();
    stripe.failNext(ATTEMPTS, 'unreachable');
    const failure = await failureOf(billing.createCustomer(customerInput(userId), 'dropped-always'));
    expect(failure).toMatchObject({ reason: 'unreachable', message: UNREACHABLE_MESSAGE });
    expect(stripe.requests).toHaveLength(ATTEMPTS);
    expect(new Set(stripe.requests.map((request) => request.idempotencyKey))).toEqual(new Set(['dropped-always']));
    expect(customersOf(userId)).toEqual([]);
  });

  it('gives up on a slow answer at the timeout and gets the work Stripe did on the retry', async () => {
    const userId = crypto.randomUUID();
    stripe.failNext(1, 'slow');
    const customer = await billing.createCustomer(customerInput(userId), 'slow-once');
    expect(customersOf(userId).map((item) => item.id)).toEqual([customer.id]);
    expect(stripe.requests.map((request) => request.failure)).toEqual(['slow', null]);
  });

  it('reads a Stripe that is always too slow as unreachable', async () => {
    stripe.failNext(ATTEMPTS, 'slow');
    const failure = await failureOf(billing.retrievePaymentIntent('pi_slowtoanswer'));
    expect(failure).toMatchObject({ reason: 'unreachable', message: UNREACHABLE_MESSAGE });
    expect(stripe.requests).toHaveLength(ATTEMPTS);
  });

  it('reads a server error on every attempt as Stripe refusing, with its message', async () => {
    stripe.failNext(ATTEMPTS, 'server-error');
    const failure = await failureOf(billing.retrieveSubscription('sub_servererror'));
    expect(failure).toMatchObject({
      reason: 'rejected',
      message: 'An unknown error occurred on our servers. Please try again.',
    });
  });

  it('reads a server with nothing listening as unreachable', async () => {
    const closed = await startStripeDouble();
    await closed.close();
    const nowhere = createStripeBilling({ ...config, apiBase: closed.apiBase }, { timeoutMs: TIMEOUT_MS });
    const failure = await failureOf(nowhere.createCustomer(customerInput('u-nowhere'), 'nowhere'));
    expect(failure).toMatchObject({ reason: 'unreachable', message: UNREACHABLE_MESSAGE });
  });
});

describe('Stripe saying no', () => {
  it('passes on Stripe’s message for a customer it does not know', async () => {
    const failure = await failureOf(
      patientBilling.createSubscription(
        { customerId: 'cus_nobody', plan: 'smb', trialDays: 14, metadata: {} },
        'no-customer',
      ),
    );
    expect(failure).toMatchObject({ reason: 'rejected', message: "No such customer: 'cus_nobody'" });
    expect(stripe.requests).toHaveLength(1);
  });

  it('passes on Stripe’s message for a price that does not exist', async () => {
    const customer = await patientBilling.createCustomer(customerInput(crypto.randomUUID()), crypto.randomUUID());
    const wrongPrices = createStripeBilling(
      { ...config, prices: { smb: 'price_gone', agency: config.prices.agency } },
      { timeoutMs: PATIENT_TIMEOUT_MS },
    );
    const failure = await failureOf(
      wrongPrices.createSubscription({ customerId: customer.id, plan: 'smb', trialDays: 0, metadata: {} }, 'gone'),
    );
    expect(failure).toMatchObject({ reason: 'rejected', message: "No such price: 'price_gone'" });
  });

  it('passes on Stripe’s minimum amount', async () => {
    const customer = await patientBilling.createCustomer(customerInput(crypto.randomUUID()), crypto.randomUUID());
    const failure = await failureOf(
      patientBilling.createPaymentIntent(
        { customerId: customer.id, amount: 10, currency: 'gbp', description: 'Too little', metadata: {} },
        'too-little',
      ),
    );
    expect(failure).toMatchObject({ reason: 'rejected', message: 'Amount must be at least £0.30 gbp' });
  });

  it('refuses an idempotency key reused for a different request', async () => {
    await patientBilling.createCustomer(customerInput('u-first'), 'reused-key');
    const failure = await failureOf(patientBilling.createCustomer(customerInput('u-second'), 'reused-key'));
    expect(failure.reason).toBe('rejected');
    expect(failure.message).toContain('Keys for idempotent requests can only be used with the same parameters');
    expect(customersOf('u-second')).toEqual([]);
  });

  it('never repeats a secret key Stripe refused', async () => {
    const wrongKey = 'sk_test_51WrongKeyThatStripeDoesNotKnow1234';
    const unknown = createStripeBilling({ ...config, secretKey: wrongKey }, { timeoutMs: PATIENT_TIMEOUT_MS });
    const failure = await failureOf(unknown.retrievePaymentIntent('pi_any'));
    expect(failure.reason).toBe('rejected');
    expect(failure.message).toMatch(/^Invalid API Key provided: sk_test_\*\*\*/);
    expect(failure.message).not.toContain(wrongKey);
    expect(failure.message).not.toContain('WrongKeyThatStripeDoesNotKnow');
  });
});
