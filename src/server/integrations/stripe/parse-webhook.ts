/**
 * A Stripe webhook, verified and reduced to a BillingEvent: which object it is about, so the
 * handler can read that object's current state rather than trust the event's copy (events arrive
 * out of order and more than once). Only the raw body verifies: a re-serialised JSON body does not.
 */
import Stripe from 'stripe';
import { type BillingEvent, WebhookSignatureError } from '../billing-provider.ts';

type Webhooks = Stripe['webhooks'];

/** The parts of an event's object this reads; Stripe's own union is far wider. */
type EventObject = {
  object?: unknown;
  id?: unknown;
  customer?: unknown;
  parent?: { subscription_details?: { subscription?: unknown } | null } | null;
};

/** The id of an expandable field: Stripe sends the id, or the object when it was expanded. */
function expandableId(value: unknown): string | null {
  if (typeof value === 'string') return value;
  const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : null;
}

function verifiedEvent(webhooks: Webhooks, rawBody: Buffer, signature: string | undefined, secret: string) {
  if (!signature) throw new WebhookSignatureError('The webhook has no Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(rawBody, signature, secret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new WebhookSignatureError(`The webhook signature does not verify: ${error.message.split('\n')[0]}`);
    }
    throw new WebhookSignatureError('The webhook body is not a Stripe event.');
  }
  const object = (event as { data?: { object?: unknown } }).data?.object;
  if (typeof event.id !== 'string' || typeof event.type !== 'string' || !object || typeof object !== 'object') {
    throw new WebhookSignatureError('The webhook body is not a Stripe event.');
  }
  return { id: event.id, type: event.type, object: object as EventObject };
}

/** What an event is about, by its type's prefix; invoices stand for their subscription. */
function subjectOf(type: string, object: EventObject): Pick<BillingEvent, 'objectId' | 'objectKind'> {
  const ownId = typeof object.id === 'string' ? object.id : null;
  if (type.startsWith('payment_intent.')) return { objectKind: 'payment_intent', objectId: ownId };
  if (type.startsWith('setup_intent.')) return { objectKind: 'setup_intent', objectId: ownId };
  if (type.startsWith('customer.subscription.')) return { objectKind: 'subscription', objectId: ownId };
  if (type.startsWith('invoice.')) {
    return { objectKind: 'subscription', objectId: expandableId(object.parent?.subscription_details?.subscription) };
  }
  return { objectKind: null, objectId: ownId };
}

export function parseStripeWebhook(
  webhooks: Webhooks,
  rawBody: Buffer,
  signature: string | undefined,
  webhookSecret: string,
): BillingEvent {
  const event = verifiedEvent(webhooks, rawBody, signature, webhookSecret);
  const customerId =
    event.object.object === 'customer' && typeof event.object.id === 'string'
      ? event.object.id
      : expandableId(event.object.customer);
  return { id: event.id, type: event.type, ...subjectOf(event.type, event.object), customerId };
}
