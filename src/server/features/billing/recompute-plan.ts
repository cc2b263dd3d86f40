import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { type PlanKey, plans } from '../../../shared/plans.ts';
import type { Database } from '../../db/client.ts';
import { payments, subscriptions, users } from '../../db/schema/index.ts';

/** Subscription states that keep the plan: in its trial, paid, or a renewal being retried. */
export const grantingStatuses = ['trialing', 'active', 'past_due'] as const;

/** The subscription that gives an account its plan now: confirmed and not ended, the newest first. */
export async function grantingSubscriptionOf(db: Database, userId: string) {
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        isNotNull(subscriptions.confirmedAt),
        inArray(subscriptions.status, [...grantingStatuses]),
      ),
    )
    .orderBy(desc(subscriptions.startedAt), desc(subscriptions.createdAt))
    .limit(1);
  return subscription ?? null;
}

/** The account's latest Starter purchase that went through. */
export async function latestStarterPurchaseOf(db: Database, userId: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.plan, 'starter'), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.succeededAt))
    .limit(1);
  return payment ?? null;
}

/**
 * Sets an account's plan from its billing records, so the order events arrive in never matters:
 * a confirmed monthly subscription gives its plan; else a Starter purchase gives Starter (its 30
 * days are checked on every guarded action); else the account is free. Going back to free deletes
 * nothing: what is over the free limits becomes read-only (features/billing/plan-limits.ts).
 * Returns the plan before and after.
 */
export async function recomputePlan(db: Database, userId: string): Promise<{ before: PlanKey; after: PlanKey }> {
  const [user] = await db.select({ planType: users.planType }).from(users).where(eq(users.id, userId));
  const before = user?.planType ?? 'free';
  const subscription = await grantingSubscriptionOf(db, userId);
  if (subscription) {
    await db
      .update(users)
      .set({
        planType: subscription.plan,
        maxBrands: plans[subscription.plan].limits.brands,
        stripeSubscriptionId: subscription.providerSubscriptionId,
      })
      .where(eq(users.id, userId));
    return { before, after: subscription.plan };
  }
  const starter = await latestStarterPurchaseOf(db, userId);
  const after: PlanKey = starter ? 'starter' : 'free';
  await db
    .update(users)
    .set({
      planType: after,
      maxBrands: plans[after].limits.brands,
      stripeSubscriptionId: null,
      ...(starter ? { starterPurchaseDate: starter.succeededAt } : {}),
    })
    .where(eq(users.id, userId));
  return { before, after };
}
