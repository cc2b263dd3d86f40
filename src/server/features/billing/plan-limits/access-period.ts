import { accessEndedMessage } from '../../../../shared/plan-messages.ts';
import { plans } from '../../../../shared/plans.ts';
import { AppError } from '../../../http/errors.ts';
import type { Owner } from './owner.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type PeriodFields = Pick<Owner, 'planType' | 'starterPurchaseDate' | 'createdAt'>;

/**
 * A plan with an access period (Starter: 30 days from purchase): when it started and when it ends.
 * Null for plans without one. The period is computed from the purchase date on every check, so it
 * ends on time whether or not anything has run since.
 */
export function accessPeriodOf(owner: PeriodFields): { since: Date; endsAt: Date } | null {
  const { accessDays } = plans[owner.planType].limits;
  if (accessDays === null) return null;
  const since = owner.starterPurchaseDate ?? owner.createdAt;
  return { since, endsAt: new Date(since.getTime() + accessDays * DAY_MS) };
}

/** When Starter access bought at `purchasedAt` ends: the same rule as accessPeriodOf, for a purchase. */
export function starterAccessEndsAt(purchasedAt: Date): Date {
  const period = accessPeriodOf({ planType: 'starter', starterPurchaseDate: purchasedAt, createdAt: purchasedAt });
  if (!period) throw new Error('The Starter plan has no access period');
  return period.endsAt;
}

/** When the owner's access period ended; null while it runs, or when the plan has none. */
export function accessEndedAt(owner: PeriodFields, now = new Date()): Date | null {
  const period = accessPeriodOf(owner);
  return period && period.endsAt.getTime() < now.getTime() ? period.endsAt : null;
}

/**
 * Refuses work once the plan's access period is over (403 plan_limit), saying when it ended and
 * what upgrading would let the account do ("run more audits").
 */
export function assertAccessNotEnded(owner: PeriodFields, toDoMore: string): void {
  const endedAt = accessEndedAt(owner);
  if (endedAt) throw new AppError('plan_limit', accessEndedMessage(owner.planType, endedAt, toDoMore));
}
