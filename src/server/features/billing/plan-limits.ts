import { and, count, eq, gte, ne } from 'drizzle-orm';
import { plans } from '../../../shared/plans.ts';
import type { Database } from '../../db/client.ts';
import { audits, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * Free: one audit ever. Starter: five audits within 30 days of purchase. SMB and Agency: unlimited.
 * The plan is the brand owner's: audits are stored and counted under that account.
 */
export async function assertCanStartAudit(db: Database, ownerId: string): Promise<void> {
  const [owner] = await db.select().from(users).where(eq(users.id, ownerId));
  if (!owner) throw new AppError('not_found', 'Brand not found');
  const plan = plans[owner.planType];
  let since: Date | null = null;
  if (plan.limits.accessDays !== null) {
    since = owner.starterPurchaseDate ?? owner.createdAt;
    const endsAt = new Date(since.getTime() + plan.limits.accessDays * DAY_MS);
    if (endsAt.getTime() < Date.now()) {
      throw new AppError(
        'plan_limit',
        `Your ${plan.name} access ended on ${dateFormat.format(endsAt)}. Upgrade your plan to run more audits.`,
      );
    }
  }
  if (plan.limits.audits === null) return;
  const conditions = [eq(audits.userId, owner.id), ne(audits.status, 'failed')];
  if (since) conditions.push(gte(audits.createdAt, since));
  const [used] = await db
    .select({ value: count() })
    .from(audits)
    .where(and(...conditions));
  if ((used?.value ?? 0) >= plan.limits.audits) {
    const noun = plan.limits.audits === 1 ? 'audit' : 'audits';
    throw new AppError(
      'plan_limit',
      `Your ${plan.name} plan includes ${plan.limits.audits} ${noun}. Upgrade your plan to run more audits.`,
    );
  }
}
