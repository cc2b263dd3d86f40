/**
 * A loopback double of the Stripe API (version 2026-10-28.endive) for the endpoints Brandlens
 * calls: customers, payment intents, setup intents and subscriptions. It answers on 127.0.0.1
 * only, requires the double's secret key, honours Idempotency-Key on POST as Stripe does (the same
 * key and parameters replay the first answer; another endpoint or other parameters are refused),
 * and records every request. Tests move objects on as the browser or time would (a card succeeds
 * or fails, a trial ends, a subscription is cancelled), make the next requests fail (connection
 * dropped, answer too slow, server error), and sign webhook events with the SDK's test helper.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { plans } from '../../src/shared/plans.ts';
import { answerStripeRequest, createStore, StripeApiError, type StripeErrorBody } from './stripe-api.ts';
import { type FormObject, parseStripeForm } from './stripe-form.ts';
import {
  API_VERSION,
  buildPaymentMethod,
  buildPrice,
  type DoubleCustomer,
  type DoubleInvoice,
  type DoublePaymentIntent,
  type DoublePaymentMethod,
  type DoubleSetupIntent,
  type DoubleSubscription,
  newId,
  nowSeconds,
} from './stripe-objects.ts';

export type FailureMode = 'unreachable' | 'slow' | 'server-error';

export type RecordedRequest = {
  method: string;
  path: string;
  idempotencyKey: string | null;
  /** the parameters, from the form body or (GET, DELETE) the query string */
  body: FormObject;
  /** the failure this request was given by failNext, if any */
  failure: FailureMode | null;
};

type Time = Date | number;

/** What time and the customer do to a subscription; times as Dates or unix seconds. */
export type SubscriptionPatch = {
  status?: string;
  cancel_at_period_end?: boolean;
  current_period_end?: Time;
  trial_end?: Time | null;
  default_payment_method?: string | null;
};

export type StripeDouble = {
  /** STRIPE_API_BASE: http://127.0.0.1:<port> */
  apiBase: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  prices: { smb: string; agency: string };
  /** the STRIPE_* variables for createTestApp's `env` */
  env(): Record<string, string>;
  requests: RecordedRequest[];
  customers: ReadonlyMap<string, DoubleCustomer>;
  paymentIntents: ReadonlyMap<string, DoublePaymentIntent>;
  setupIntents: ReadonlyMap<string, DoubleSetupIntent>;
  subscriptions: ReadonlyMap<string, DoubleSubscription>;
  invoices: ReadonlyMap<string, DoubleInvoice>;
  paymentMethods: ReadonlyMap<string, DoublePaymentMethod>;
  /** The card pays: a subscription's first invoice is paid, the subscription active with the card as default. */
  succeedPaymentIntent(id: string): DoublePaymentIntent;
  /** The card is declined: back to requires_payment_method with Stripe's last_payment_error. */
  failPaymentIntent(id: string, message: string): DoublePaymentIntent;
  /** A payment that takes time to clear (a bank debit). */
  processPaymentIntent(id: string): DoublePaymentIntent;
  /** The card is saved: a new pm_… attached, status succeeded. */
  succeedSetupIntent(id: string): DoubleSetupIntent;
  failSetupIntent(id: string, message: string): DoubleSetupIntent;
  updateSubscription(id: string, patch: SubscriptionPatch): DoubleSubscription;
  /** The subscription ends now: canceled, with ended_at. */
  endSubscription(id: string): DoubleSubscription;
  /** The next `count` requests fail this way, whatever they ask for. */
  failNext(count: number, mode: FailureMode): void;
  /** How late a 'slow' answer comes; beyond the client's timeout (10 s unless the test shortens it). */
  setSlowDelay(ms: number): void;
  /** A webhook as Stripe sends it: the event envelope and its Stripe-Signature header. */
  signedEvent(type: string, object: object, options?: { id?: string }): { payload: string; signature: string };
  close(): Promise<void>;
};

const DEFAULT_SLOW_DELAY_MS = 11_000;

const unixSeconds = (time: Time) => (typeof time === 'number' ? time : Math.floor(time.getTime() / 1000));

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** `sk_test_abcd…wxyz` as Stripe prints a key it does not know. */
const maskedKey = (key: string) => `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

function authenticationError(header: string | undefined, secretKey: string): StripeApiError | null {
  const key = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  if (!key) {
    return new StripeApiError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }
  if (key !== secretKey) {
    return new StripeApiError(401, {
      type: 'invalid_request_error',
      code: 'api_key_invalid',
      message: `Invalid API Key provided: ${maskedKey(key)}`,
    });
  }
  return null;
}

type StoredAnswer = { method: string; path: string; params: string; status: number; body: string };

export async function startStripeDouble(): Promise<StripeDouble> {
  const store = createStore();
  const secretKey = newId('sk_test');
  const publishableKey = newId('pk_test');
  const webhookSecret = newId('whsec');
  const smb = buildPrice(newId('price'), plans.smb.price * 100, 'Brandlens SMB');
  const agency = buildPrice(newId('price'), plans.agency.price * 100, 'Brandlens Agency');
  store.prices.set(smb.id, smb).set(agency.id, agency);

  const requests: RecordedRequest[] = [];
  const answered = new Map<string, StoredAnswer>();
  const failures: FailureMode[] = [];
  const pendingAnswers = new Set<NodeJS.Timeout>();
  let slowDelayMs = DEFAULT_SLOW_DELAY_MS;

  function send(
    response: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string>,
    slow: boolean,
  ) {
    const write = () => {
      if (response.destroyed) return;
      response
        .writeHead(status, {
          'content-type': 'application/json',
          'request-id': newId('req'),
          'stripe-version': API_VERSION,
          ...headers,
        })
        .end(body);
    };
    if (!slow) return write();
    const timer = setTimeout(() => {
      pendingAnswers.delete(timer);
      write();
    }, slowDelayMs);
    pendingAnswers.add(timer);
  }

  const errorJson = (error: StripeErrorBody) => JSON.stringify({ error }, null, 2);

  /** The answer to one request, replaying the stored one for a repeated idempotency key. */
  function answer(method: string, path: string, params: FormObject, idempotencyKey: string | null) {
    const keyed = method === 'POST' && idempotencyKey !== null;
    const paramsJson = JSON.stringify(params);
    const earlier = keyed ? answered.get(idempotencyKey) : undefined;
    if (earlier) {
      if (earlier.method !== method || earlier.path !== path || earlier.params !== paramsJson) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
        return { status: 400, body: errorJson({ type: 'idempotency_error', message }), replayed: false };
      }
      return { status: earlier.status, body: earlier.body, replayed: true };
    }
    try {
      const body = JSON.stringify(answerStripeRequest(store, method, path, params), null, 2);
      // Stripe keeps an idempotent result once the request ran; refused parameters are not kept.
      if (keyed) answered.set(idempotencyKey, { method, path, params: paramsJson, status: 200, body });
      return { status: 200, body, replayed: false };
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      return { status: error.status, body: errorJson(error.error), replayed: false };
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stripe.invalid');
    const method = request.method ?? 'GET';
    const raw = await readBody(request);
    const params =
      method === 'GET' || method === 'DELETE' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const failure = failures.shift() ?? null;
    requests.push({ method, path: url.pathname, idempotencyKey, body: params, failure });

    if (failure === 'unreachable') {
      request.socket.destroy();
      return;
    }
    if (failure === 'server-error') {
      const error = { type: 'api_error', message: 'An unknown error occurred on our servers. Please try again.' };
      return send(response, 500, errorJson(error), {}, false);
    }
    const refused = authenticationError(request.headers.authorization, secretKey);
    if (refused) return send(response, refused.status, errorJson(refused.error), {}, failure === 'slow');
    const result = answer(method, url.pathname, params, idempotencyKey);
    const headers: Record<string, string> = idempotencyKey ? { 'idempotency-key': idempotencyKey } : {};
    if (result.replayed) headers['idempotent-replayed'] = 'true';
    // A slow answer is Stripe doing the work and the reply arriving after the client gave up.
    send(response, result.status, result.body, headers, failure === 'slow');
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!response.headersSent) send(response, 500, errorJson({ type: 'api_error', message }), {}, false);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function found<T>(map: Map<string, T>, id: string, what: string): T {
    const object = map.get(id);
    if (!object) throw new Error(`The Stripe double has no ${what} ${id}`);
    return object;
  }

  function newPaymentMethod(customer: string | null): string {
    const paymentMethod = buildPaymentMethod(customer);
    store.paymentMethods.set(paymentMethod.id, paymentMethod);
    return paymentMethod.id;
  }

  /** The invoice an intent paid is paid, and its subscription is active with the card saved. */
  function settleInvoiceOf(intent: DoublePaymentIntent) {
    const invoiceId = store.invoiceOfPaymentIntent.get(intent.id);
    const invoice = invoiceId ? store.invoices.get(invoiceId) : undefined;
    if (!invoice) return;
    Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0 });
    const subscription = store.subscriptions.get(invoice.parent.subscription_details.subscription);
    if (!subscription || subscription.status === 'canceled') return;
    if (['incomplete', 'past_due', 'unpaid'].includes(subscription.status)) subscription.status = 'active';
    subscription.default_payment_method = intent.payment_method;
  }

  const cardDeclined = (message: string) => ({
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message,
  });

  return {
    apiBase,
    secretKey,
    publishableKey,
    webhookSecret,
    prices: { smb: smb.id, agency: agency.id },
    env: () => ({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_SMB: smb.id,
      STRIPE_PRICE_AGENCY: agency.id,
      STRIPE_API_BASE: apiBase,
    }),
    requests,
    customers: store.customers,
    paymentIntents: store.paymentIntents,
    setupIntents: store.setupIntents,
    subscriptions: store.subscriptions,
    invoices: store.invoices,
    paymentMethods: store.paymentMethods,

    succeedPaymentIntent(id) {
      const intent = found(store.paymentIntents, id, 'payment intent');
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        payment_method: newPaymentMethod(intent.customer),
        latest_charge: newId('ch'),
        last_payment_error: null,
      });
      settleInvoiceOf(intent);
      return intent;
    },
    failPaymentIntent(id, message) {
      const intent = found(store.paymentIntents, id, 'payment intent');
      Object.assign(intent, {
        status: 'requires_payment_method',
        payment_method: null,
        last_payment_error: cardDeclined(message),
      });
      return intent;
    },
    processPaymentIntent(id) {
      const intent = found(store.paymentIntents, id, 'payment intent');
      Object.assign(intent, { status: 'processing', processing: { type: 'card' } });
      return intent;
    },
    succeedSetupIntent(id) {
      const intent = found(store.setupIntents, id, 'setup intent');
      Object.assign(intent, {
        status: 'succeeded',
        payment_method: newPaymentMethod(intent.customer),
        last_setup_error: null,
      });
      return intent;
    },
    failSetupIntent(id, message) {
      const intent = found(store.setupIntents, id, 'setup intent');
      Object.assign(intent, {
        status: 'requires_payment_method',
        payment_method: null,
        last_setup_error: cardDeclined(message),
      });
      return intent;
    },
    updateSubscription(id, patch) {
      const subscription = found(store.subscriptions, id, 'subscription');
      const { current_period_end: periodEnd, trial_end: trialEnd, ...rest } = patch;
      Object.assign(subscription, rest);
      if (trialEnd !== undefined) subscription.trial_end = trialEnd === null ? null : unixSeconds(trialEnd);
      for (const item of subscription.items.data) {
        if (periodEnd !== undefined) item.current_period_end = unixSeconds(periodEnd);
      }
      if (subscription.cancel_at_period_end)
        subscription.cancel_at = subscription.items.data[0]?.current_period_end ?? null;
      return subscription;
    },
    endSubscription(id) {
      const subscription = found(store.subscriptions, id, 'subscription');
      const now = nowSeconds();
      Object.assign(subscription, { status: 'canceled', ended_at: now, canceled_at: subscription.canceled_at ?? now });
      return subscription;
    },
    failNext(count, mode) {
      for (let index = 0; index < count; index += 1) failures.push(mode);
    },
    setSlowDelay(ms) {
      slowDelayMs = ms;
    },
    signedEvent(type, object, options = {}) {
      const payload = JSON.stringify(
        {
          id: options.id ?? newId('evt'),
          object: 'event',
          api_version: API_VERSION,
          created: nowSeconds(),
          data: { object },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
        },
        null,
        2,
      );
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
    },
    async close() {
      for (const timer of pendingAnswers) clearTimeout(timer);
      pendingAnswers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
