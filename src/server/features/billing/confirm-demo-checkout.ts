import { and, eq } from 'drizzle-orm';
import type { TDemoCheckoutRequest, TDemoCheckoutResponse } from '../../../shared/schemas/billing.ts';
import { payments, subscriptions } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import type { DemoBilling } from '../../integrations/demo-billing/demo-billing.ts';
import { intentIdOfSecret } from '../../integrations/demo-billing/demo-billing.ts';
import { advanceDemoClock, confirmDemoIntent } from '../../integrations/demo-billing/demo-events.ts';
import { applyBillingEvent } from './apply-billing-event.ts';
import type { BillingDeps } from './billing-deps.ts';

/** Whether the intent behind a client secret is one of this account's checkouts. */
async function isOwnCheckout(deps: BillingDeps, actor: Actor, intentId: string): Promise<boolean> {
  const [payment] = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.providerPaymentIntentId, intentId), eq(payments.userId, actor.user.id)));
  if (payment) return true;
  const [subscription] = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, actor.user.id), eq(subscriptions.pendingIntentId, intentId)));
  return Boolean(subscription);
}

/**
 * POST /api/demo-billing/confirm: the test checkout's card does what the user chose. The events it
 * causes are applied exactly as a provider's webhooks are, and the browser is sent to the same
 * payment result address a provider would send it to.
 */
export async function confirmDemoCheckout(
  deps: BillingDeps & { provider: DemoBilling },
  { actor, input }: { actor: Actor; input: TDemoCheckoutRequest },
): Promise<TDemoCheckoutResponse> {
  const intentId = intentIdOfSecret(input.clientSecret);
  if (!intentId || !(await isOwnCheckout(deps, actor, intentId))) throw notFound('Checkout not found');
  const result = await confirmDemoIntent(deps.provider, input.clientSecret, input.outcome);
  if (!result) throw notFound('This checkout has already been completed');
  for (const event of result.events) await applyBillingEvent(deps, event);
  const kind = result.intentKind === 'setup' ? 'setup_intent' : 'payment_intent';
  const query = new URLSearchParams({
    [kind]: result.intentId,
    [`${kind}_client_secret`]: input.clientSecret,
    redirect_status: result.redirectStatus,
  });
  return { returnUrl: `/payment-success?${query.toString()}` };
}

/** Demo billing's passing time (the advance-demo-billing job): due events applied as webhooks are. */
export async function runDemoClock(deps: BillingDeps & { provider: DemoBilling }, now = new Date()) {
  const events = await advanceDemoClock(deps.provider, now);
  for (const event of events) await applyBillingEvent(deps, event);
  return { events: events.length };
}
