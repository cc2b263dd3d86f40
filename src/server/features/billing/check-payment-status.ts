import { and, eq } from 'drizzle-orm';
import { formatBillingDate } from '../../../shared/billing-dates.ts';
import { formatPlanPrice, plans } from '../../../shared/plans.ts';
import type {
  TCheckPaymentStatusRequest,
  TCheckPaymentStatusResponse,
  TPaymentStatus,
} from '../../../shared/schemas/billing.ts';
import { payments, subscriptions } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import type { ProviderIntentStatus } from '../../integrations/billing-provider.ts';
import { type BillingDeps, fromProvider } from './billing-deps.ts';
import { starterAccessEndsAt } from './plan-limits.ts';
import { applyPaymentState } from './sync-payment-intent.ts';
import { syncSetupIntent } from './sync-setup-intent.ts';
import { syncSubscription } from './sync-subscription.ts';

const PENDING_MESSAGE = 'Your payment is being processed. We will e-mail you a confirmation as soon as it is complete.';
const FAILED_MESSAGE = 'Your payment did not go through. No money was taken.';

function resultOf(status: ProviderIntentStatus): TPaymentStatus {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'processing') return 'processing';
  return 'failed';
}

const paymentNotFound = () => notFound('Payment not found');

/** A Starter payment, verified with the provider and applied, as the payment result screen reads it. */
async function starterPaymentStatus(
  deps: BillingDeps,
  actor: Actor,
  intentId: string,
): Promise<TCheckPaymentStatusResponse | null> {
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.providerPaymentIntentId, intentId), eq(payments.userId, actor.user.id)));
  if (!payment) return null;
  const intent = await fromProvider(deps.provider.retrievePaymentIntent(intentId));
  if (!intent) throw paymentNotFound();
  const row = await applyPaymentState(deps, payment, intent);
  const status = resultOf(intent.status);
  const until = starterAccessEndsAt(row.succeededAt ?? new Date());
  const message = {
    succeeded: `You now have full access to Brandlens for 1 brand until ${formatBillingDate(until)}.`,
    processing: PENDING_MESSAGE,
    failed: intent.lastError ?? FAILED_MESSAGE,
  }[status];
  return { status, plan: 'starter', amount: payment.amount / 100, message, trialEnd: null };
}

/** A subscription's checkout (its trial's card, or its first payment), verified and applied. */
async function subscriptionCheckoutStatus(
  deps: BillingDeps,
  actor: Actor,
  intentId: string,
  kind: 'payment' | 'setup',
): Promise<TCheckPaymentStatusResponse | null> {
  const [local] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.pendingIntentId, intentId), eq(subscriptions.userId, actor.user.id)));
  if (!local?.providerSubscriptionId) return null;
  const intent =
    kind === 'setup'
      ? await fromProvider(deps.provider.retrieveSetupIntent(intentId))
      : await fromProvider(deps.provider.retrievePaymentIntent(intentId));
  if (!intent) throw paymentNotFound();
  await fromProvider(
    kind === 'setup' ? syncSetupIntent(deps, intentId) : syncSubscription(deps, local.providerSubscriptionId),
  );
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, local.id));
  const plan = plans[local.plan];
  const trialEnd = row?.status === 'trialing' ? (row.trialEnd ?? null) : null;
  const status = resultOf(intent.status);
  const active = trialEnd
    ? `Your ${plan.name} subscription is now active. Your free trial ends on ${formatBillingDate(trialEnd)}, when your card is first charged ${formatPlanPrice(plan)}.`
    : `Your ${plan.name} subscription is now active.`;
  const message = { succeeded: active, processing: PENDING_MESSAGE, failed: intent.lastError ?? FAILED_MESSAGE }[
    status
  ];
  return { status, plan: local.plan, amount: plan.price, message, trialEnd: trialEnd?.toISOString() ?? null };
}

/**
 * POST /api/check-payment-status: what became of a checkout, asked of the provider (the address's
 * redirect_status is never trusted) and applied at once, so the plan is in place even before the
 * provider's webhook arrives. An intent that is not this account's is a 404.
 */
export async function checkPaymentStatus(
  deps: BillingDeps,
  { actor, input }: { actor: Actor; input: TCheckPaymentStatusRequest },
): Promise<TCheckPaymentStatusResponse> {
  if (input.paymentIntentId) {
    const result =
      (await starterPaymentStatus(deps, actor, input.paymentIntentId)) ??
      (await subscriptionCheckoutStatus(deps, actor, input.paymentIntentId, 'payment'));
    if (result) return result;
  } else if (input.setupIntentId) {
    const result = await subscriptionCheckoutStatus(deps, actor, input.setupIntentId, 'setup');
    if (result) return result;
  }
  throw paymentNotFound();
}
