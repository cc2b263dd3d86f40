import { eq } from 'drizzle-orm';
import { brands, users } from '../../db/schema/index.ts';
import { type QueueEmailDeps, queueEmail } from '../../emails/queue-email.ts';
import { scoreDropOf } from './score-drop.ts';
import { SCORE_DROP_EMAIL_KIND } from './score-drop-email.ts';

/**
 * Queues the score-drop e-mail to the brand's owner when a completed audit scored 5 or more points
 * below the brand's previous one and their "audit complete" notification is on. Keyed by the audit,
 * so a retried job never sends a second message. Returns whether a message was queued (or already was).
 */
export async function queueScoreDropEmail(deps: QueueEmailDeps, auditId: string): Promise<boolean> {
  const drop = await scoreDropOf(deps.db, auditId);
  if (!drop) return false;
  const [owner] = await deps.db
    .select({ id: users.id, email: users.email, notify: users.notifyAuditComplete })
    .from(brands)
    .innerJoin(users, eq(users.id, brands.userId))
    .where(eq(brands.id, drop.audit.brandId));
  if (!owner?.notify) return false;
  await queueEmail(deps, {
    userId: owner.id,
    idempotencyKey: auditId,
    kind: SCORE_DROP_EMAIL_KIND,
    params: { auditId, previousAuditId: drop.previous.id, userId: owner.id },
    recipients: [owner.email],
  });
  return true;
}
