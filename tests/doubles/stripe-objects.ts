/**
 * The objects the Stripe double keeps, shaped as Stripe's API version 2026-10-28.endive sends
 * them: ids with Stripe's prefixes, unix-second times, expandable fields as ids, the period on
 * subscription items, an invoice's subscription under parent.subscription_details, and an
 * invoice's confirmation_secret only when it is asked for (expand).
 */
import { randomBytes } from 'node:crypto';

export const API_VERSION = '2026-10-28.endive';

export type Metadata = Record<string, string>;

export type DoubleCustomer = {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  metadata: Metadata;
  livemode: false;
  [field: string]: unknown;
};

export type DoublePaymentMethod = {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; country: string };
  customer: string | null;
  created: number;
  livemode: false;
  [field: string]: unknown;
};

export type DoublePrice = {
  id: string;
  object: 'price';
  currency: string;
  unit_amount: number;
  recurring: { interval: 'month'; interval_count: 1 };
  [field: string]: unknown;
};

export type IntentError = { type: string; code: string; decline_code?: string; message: string } | null;

export type DoublePaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  client_secret: string;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: IntentError;
  metadata: Metadata;
  payment_method: string | null;
  status: string;
  livemode: false;
  [field: string]: unknown;
};

export type DoubleSetupIntent = {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  created: number;
  customer: string | null;
  last_setup_error: IntentError;
  metadata: Metadata;
  payment_method: string | null;
  status: string;
  usage: string;
  livemode: false;
  [field: string]: unknown;
};

export type DoubleInvoice = {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  created: number;
  currency: string;
  customer: string;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  livemode: false;
  [field: string]: unknown;
};

export type DoubleSubscriptionItem = {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_start: number;
  current_period_end: number;
  price: DoublePrice;
  quantity: number;
  subscription: string;
  [field: string]: unknown;
};

export type DoubleSubscription = {
  id: string;
  object: 'subscription';
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  created: number;
  currency: string;
  customer: string;
  default_payment_method: string | null;
  ended_at: number | null;
  items: { object: 'list'; data: DoubleSubscriptionItem[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  metadata: Metadata;
  pending_setup_intent: string | null;
  start_date: number;
  status: string;
  trial_end: number | null;
  trial_start: number | null;
  livemode: false;
  [field: string]: unknown;
};

export type DoubleObject =
  | DoubleCustomer
  | DoublePaymentMethod
  | DoublePrice
  | DoublePaymentIntent
  | DoubleSetupIntent
  | DoubleInvoice
  | DoubleSubscription;

/** A Stripe-looking id: the prefix, then 24 letters and digits. */
export function newId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const random = [...randomBytes(24)].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${prefix}_${random}`;
}

export const secretFor = (id: string) => `${id}_secret_${newId('x').slice(2)}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** One calendar month on, as Stripe bills monthly (31 January gives the end of February). */
export function oneMonthAfter(unixSeconds: number): number {
  const date = new Date(unixSeconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return Math.floor(date.getTime() / 1000);
}

export function buildPrice(id: string, unitAmount: number, nickname: string): DoublePrice {
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: nowSeconds(),
    currency: 'gbp',
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname,
    product: newId('prod'),
    recurring: { interval: 'month', interval_count: 1 },
    tax_behavior: 'unspecified',
    type: 'recurring',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
}

export function buildCustomer(input: {
  email: string | null;
  name: string | null;
  metadata: Metadata;
}): DoubleCustomer {
  return {
    id: newId('cus'),
    object: 'customer',
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: input.email,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function buildPaymentMethod(customer: string | null): DoublePaymentMethod {
  return {
    id: newId('pm'),
    object: 'payment_method',
    billing_details: { address: null, email: null, name: null, phone: null },
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, country: 'GB' },
    created: nowSeconds(),
    customer,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function buildPaymentIntent(input: {
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  automaticPaymentMethods: boolean;
  /** a subscription's first invoice saves the card for the months after */
  setupFutureUsage: 'off_session' | null;
}): DoublePaymentIntent {
  const id = newId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: input.amount,
    amount_capturable: 0,
    amount_received: 0,
    automatic_payment_methods: input.automaticPaymentMethods ? { allow_redirects: 'always', enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: secretFor(id),
    confirmation_method: 'automatic',
    created: nowSeconds(),
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: input.metadata,
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    setup_future_usage: input.setupFutureUsage,
    status: 'requires_payment_method',
  };
}

export function buildSetupIntent(customer: string): DoubleSetupIntent {
  const id = newId('seti');
  return {
    id,
    object: 'setup_intent',
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: secretFor(id),
    created: nowSeconds(),
    customer,
    description: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: {},
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    usage: 'off_session',
  };
}

export function buildInvoice(input: {
  customer: string;
  subscription: string;
  subscriptionMetadata: Metadata;
  amountDue: number;
  periodStart: number;
  periodEnd: number;
}): DoubleInvoice {
  const paid = input.amountDue === 0;
  return {
    id: newId('in'),
    object: 'invoice',
    amount_due: input.amountDue,
    amount_paid: 0,
    amount_remaining: input.amountDue,
    billing_reason: 'subscription_create',
    collection_method: 'charge_automatically',
    created: nowSeconds(),
    currency: 'gbp',
    customer: input.customer,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: input.subscriptionMetadata, subscription: input.subscription },
    },
    period_end: input.periodEnd,
    period_start: input.periodStart,
    // A free trial's first invoice is for nothing, and so is paid at once.
    status: paid ? 'paid' : 'open',
    subtotal: input.amountDue,
    total: input.amountDue,
  };
}

export function buildSubscription(input: {
  customer: string;
  price: DoublePrice;
  metadata: Metadata;
  trialDays: number;
}): DoubleSubscription {
  const id = newId('sub');
  const now = nowSeconds();
  const trialEnd = input.trialDays > 0 ? now + input.trialDays * 24 * 60 * 60 : null;
  const periodEnd = trialEnd ?? oneMonthAfter(now);
  return {
    id,
    object: 'subscription',
    billing_cycle_anchor: trialEnd ?? now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    collection_method: 'charge_automatically',
    created: now,
    currency: input.price.currency,
    customer: input.customer,
    default_payment_method: null,
    description: null,
    discounts: [],
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          created: now,
          current_period_end: periodEnd,
          current_period_start: now,
          discounts: [],
          metadata: {},
          price: input.price,
          quantity: 1,
          subscription: id,
          tax_rates: [],
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: input.metadata,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'on_subscription',
    },
    pending_setup_intent: null,
    start_date: now,
    status: trialEnd ? 'trialing' : 'incomplete',
    trial_end: trialEnd,
    trial_start: trialEnd ? now : null,
  };
}
