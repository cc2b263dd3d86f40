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
import { type StripeStateChanges, stateChangesOf } from './stripe-changes.ts';
import { type FormObject, parseStripeForm } from './stripe-form.ts';
import {
  API_VERSION,
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

export type { SubscriptionPatch } from './stripe-changes.ts';

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

export type StripeDouble = StripeStateChanges & {
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
  /** The next `count` requests fail this way, whatever they ask for. */
  failNext(count: number, mode: FailureMode): void;
  /** How late a 'slow' answer comes; beyond the client's timeout (10 s unless the test shortens it). */
  setSlowDelay(ms: number): void;
  /** A webhook as Stripe sends it: the event envelope and its Stripe-Signature header. */
  signedEvent(type: string, object: object, options?: { id?: string }): { payload: string; signature: string };
  close(): Promise<void>;
};

const DEFAULT_SLOW_DELAY_MS = 11_000;

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

    ...stateChangesOf(store),
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
