import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { User } from '../users/upsert-user-by-email.ts';
import { type BillingDeps, fromProvider } from './billing-deps.ts';

/**
 * The account's customer at the payment provider, made once. The request's idempotency key is the
 * account's, so a retry after a lost answer finds the customer made the first time. A customer id
 * from another provider (demo billing before Stripe was connected) is replaced.
 */
export async function ensureCustomer(deps: BillingDeps, user: User): Promise<string> {
  const [current] = await deps.db.select().from(users).where(eq(users.id, user.id));
  const known = current?.stripeCustomerId;
  if (known && deps.provider.ownsId(known)) return known;
  const name = [current?.firstName, current?.lastName].filter(Boolean).join(' ') || null;
  const customer = await fromProvider(
    deps.provider.createCustomer(
      { userId: user.id, email: current?.email ?? user.email, name },
      `customer:${user.id}:${deps.provider.kind}`,
    ),
  );
  await deps.db.update(users).set({ stripeCustomerId: customer.id }).where(eq(users.id, user.id));
  return customer.id;
}
