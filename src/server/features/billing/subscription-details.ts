import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { addMonths, daysUntil } from '../../../shared/billing-dates.ts';
import { AGENCY_MINIMUM_COMMITMENT_MONTHS, plans } from '../../../shared/plans.ts';
import type { TSubscriptionDetails } from '../../../shared/schemas/billing.ts';
import type { Database } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { type Actor, isWorkspaceOwner } from '../../http/access.ts';
import { agencyOf } from '../team/agency-name.ts';
import { planUsageOf, starterAccessEndsAt } from './plan-limits.ts';
import { grantingSubscriptionOf, latestStarterPurchaseOf } from './recompute-plan.ts';
import type { SubscriptionRow } from './sync-subscription.ts';

type Details = NonNullable<TSubscriptionDetails['subscription']>;

/**
 * Agency's minimum commitment runs for 3 months from the first payment: cancelling is allowed from
 * then. Before the first payment (the free trial) there is no commitment yet, and null says so.
 */
export function cancellableFrom(subscription: Pick<SubscriptionRow, 'plan' | 'firstPaidAt'>): Date | null {
  if (subscription.plan !== 'agency' || !subscription.firstPaidAt) return null;
  return addMonths(subscription.firstPaidAt, AGENCY_MINIMUM_COMMITMENT_MONTHS);
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

function monthlyDetails(row: SubscriptionRow, now: Date): Details {
  const plan = plans[row.plan];
  const from = cancellableFrom(row);
  const canCancel = from === null || from.getTime() <= now.getTime();
  return {
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    type: 'subscription',
    plan: { key: row.plan, name: plan.name, amount: plan.price, currency: 'GBP', interval: 'month' },
    expiryDate: null,
    isExpired: false,
    daysRemaining: null,
    currentPeriodEnd: iso(row.currentPeriodEnd),
    trialEnd: row.status === 'trialing' ? iso(row.trialEnd) : null,
    canCancel,
    canCancelAt: iso(from),
    remainingDays: from && !canCancel ? daysUntil(from, now) : 0,
  };
}

function starterDetails(purchasedAt: Date, now: Date): Details {
  const plan = plans.starter;
  const expiry = starterAccessEndsAt(purchasedAt);
  const isExpired = expiry.getTime() <= now.getTime();
  return {
    status: isExpired ? 'expired' : 'active',
    cancelAtPeriodEnd: false,
    type: 'starter',
    plan: { key: 'starter', name: plan.name, amount: plan.price, currency: 'GBP', interval: 'one-time' },
    expiryDate: expiry.toISOString(),
    isExpired,
    daysRemaining: daysUntil(expiry, now),
    currentPeriodEnd: null,
    trialEnd: null,
    canCancel: false,
    canCancelAt: null,
    remainingDays: null,
  };
}

/** The account's last subscription that ended, shown as inactive with when it ended. */
async function endedSubscriptionOf(db: Database, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), isNotNull(subscriptions.confirmedAt)))
    .orderBy(desc(subscriptions.startedAt))
    .limit(1);
  return row ?? null;
}

/**
 * GET /api/subscription-details: the signed-in account's plan, its subscription or Starter purchase
 * (or the subscription that ended, when it is back on Free), and its usage against the plan's limits;
 * for a team member, also the agency workspace they work in (whose plan applies there).
 */
export async function subscriptionDetails(db: Database, { actor }: { actor: Actor }): Promise<TSubscriptionDetails> {
  const userId = actor.user.id;
  const now = new Date();
  const usage = await planUsageOf(db, userId);
  let subscription: Details | null = null;
  const granting = await grantingSubscriptionOf(db, userId);
  if (granting) subscription = monthlyDetails(granting, now);
  else if (usage.planType === 'starter') {
    const purchase = await latestStarterPurchaseOf(db, userId);
    const purchasedAt = purchase?.succeededAt ?? actor.user.starterPurchaseDate;
    if (purchasedAt) subscription = starterDetails(purchasedAt, now);
  } else if (usage.planType === 'free') {
    const ended = await endedSubscriptionOf(db, userId);
    if (ended) subscription = { ...monthlyDetails(ended, now), status: 'canceled', canCancel: false };
  }
  return {
    planType: usage.planType,
    brands: usage.brands,
    subscription,
    usage: { audits: usage.audits, insights: usage.insights, competitors: usage.competitors },
    workspace: await agencyWorkspaceOf(db, actor),
  };
}

/** A team member's agency workspace: its name, plan and usage; null in one's own account. */
async function agencyWorkspaceOf(db: Database, actor: Actor): Promise<TSubscriptionDetails['workspace']> {
  if (isWorkspaceOwner(actor)) return null;
  const agency = await agencyOf(db, actor.workspaceOwnerId);
  if (!agency) return null;
  const usage = await planUsageOf(db, actor.workspaceOwnerId);
  return {
    agency,
    planType: usage.planType,
    brands: usage.brands,
    usage: { audits: usage.audits, insights: usage.insights, competitors: usage.competitors },
  };
}
