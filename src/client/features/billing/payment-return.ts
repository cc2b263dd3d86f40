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

/** SPEC §8 'Payment Successful': Starter's full access for 1 brand, otherwise the now active subscription. */
export function paymentSuccessText(result: TCheckPaymentStatusResponse): { summary: string; detail: string | null } {
  const plan = plans[result.plan];
  if (result.plan === 'starter') {
    return {
      summary: 'You now have full access for 1 brand.',
      detail: `Your ${plan.name} plan gives you ${plan.limits.accessDays} days of everything Brandlens does.`,
    };
  }
  const trialEnd = formatLongDate(result.trialEnd);
  return {
    summary: `Your ${plan.name} subscription is now active.`,
    detail: trialEnd
      ? `Your free trial runs until ${trialEnd}; the first monthly payment of ${formatPlanPrice(plan)} is taken then.`
      : null,
  };
}
