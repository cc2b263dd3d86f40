import { eq } from 'drizzle-orm';
import { audits, brands, users } from '../../db/schema/index.ts';
import { type QueueEmailDeps, queueEmail } from '../../emails/queue-email.ts';
import { AUDIT_COMPLETE_EMAIL_KIND } from './audit-complete-email.ts';

/**
 * Queues the "audit complete" e-mail to the brand's owner when their notification is on. Keyed by
 * the audit, so a retried job that completes the same audit again never sends a second message.
 * Returns whether a message was queued (or already was).
 */
export async function queueAuditCompleteEmail(deps: QueueEmailDeps, auditId: string): Promise<boolean> {
  const [owner] = await deps.db
    .select({ id: users.id, email: users.email, notify: users.notifyAuditComplete, status: audits.status })
    .from(audits)
    .innerJoin(brands, eq(brands.id, audits.brandId))
    .innerJoin(users, eq(users.id, brands.userId))
    .where(eq(audits.id, auditId));
  if (owner?.status !== 'completed' || !owner.notify) return false;
  await queueEmail(deps, {
    userId: owner.id,
    idempotencyKey: auditId,
    kind: AUDIT_COMPLETE_EMAIL_KIND,
    params: { auditId, userId: owner.id },
    recipients: [owner.email],
  });
  return true;
}
