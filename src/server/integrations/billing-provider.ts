/**
 * What Brandlens asks of a payment provider. Stripe (integrations/stripe) and demo billing
 * (integrations/demo-billing) both answer it, so everything after the checkout (plan, trial,
 * cancel, reactivate, limits) runs the same code whichever takes the money. The shapes are
 * Stripe's, normalised: amounts in minor units (pence), times as Dates, plans by Brandlens key.
 */

export type ProviderKind = 'stripe' | 'demo';
export type MonthlyPlan = 'smb' | 'agency';

export type ProviderIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export type ProviderPaymentIntent = {
  id: string;
  clientSecret: string;
  status: ProviderIntentStatus;
  /** minor units (pence) */
  amount: number;
  currency: string;
  customerId: string | null;
  metadata: Record<string, string>;
  created: Date;
  /** the provider's words for the last failed attempt, when there was one */
  lastError: string | null;
};

export type ProviderSetupIntent = {
  id: string;
  clientSecret: string;
  status: ProviderIntentStatus;
  customerId: string | null;
  /** the card saved once the setup intent succeeded */
  paymentMethodId: string | null;
  metadata: Record<string, string>;
  lastError: string | null;
};

export type ProviderSubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

/** The intent a new subscription waits on: a setup intent during a free trial, else the first invoice's payment. */
export type PendingIntent = { kind: 'payment' | 'setup'; id: string; clientSecret: string };

export type ProviderSubscription = {
  id: string;
  customerId: string;
  status: ProviderSubscriptionStatus;
  /** the Brandlens plan of its price; null when the price is not one of ours */
  plan: MonthlyPlan | null;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  startedAt: Date;
  endedAt: Date | null;
  pendingIntent: PendingIntent | null;
  hasDefaultPaymentMethod: boolean;
  metadata: Record<string, string>;
};

/** A provider's event, reduced to what is needed to fetch the object's current state. */
export type BillingEvent = {
  id: string;
  /** Stripe's event type: payment_intent.succeeded, customer.subscription.updated, invoice.paid ... */
  type: string;
  /** the id of the object the event is about (for invoices: the subscription's id) */
  objectId: string | null;
  /** the object's kind: payment_intent, setup_intent, subscription, or null for anything else */
  objectKind: 'payment_intent' | 'setup_intent' | 'subscription' | null;
  customerId: string | null;
};

export type CreateCustomerInput = { userId: string; email: string; name: string | null };
export type CreatePaymentIntentInput = {
  customerId: string;
  /** minor units (pence) */
  amount: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
};
export type CreateSubscriptionInput = {
  customerId: string;
  plan: MonthlyPlan;
  /** 0 for no trial: the first month is paid at once */
  trialDays: number;
  metadata: Record<string, string>;
};

export interface BillingProvider {
  readonly kind: ProviderKind;
  /** Whether an id stored on a user (a customer id) was made by this provider. */
  ownsId(id: string): boolean;
  createCustomer(input: CreateCustomerInput, idempotencyKey: string): Promise<{ id: string }>;
  createPaymentIntent(input: CreatePaymentIntentInput, idempotencyKey: string): Promise<ProviderPaymentIntent>;
  /** null when the provider has no such object */
  retrievePaymentIntent(id: string): Promise<ProviderPaymentIntent | null>;
  retrieveSetupIntent(id: string): Promise<ProviderSetupIntent | null>;
  createSubscription(input: CreateSubscriptionInput, idempotencyKey: string): Promise<ProviderSubscription>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** Makes the card a setup intent saved the subscription's default, so its first invoice is paid with it. */
  setDefaultPaymentMethod(
    subscriptionId: string,
    paymentMethodId: string,
    idempotencyKey: string,
  ): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, idempotencyKey: string): Promise<ProviderSubscription>;
  /** Ends a subscription now (an abandoned checkout, or account deletion). */
  cancelNow(subscriptionId: string, idempotencyKey: string): Promise<ProviderSubscription>;
}

/**
 * A provider call that did not work. `unreachable`: no answer or a timeout (safe to retry, the
 * request carried an idempotency key); `rejected`: the provider answered no, with its reason.
 */
export class BillingProviderError extends Error {
  constructor(
    message: string,
    readonly reason: 'unreachable' | 'rejected',
  ) {
    super(message);
    this.name = 'BillingProviderError';
  }
}

/** A webhook whose signature is missing or does not verify. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A provider that sends signed webhooks (Stripe). */
export interface WebhookVerifier {
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not verify. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): BillingEvent;
}

export function verifiesWebhooks(provider: BillingProvider | null): provider is BillingProvider & WebhookVerifier {
  return provider !== null && typeof (provider as Partial<WebhookVerifier>).parseWebhook === 'function';
}
