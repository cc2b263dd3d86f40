import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { plans, TRIAL_DAYS } from '../../../shared/plans.ts';
import {
  planChangeRequiredMessage,
  type TGetOrCreateSubscriptionRequest,
  type TGetOrCreateSubscriptionResponse,
} from '../../../shared/schemas/billing.ts';
import { subscriptions } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import type { ProviderSubscription } from '../../integrations/billing-provider.ts';
import { type BillingDeps, fromProvider } from './billing-deps.ts';
import { ensureCustomer } from './ensure-customer.ts';
import { grantingSubscriptionOf } from './recompute-plan.ts';
import type { SubscriptionRow } from './sync-subscription.ts';

type Reply = TGetOrCreateSubscriptionResponse;

const checkoutOf = (remote: ProviderSubscription): Reply | null =>
  remote.pendingIntent && (remote.status === 'trialing' || remote.status === 'incomplete')
    ? {
        clientSecret: remote.pendingIntent.clientSecret,
        intentKind: remote.pendingIntent.kind,
        alreadySubscribed: false,
      }
    : null;

/** A subscription started on an earlier visit whose card was never confirmed. */
async function unconfirmedSubscriptionOf(deps: BillingDeps, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await deps.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.provider, deps.provider.kind),
        isNull(subscriptions.confirmedAt),
        inArray(subscriptions.status, ['incomplete', 'trialing']),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * An earlier unconfirmed checkout: its form again when it is for the same plan and still open;
 * otherwise it is ended at the provider (so no unpaid subscription lingers) and forgotten. A row
 * whose provider call never answered is retried with the same idempotency key, which finds the
 * subscription if the provider did make it.
 */
async function resumeOrAbandon(
  deps: BillingDeps,
  row: SubscriptionRow,
  plan: TGetOrCreateSubscriptionRequest['plan'],
): Promise<{ reply: Reply } | { retryRow: SubscriptionRow } | null> {
  if (!row.providerSubscriptionId) {
    if (row.plan === plan) return { retryRow: row };
  } else {
    const remote = await fromProvider(deps.provider.retrieveSubscription(row.providerSubscriptionId));
    const open = remote ? checkoutOf(remote) : null;
    if (remote && open && row.plan === plan) return { reply: open };
    if (remote && remote.status !== 'canceled' && remote.status !== 'incomplete_expired') {
      await fromProvider(deps.provider.cancelNow(remote.id, `abandon:${row.id}`));
    }
  }
  await deps.db
    .update(subscriptions)
    .set({ status: 'canceled', endedAt: new Date() })
    .where(eq(subscriptions.id, row.id));
  return null;
}

/** One free trial per account: anyone who has confirmed a subscription before pays from the first month. */
async function hadSubscriptionBefore(deps: BillingDeps, userId: string): Promise<boolean> {
  const [earlier] = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.confirmedAt)))
    .limit(1);
  return Boolean(earlier);
}

/**
 * POST /api/get-or-create-subscription: the Payment Element's client secret for a monthly plan.
 * The same plan already held answers alreadySubscribed; another monthly plan held answers SPEC's
 * 'cancel your current subscription first'. The customer is made once; the subscription starts
 * with the free trial (a setup intent saves the card), or without one for a returning subscriber.
 */
export async function getOrCreateSubscription(
  deps: BillingDeps,
  { actor, input }: { actor: Actor; input: TGetOrCreateSubscriptionRequest },
): Promise<Reply> {
  const userId = actor.user.id;
  const current = await grantingSubscriptionOf(deps.db, userId);
  if (current?.plan === input.plan) {
    return {
      clientSecret: null,
      intentKind: 'setup',
      alreadySubscribed: true,
      message: `You already have an active ${plans[input.plan].name} subscription.`,
    };
  }
  if (current) throw new AppError('conflict', planChangeRequiredMessage(current.plan, input.plan));

  const earlier = await unconfirmedSubscriptionOf(deps, userId);
  const resumed = earlier ? await resumeOrAbandon(deps, earlier, input.plan) : null;
  if (resumed && 'reply' in resumed) return resumed.reply;

  const trialDays = (await hadSubscriptionBefore(deps, userId)) ? 0 : TRIAL_DAYS;
  const customerId = await ensureCustomer(deps, actor.user);
  const row =
    resumed?.retryRow ??
    (
      await deps.db
        .insert(subscriptions)
        .values({ userId, plan: input.plan, provider: deps.provider.kind, status: 'incomplete' })
        .returning()
    )[0];
  if (!row) throw new Error('The subscription record was not stored');
  const remote = await fromProvider(
    deps.provider.createSubscription(
      { customerId, plan: input.plan, trialDays, metadata: { userId, plan: input.plan, subscriptionRowId: row.id } },
      `subscription:${row.id}`,
    ),
  );
  await deps.db
    .update(subscriptions)
    .set({
      providerSubscriptionId: remote.id,
      status: remote.status === 'trialing' ? 'trialing' : 'incomplete',
      trialEnd: remote.trialEnd,
      currentPeriodEnd: remote.currentPeriodEnd,
      startedAt: remote.startedAt,
      pendingIntentId: remote.pendingIntent?.id ?? null,
      pendingIntentKind: remote.pendingIntent?.kind ?? null,
    })
    .where(eq(subscriptions.id, row.id));
  const checkout = checkoutOf(remote);
  if (!checkout)
    throw new AppError('upstream_failed', 'The payment provider did not return a payment form. Please try again.');
  return checkout;
}
