/**
 * A stand-in for Stripe.js in the browser, for end-to-end tests of Stripe mode without the
 * internet: requests to js.stripe.com are answered with a small script whose Stripe(), elements()
 * and Payment Element behave as the parts @stripe/react-stripe-js uses, and whose confirmPayment and
 * confirmSetup act on the loopback Stripe double as the real card form would: the card succeeds (the
 * browser goes to the return URL with the intent in the query) or is declined (Stripe's error).
 */
import type { Page } from 'playwright-core';
import type { StripeDouble } from './stripe.ts';

export type CardBehaviour = 'succeeds' | 'declined';
export const DECLINE_MESSAGE = 'Your card was declined.';

type ConfirmAnswer = { redirectTo: string } | { error: { type: string; message: string } };

/* The script the page gets for https://js.stripe.com/<release>/stripe.js. It runs in the browser. */
const stripeJsSource = `
(() => {
  function Stripe(publishableKey) {
    let clientSecret = null;
    const confirm = async (kind, options) => {
      const answer = await window.__stripeDoubleConfirm(kind, clientSecret, options.confirmParams.return_url);
      if ('error' in answer) return { error: answer.error };
      window.location.assign(answer.redirectTo);
      // Like Stripe.js, a confirmation that redirects never resolves.
      return new Promise(() => {});
    };
    return {
      _registerWrapper() {},
      registerAppInfo() {},
      elements(options) {
        clientSecret = options.clientSecret;
        return {
          update() {},
          getElement() { return null; },
          create(type) {
            const handlers = {};
            const emit = (event, payload) => (handlers[event] || []).forEach((handler) => handler(payload));
            return {
              mount(node) {
                const form = document.createElement('div');
                form.dataset.testid = 'stripe-payment-element';
                form.dataset.publishableKey = publishableKey;
                form.textContent = 'Card details';
                node.appendChild(form);
                setTimeout(() => emit('ready', { elementType: type }), 0);
              },
              on(event, handler) { (handlers[event] = handlers[event] || []).push(handler); },
              off(event, handler) { handlers[event] = (handlers[event] || []).filter((h) => h !== handler); },
              update() {},
              unmount() {},
              destroy() {},
            };
          },
        };
      },
      // @stripe/react-stripe-js recognises a Stripe object by these; Brandlens never calls them.
      createToken() { return Promise.reject(new Error('not part of the stand-in')); },
      createPaymentMethod() { return Promise.reject(new Error('not part of the stand-in')); },
      confirmCardPayment() { return Promise.reject(new Error('not part of the stand-in')); },
      confirmPayment(options) { return confirm('payment', options); },
      confirmSetup(options) { return confirm('setup', options); },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

export type StripeJsStandIn = {
  /** What the next confirmation's card does. */
  setCard(behaviour: CardBehaviour): void;
  /** Each confirmation: payment or setup, and the return URL the page gave. */
  confirmations: { kind: 'payment' | 'setup'; returnUrl: string }[];
  /** Requests the page made to js.stripe.com. */
  loads: string[];
};

/** Answers the page's Stripe.js with the stand-in, its card confirming against the double. */
export async function serveStripeJs(page: Page, double: StripeDouble): Promise<StripeJsStandIn> {
  let card: CardBehaviour = 'succeeds';
  const standIn: StripeJsStandIn = {
    setCard: (behaviour) => {
      card = behaviour;
    },
    confirmations: [],
    loads: [],
  };
  await page.exposeFunction(
    '__stripeDoubleConfirm',
    (kind: 'payment' | 'setup', clientSecret: string, returnUrl: string): ConfirmAnswer => {
      standIn.confirmations.push({ kind, returnUrl });
      const intentId = clientSecret.split('_secret_')[0] ?? '';
      if (card === 'declined') {
        if (kind === 'setup') double.failSetupIntent(intentId, DECLINE_MESSAGE);
        else double.failPaymentIntent(intentId, DECLINE_MESSAGE);
        return { error: { type: 'card_error', message: DECLINE_MESSAGE } };
      }
      if (kind === 'setup') double.succeedSetupIntent(intentId);
      else double.succeedPaymentIntent(intentId);
      const param = kind === 'setup' ? 'setup_intent' : 'payment_intent';
      const query = new URLSearchParams({
        [param]: intentId,
        [`${param}_client_secret`]: clientSecret,
        redirect_status: 'succeeded',
      });
      return { redirectTo: `${returnUrl}?${query}` };
    },
  );
  await page.route('https://js.stripe.com/**', (route) => {
    standIn.loads.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: stripeJsSource });
  });
  return standIn;
}
