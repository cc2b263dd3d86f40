import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { queueEmail } from '../../emails/queue-email.ts';
import type { BillingDeps } from './billing-deps.ts';

/**
 * Queues the confirmation e-mail of a purchase once per occasion (a payment or a subscription's id):
 * an event delivered twice finds the message already queued. Without background work running,
 * the confirmation is skipped and logged; the purchase itself stands.
 */
export async function queueBillingConfirmation(
  deps: BillingDeps,
  input: {
    userId: string;
    occasion: string;
    plan: 'starter' | 'smb' | 'agency';
    amount: number;
    accessUntil: Date | null;
    trialEnd: Date | null;
  },
): Promise<void> {
  if (!deps.queue) {
    deps.logger.warn({ occasion: input.occasion }, 'billing confirmation not sent: background work is not running');
    return;
  }
  const [user] = await deps.db.select().from(users).where(eq(users.id, input.userId));
  if (!user) return;
  await queueEmail(deps, {
    userId: user.id,
    idempotencyKey: input.occasion,
    kind: 'billing-confirmation',
    params: {
      plan: input.plan,
      amount: input.amount,
      accessUntil: input.accessUntil?.toISOString() ?? null,
      trialEnd: input.trialEnd?.toISOString() ?? null,
      firstName: user.firstName,
    },
    recipients: [user.email],
  });
}
