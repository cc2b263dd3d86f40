import { z } from 'zod';
import { formatPlanPrice, type PlanKey, plans } from '../plans.ts';
import { ZText } from './text.ts';

/**
 * Payments and subscriptions (SPEC §2 "Subscribe and payment", §3 "Subscription details" and
 * "Payment responses", §7's payment calls). The server decides every amount; the browser only
 * names a plan.
 */

export const paidPlanKeys = ['starter', 'smb', 'agency'] as const;
export type TPaidPlanKey = (typeof paidPlanKeys)[number];
export const monthlyPlanKeys = ['smb', 'agency'] as const;
export type TMonthlyPlanKey = (typeof monthlyPlanKeys)[number];

export function isMonthlyPlanKey(value: unknown): value is TMonthlyPlanKey {
  return value === 'smb' || value === 'agency';
}

export function isPaidPlanKey(value: PlanKey): value is TPaidPlanKey {
  return value !== 'free';
}

/** SPEC §8: a plan-change refusal carries these words, and the subscribe screen shows Plan Change Required. */
export const PLAN_CHANGE_MARKER = 'cancel your current subscription first';

export const planChangeRequiredMessage = (current: PlanKey, wanted: PlanKey) =>
  `You have an active ${plans[current].name} subscription. Please ${PLAN_CHANGE_MARKER}, then subscribe to ${plans[wanted].name}.`;

const starterAmountMessage = `The Starter plan costs ${formatPlanPrice(plans.starter)}, paid once; the amount is set by Brandlens.`;

/** POST /api/create-payment-intent: the Starter one-off purchase. */
export const ZCreatePaymentIntentRequest = z.object({
  amount: z.number(starterAmountMessage).refine((amount) => amount === plans.starter.price, starterAmountMessage),
  plan: z.literal('starter', 'Only the Starter plan is bought with a one-off payment'),
});
export type TCreatePaymentIntentRequest = z.infer<typeof ZCreatePaymentIntentRequest>;

export const ZCreatePaymentIntentResponse = z.object({ clientSecret: z.string() });
export type TCreatePaymentIntentResponse = z.infer<typeof ZCreatePaymentIntentResponse>;

/** POST /api/get-or-create-subscription: SMB or Agency, monthly, with the free trial. */
export const ZGetOrCreateSubscriptionRequest = z.object({
  plan: z.enum(monthlyPlanKeys, 'Choose the SMB or Agency plan'),
});
export type TGetOrCreateSubscriptionRequest = z.infer<typeof ZGetOrCreateSubscriptionRequest>;

/**
 * What the Payment Element confirms: a payment (Starter) or, for a subscription that starts with a
 * free trial, a setup intent that saves the card for the first invoice.
 */
export const intentKinds = ['payment', 'setup'] as const;
export type TIntentKind = (typeof intentKinds)[number];

export const ZGetOrCreateSubscriptionResponse = z.object({
  clientSecret: z.string().nullable(),
  intentKind: z.enum(intentKinds),
  alreadySubscribed: z.boolean(),
  message: z.string().optional(),
});
export type TGetOrCreateSubscriptionResponse = z.infer<typeof ZGetOrCreateSubscriptionResponse>;

const intentIdPattern = /^[A-Za-z0-9_]{3,255}$/;
const intentIdMessage = 'The payment reference in the address is not valid';

/**
 * POST /api/check-payment-status. The ids come from the query string the payment provider returns
 * to (payment_intent, or setup_intent for a trial); the server verifies them with the provider and
 * never trusts redirect_status.
 */
export const ZCheckPaymentStatusRequest = z
  .object({
    paymentIntentId: z.string().regex(intentIdPattern, intentIdMessage).optional(),
    setupIntentId: z.string().regex(intentIdPattern, intentIdMessage).optional(),
    redirectStatus: ZText('Redirect status').max(50).optional(),
  })
  .refine((value) => Boolean(value.paymentIntentId) !== Boolean(value.setupIntentId), {
    message: 'Give the payment reference from the address (payment_intent or setup_intent)',
  });
export type TCheckPaymentStatusRequest = z.infer<typeof ZCheckPaymentStatusRequest>;

export const paymentStatuses = ['succeeded', 'processing', 'failed'] as const;
export type TPaymentStatus = (typeof paymentStatuses)[number];

export const ZCheckPaymentStatusResponse = z.object({
  status: z.enum(paymentStatuses),
  plan: z.enum(paidPlanKeys),
  /** whole pounds */
  amount: z.number(),
  message: z.string(),
  /** ISO date: when a subscription's free trial ends */
  trialEnd: z.string().nullable(),
});
export type TCheckPaymentStatusResponse = z.infer<typeof ZCheckPaymentStatusResponse>;

/** GET /api/billing/config: how the subscribe screen takes payment. */
export const billingModes = ['stripe', 'demo', 'unconfigured'] as const;
export type TBillingMode = (typeof billingModes)[number];
export const ZBillingConfig = z.object({
  mode: z.enum(billingModes),
  publishableKey: z.string().nullable(),
});
export type TBillingConfig = z.infer<typeof ZBillingConfig>;

export const paymentsNotConfiguredMessage =
  'Payments are not configured on this server yet. Please contact support to change your plan.';

/** POST /api/demo-billing/confirm: the test checkout's outcome (never in production). */
export const demoOutcomes = ['succeed', 'pending', 'fail'] as const;
export type TDemoOutcome = (typeof demoOutcomes)[number];
export const ZDemoCheckoutRequest = z.object({
  clientSecret: ZText('Client secret').min(1).max(255),
  outcome: z.enum(demoOutcomes, 'Choose what the test payment does'),
});
export type TDemoCheckoutRequest = z.infer<typeof ZDemoCheckoutRequest>;
export const ZDemoCheckoutResponse = z.object({ returnUrl: z.string() });
export type TDemoCheckoutResponse = z.infer<typeof ZDemoCheckoutResponse>;

/** GET /api/subscription-details (SPEC §3 "Subscription details"). */
export const subscriptionStatuses = ['active', 'trialing', 'expired', 'past_due', 'canceled', 'incomplete'] as const;
export type TSubscriptionStatus = (typeof subscriptionStatuses)[number];

const ZUsage = z.object({ used: z.number(), limit: z.number().nullable() });

export const ZSubscriptionDetails = z.object({
  planType: z.enum(['free', 'starter', 'smb', 'agency']),
  brands: ZUsage,
  subscription: z
    .object({
      status: z.enum(subscriptionStatuses),
      cancelAtPeriodEnd: z.boolean(),
      type: z.enum(['starter', 'subscription']),
      plan: z.object({
        key: z.enum(paidPlanKeys),
        name: z.string(),
        /** whole pounds */
        amount: z.number(),
        currency: z.string(),
        interval: z.enum(['one-time', 'month']),
      }),
      /** Starter: when access ends */
      expiryDate: z.string().nullable(),
      isExpired: z.boolean(),
      daysRemaining: z.number().nullable(),
      currentPeriodEnd: z.string().nullable(),
      trialEnd: z.string().nullable(),
      /** Agency's minimum commitment: whether cancelling is allowed yet, from when, and in how many days */
      canCancel: z.boolean(),
      canCancelAt: z.string().nullable(),
      remainingDays: z.number().nullable(),
    })
    .nullable(),
  usage: z.object({ audits: ZUsage, insights: ZUsage, competitors: ZUsage }),
  /**
   * Set for an agency team member: the agency's workspace they work in, whose plan and limits
   * apply to what they do there (its billing is the agency owner's). The fields above stay the
   * member's own account, whose billing stays theirs.
   */
  workspace: z
    .object({
      agency: z.object({ name: z.string(), email: z.string() }),
      planType: z.enum(['free', 'starter', 'smb', 'agency']),
      brands: ZUsage,
      usage: z.object({ audits: ZUsage, insights: ZUsage, competitors: ZUsage }),
    })
    .nullable(),
});
export type TSubscriptionDetails = z.infer<typeof ZSubscriptionDetails>;

export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;
