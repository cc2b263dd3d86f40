import { and, desc, eq, inArray } from 'drizzle-orm';
import { formatBillingDate } from '../../../shared/billing-dates.ts';
import { plans } from '../../../shared/plans.ts';
import { planChangeRequiredMessage } from '../../../shared/schemas/billing.ts';
import { payments } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import type { ProviderPaymentIntent } from '../../integrations/billing-provider.ts';
import { type BillingDeps, fromProvider } from './billing-deps.ts';
import { ensureCustomer } from './ensure-customer.ts';
import { starterAccessEndsAt } from './plan-limits.ts';
import { grantingSubscriptionOf, latestStarterPurchaseOf } from './recompute-plan.ts';

const STARTER_PENCE = plans.starter.price * 100;
const reusable = new Set<ProviderPaymentIntent['status']>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

/** Starter is bought once per 30 days, and not on top of a monthly plan. */
async function assertStarterCanBeBought(deps: BillingDeps, userId: string): Promise<void> {
  const subscription = await grantingSubscriptionOf(deps.db, userId);
  if (subscription) throw new AppError('conflict', planChangeRequiredMessage(subscription.plan, 'starter'));
  const purchase = await latestStarterPurchaseOf(deps.db, userId);
  if (purchase?.succeededAt) {
    const endsAt = starterAccessEndsAt(purchase.succeededAt);
    if (endsAt.getTime() > Date.now()) {
      throw new AppError(
        'conflict',
        `Your Starter access already runs until ${formatBillingDate(endsAt)}. To add brands or keep going after then, choose SMB or Agency.`,
      );
    }
  }
}

/**
 * POST /api/create-payment-intent: the one-off Starter payment. The amount is the server's (the
 * request's is checked against it by the schema). An unfinished payment from an earlier visit is
 * offered again rather than a second one made; a new one is recorded before the provider is
 * called, and its id is the provider request's idempotency key, so a retry after a lost answer
 * finds the same payment.
 */
export async function startStarterPayment(deps: BillingDeps, { actor }: { actor: Actor }) {
  const userId = actor.user.id;
  await assertStarterCanBeBought(deps, userId);
  const [open] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.plan, 'starter'),
        eq(payments.provider, deps.provider.kind),
        inArray(payments.status, ['requires_payment', 'failed']),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (open?.providerPaymentIntentId) {
    const intent = await fromProvider(deps.provider.retrievePaymentIntent(open.providerPaymentIntentId));
    if (intent && reusable.has(intent.status)) return { clientSecret: intent.clientSecret };
  }
  const payment =
    open && !open.providerPaymentIntentId
      ? open
      : (
          await deps.db
            .insert(payments)
            .values({
              userId,
              plan: 'starter',
              amount: STARTER_PENCE,
              currency: 'gbp',
              status: 'requires_payment',
              provider: deps.provider.kind,
            })
            .returning()
        )[0];
  if (!payment) throw new Error('The payment record was not stored');
  const customerId = await ensureCustomer(deps, actor.user);
  const intent = await fromProvider(
    deps.provider.createPaymentIntent(
      {
        customerId,
        amount: STARTER_PENCE,
        currency: 'gbp',
        description: `Brandlens ${plans.starter.name}: ${plans.starter.includesText}`,
        metadata: { userId, plan: 'starter', paymentId: payment.id },
      },
      `starter:${payment.id}`,
    ),
  );
  await deps.db.update(payments).set({ providerPaymentIntentId: intent.id }).where(eq(payments.id, payment.id));
  return { clientSecret: intent.clientSecret };
}
