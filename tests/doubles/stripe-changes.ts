/**
 * What happens to the Stripe double's objects outside the API, as the browser or time would do
 * it: a card pays, is declined or takes time to clear, a card is saved, a trial ends, a period
 * renews, a subscription ends. Each returns the object as it now stands, ready for signedEvent.
 */
import type { StripeStore } from './stripe-api.ts';
import {
  buildPaymentMethod,
  type DoublePaymentIntent,
  type DoubleSetupIntent,
  type DoubleSubscription,
  newId,
  nowSeconds,
} from './stripe-objects.ts';

type Time = Date | number;

/** What time and the customer do to a subscription; times as Dates or unix seconds. */
export type SubscriptionPatch = {
  status?: string;
  cancel_at_period_end?: boolean;
  current_period_end?: Time;
  trial_end?: Time | null;
  default_payment_method?: string | null;
};

export type StripeStateChanges = {
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
};

const unixSeconds = (time: Time) => (typeof time === 'number' ? time : Math.floor(time.getTime() / 1000));

export function stateChangesOf(store: StripeStore): StripeStateChanges {
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
  };
}
