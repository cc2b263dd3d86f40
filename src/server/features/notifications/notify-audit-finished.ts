import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { audits, brands } from '../../db/schema/index.ts';
import { recordNotification } from './record-notification.ts';

/**
 * Tells whoever may see the audit's brand in the bell that it finished: its score when it
 * completed, the reason when it failed. An audit still processing (or gone) adds nothing. Safe to
 * call again.
 */
export async function notifyAuditFinished(db: Database, auditId: string): Promise<void> {
  const [row] = await db
    .select({
      brandId: brands.id,
      brandOwnerId: brands.userId,
      status: audits.status,
      overallScore: audits.overallScore,
      failureReason: audits.failureReason,
      brandName: brands.name,
    })
    .from(audits)
    .innerJoin(brands, eq(brands.id, audits.brandId))
    .where(eq(audits.id, auditId));
  if (!row || (row.status !== 'completed' && row.status !== 'failed')) return;
  const completed = row.status === 'completed';
  await recordNotification(db, {
    brandId: row.brandId,
    userId: row.brandOwnerId,
    kind: completed ? 'audit-completed' : 'audit-failed',
    subjectId: auditId,
    title: completed ? `Audit complete: ${row.brandName}` : `Audit failed: ${row.brandName}`,
    body: completed
      ? `Overall score ${row.overallScore} out of 100.`
      : (row.failureReason ?? 'The audit could not be completed.'),
    link: `/audit-results/${auditId}`,
  });
}
