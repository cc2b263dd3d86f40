import { formatPlanPrice, plans } from '../../../shared/plans.ts';
import {
  type TCheckPaymentStatusRequest,
  type TCheckPaymentStatusResponse,
  ZCheckPaymentStatusRequest,
} from '../../../shared/schemas/billing.ts';
import { formatLongDate } from '../../lib/format.ts';

/**
 * What the payment provider (or the demo checkout) put in the /payment-success address, as the
 * status check's request: a payment (payment_intent, payment_intent_client_secret, redirect_status)
 * or a free trial's saved card (setup_intent, setup_intent_client_secret, redirect_status). Null when
 * any of the three is missing or the reference is malformed: the screen then shows the failed result.
 */
export function paymentReturnFrom(search: string): TCheckPaymentStatusRequest | null {
  const params = new URLSearchParams(search);
  const redirectStatus = params.get('redirect_status');
  if (!redirectStatus) return null;
  for (const kind of ['payment', 'setup'] as const) {
    const intentId = params.get(`${kind}_intent`);
    const clientSecret = params.get(`${kind}_intent_client_secret`);
    if (!intentId || !clientSecret) continue;
    const request =
      kind === 'payment' ? { paymentIntentId: intentId, redirectStatus } : { setupIntentId: intentId, redirectStatus };
    const parsed = ZCheckPaymentStatusRequest.safeParse(request);
    return parsed.success ? parsed.data : null;
  }
  return null;
}

export const PAYMENT_VERIFICATION_FAILED =
  'Unable to verify payment status. Please contact support if you were charged.';
export const PAYMENT_DETAILS_MISSING =
  'This address does not carry the details of a payment, so there is nothing to check.';
export const DEFAULT_PAYMENT_ERROR = 'There was an issue with your payment. Please try again.';

/**
 * SPEC §8 'Payment Successful': the server's words, which carry the dates (Starter's full access for
 * 1 brand until when, a subscription's trial end); these from the plans table if it sent none.
 */
export function paymentSuccessText(result: TCheckPaymentStatusResponse): string {
  if (result.message.trim()) return result.message;
  const plan = plans[result.plan];
  if (result.plan === 'starter') return 'You now have full access for 1 brand.';
  const trialEnd = formatLongDate(result.trialEnd);
  const active = `Your ${plan.name} subscription is now active.`;
  return trialEnd
    ? `${active} Your free trial ends on ${trialEnd}, when your card is first charged ${formatPlanPrice(plan)}.`
    : active;
}

/** SPEC §4: a payment still processing; the server says what follows (a confirmation e-mail). */
export function paymentPendingText(result: TCheckPaymentStatusResponse): string {
  return (
    result.message.trim() || "Your payment is being processed. You'll receive an email confirmation once it's complete."
  );
}
