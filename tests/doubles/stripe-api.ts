/**
 * The Stripe endpoints Brandlens calls, answered from the double's store as Stripe answers them:
 * the same validation errors (parameter_missing, resource_missing with Stripe's wording, a
 * canceled subscription refusing updates), subscriptions that start trialing with a setup intent
 * or incomplete with a first invoice to pay, and `expand` applied to every answer.
 */

import { expandObject, UnexpandableError } from './stripe-expand.ts';
import type { FormObject, FormValue } from './stripe-form.ts';
import {
  buildCustomer,
  buildInvoice,
  buildPaymentIntent,
  buildSetupIntent,
  buildSubscription,
  type DoubleCustomer,
  type DoubleInvoice,
  type DoubleObject,
  type DoublePaymentIntent,
  type DoublePaymentMethod,
  type DoublePrice,
  type DoubleSetupIntent,
  type DoubleSubscription,
  nowSeconds,
} from './stripe-objects.ts';

export type StripeErrorBody = { type: string; code?: string; message: string; param?: string };

/** An answer of no, with Stripe's status code and error body. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
  ) {
    super(error.message);
  }
}

export type StripeStore = {
  customers: Map<string, DoubleCustomer>;
  paymentMethods: Map<string, DoublePaymentMethod>;
  prices: Map<string, DoublePrice>;
  paymentIntents: Map<string, DoublePaymentIntent>;
  setupIntents: Map<string, DoubleSetupIntent>;
  invoices: Map<string, DoubleInvoice>;
  subscriptions: Map<string, DoubleSubscription>;
  /** an invoice's confirmation_secret, sent only when expanded */
  invoiceSecrets: Map<string, { client_secret: string; type: 'payment_intent' }>;
  /** which invoice a PaymentIntent pays */
  invoiceOfPaymentIntent: Map<string, string>;
};

export function createStore(): StripeStore {
  return {
    customers: new Map(),
    paymentMethods: new Map(),
    prices: new Map(),
    paymentIntents: new Map(),
    setupIntents: new Map(),
    invoices: new Map(),
    subscriptions: new Map(),
    invoiceSecrets: new Map(),
    invoiceOfPaymentIntent: new Map(),
  };
}

const invalidRequest = (message: string, extra: Partial<StripeErrorBody> = {}) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...extra });
const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
const noSuch = (status: number, noun: string, id: string, param: string) =>
  new StripeApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${noun}: '${id}'`,
    param,
  });

function text(params: FormObject, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
}

function integer(params: FormObject, name: string): number | undefined {
  const value = text(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value))
    throw invalidRequest(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param: name });
  return Number(value);
}

function flag(params: FormObject, name: string): boolean | undefined {
  const value = text(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, { param: name });
  return value === 'true';
}

function metadataOf(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function expandPaths(params: FormObject): string[] {
  const value = params.expand;
  return Array.isArray(value) ? value.filter((path): path is string => typeof path === 'string') : [];
}

function lookup(store: StripeStore, id: string): DoubleObject | undefined {
  return (
    store.customers.get(id) ??
    store.paymentMethods.get(id) ??
    store.paymentIntents.get(id) ??
    store.setupIntents.get(id) ??
    store.invoices.get(id) ??
    store.subscriptions.get(id)
  );
}

/** The object as the API sends it, with the `expand` of the request applied. */
export function render(store: StripeStore, object: DoubleObject, params: FormObject = {}): Record<string, unknown> {
  try {
    return expandObject(
      object,
      expandPaths(params),
      (id) => lookup(store, id),
      (target, field) =>
        target.object === 'invoice' && field === 'confirmation_secret'
          ? (store.invoiceSecrets.get(target.id) ?? null)
          : undefined,
    );
  } catch (error) {
    if (error instanceof UnexpandableError)
      throw invalidRequest(`This property cannot be expanded (${error.message}).`);
    throw error;
  }
}

function existingCustomer(store: StripeStore, id: string | undefined, param = 'customer'): string | null {
  if (id === undefined) return null;
  if (!store.customers.has(id)) throw noSuch(400, 'customer', id, param);
  return id;
}

function createCustomer(store: StripeStore, params: FormObject) {
  const customer = buildCustomer({
    email: text(params, 'email') ?? null,
    name: text(params, 'name') ?? null,
    metadata: metadataOf(params.metadata),
  });
  store.customers.set(customer.id, customer);
  return customer;
}

/** Stripe's smallest charge in pounds. */
const MINIMUM_GBP_AMOUNT = 30;

function createPaymentIntent(store: StripeStore, params: FormObject) {
  const amount = integer(params, 'amount');
  if (amount === undefined) throw missingParam('amount');
  const currency = text(params, 'currency')?.toLowerCase();
  if (!currency) throw missingParam('currency');
  if (currency === 'gbp' && amount < MINIMUM_GBP_AMOUNT) {
    throw invalidRequest('Amount must be at least £0.30 gbp', { code: 'amount_too_small', param: 'amount' });
  }
  const automatic = params.automatic_payment_methods as FormObject | undefined;
  const intent = buildPaymentIntent({
    amount,
    currency,
    customer: existingCustomer(store, text(params, 'customer')),
    description: text(params, 'description') ?? null,
    metadata: metadataOf(params.metadata),
    automaticPaymentMethods: automatic?.enabled === 'true',
    setupFutureUsage: null,
  });
  store.paymentIntents.set(intent.id, intent);
  return intent;
}

function createSubscription(store: StripeStore, params: FormObject) {
  const customer = existingCustomer(store, text(params, 'customer'));
  if (!customer) throw missingParam('customer');
  const firstItem = Array.isArray(params.items) ? (params.items[0] as FormObject | undefined) : undefined;
  const priceId = firstItem ? text(firstItem, 'price') : undefined;
  if (!priceId) throw missingParam('items[0][price]');
  const price = store.prices.get(priceId);
  if (!price) throw noSuch(400, 'price', priceId, 'items[0][price]');
  const trialDays = integer(params, 'trial_period_days') ?? 0;
  if (trialDays < 0)
    throw invalidRequest('Invalid trial_period_days: must be at least 0', { param: 'trial_period_days' });
  const metadata = metadataOf(params.metadata);
  const subscription = buildSubscription({ customer, price, metadata, trialDays });
  const item = subscription.items.data[0]!;
  const invoice = buildInvoice({
    customer,
    subscription: subscription.id,
    subscriptionMetadata: metadata,
    amountDue: trialDays > 0 ? 0 : price.unit_amount,
    periodStart: item.current_period_start,
    periodEnd: item.current_period_start,
  });
  if (trialDays > 0) {
    const setupIntent = buildSetupIntent(customer);
    store.setupIntents.set(setupIntent.id, setupIntent);
    subscription.pending_setup_intent = setupIntent.id;
  } else {
    const intent = buildPaymentIntent({
      amount: price.unit_amount,
      currency: price.currency,
      customer,
      description: 'Subscription creation',
      metadata: {},
      automaticPaymentMethods: false,
      setupFutureUsage: 'off_session',
    });
    store.paymentIntents.set(intent.id, intent);
    store.invoiceSecrets.set(invoice.id, { client_secret: intent.client_secret, type: 'payment_intent' });
    store.invoiceOfPaymentIntent.set(intent.id, invoice.id);
  }
  subscription.latest_invoice = invoice.id;
  store.invoices.set(invoice.id, invoice);
  store.subscriptions.set(subscription.id, subscription);
  return subscription;
}

const ended = (subscription: DoubleSubscription) =>
  subscription.status === 'canceled' || subscription.status === 'incomplete_expired';

function subscriptionOrMissing(store: StripeStore, id: string): DoubleSubscription {
  const subscription = store.subscriptions.get(id);
  if (!subscription) throw noSuch(404, 'subscription', id, 'id');
  return subscription;
}

function updateSubscription(store: StripeStore, id: string, params: FormObject) {
  const subscription = subscriptionOrMissing(store, id);
  const changes = Object.keys(params).filter((name) => name !== 'expand' && name !== 'metadata');
  if (ended(subscription) && changes.length > 0) {
    throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
  }
  const paymentMethod = text(params, 'default_payment_method');
  if (paymentMethod && !store.paymentMethods.has(paymentMethod)) {
    throw noSuch(400, 'PaymentMethod', paymentMethod, 'default_payment_method');
  }
  if (paymentMethod !== undefined) subscription.default_payment_method = paymentMethod || null;
  const cancel = flag(params, 'cancel_at_period_end');
  if (cancel !== undefined) {
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? (subscription.items.data[0]?.current_period_end ?? null) : null;
    subscription.canceled_at = cancel ? nowSeconds() : null;
  }
  if (params.metadata !== undefined)
    subscription.metadata = { ...subscription.metadata, ...metadataOf(params.metadata) };
  return subscription;
}

/** Ending a subscription voids its unpaid first invoice and cancels that invoice's payment. */
function cancelSubscription(store: StripeStore, id: string) {
  const subscription = subscriptionOrMissing(store, id);
  // Stripe no longer finds a subscription that has ended when asked to cancel it.
  if (ended(subscription)) throw noSuch(404, 'subscription', id, 'id');
  const now = nowSeconds();
  Object.assign(subscription, { status: 'canceled', ended_at: now, canceled_at: subscription.canceled_at ?? now });
  const invoice = subscription.latest_invoice ? store.invoices.get(subscription.latest_invoice) : undefined;
  if (invoice?.status === 'open') {
    invoice.status = 'void';
    for (const [intentId, invoiceId] of store.invoiceOfPaymentIntent) {
      const intent = store.paymentIntents.get(intentId);
      if (invoiceId === invoice.id && intent && intent.status !== 'succeeded') intent.status = 'canceled';
    }
  }
  return subscription;
}

type Route = {
  method: string;
  pattern: RegExp;
  answer: (store: StripeStore, params: FormObject, id: string) => DoubleObject;
};

const routes: Route[] = [
  { method: 'POST', pattern: /^\/v1\/customers$/, answer: createCustomer },
  { method: 'POST', pattern: /^\/v1\/payment_intents$/, answer: createPaymentIntent },
  {
    method: 'GET',
    pattern: /^\/v1\/payment_intents\/([^/]+)$/,
    answer: (store, _params, id) => {
      const intent = store.paymentIntents.get(id);
      if (!intent) throw noSuch(404, 'payment_intent', id, 'intent');
      return intent;
    },
  },
  {
    method: 'GET',
    pattern: /^\/v1\/setup_intents\/([^/]+)$/,
    answer: (store, _params, id) => {
      const intent = store.setupIntents.get(id);
      if (!intent) throw noSuch(404, 'setupintent', id, 'intent');
      return intent;
    },
  },
  { method: 'POST', pattern: /^\/v1\/subscriptions$/, answer: createSubscription },
  {
    method: 'GET',
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    answer: (store, _p, id) => subscriptionOrMissing(store, id),
  },
  {
    method: 'POST',
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    answer: (store, p, id) => updateSubscription(store, id, p),
  },
  {
    method: 'DELETE',
    pattern: /^\/v1\/subscriptions\/([^/]+)$/,
    answer: (store, _p, id) => cancelSubscription(store, id),
  },
];

/** Answers one API request; throws StripeApiError for Stripe's answers of no. */
export function answerStripeRequest(
  store: StripeStore,
  method: string,
  path: string,
  params: FormObject,
): Record<string, unknown> {
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (route.method !== method || !match) continue;
    return render(store, route.answer(store, params, decodeURIComponent(match[1] ?? '')), params);
  }
  throw new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  });
}
