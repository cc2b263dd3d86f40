import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditReports, audits, brands } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';

/** The audit with its brand and report, if the actor may see it; 404 otherwise. */
export async function getAuditOrThrow(db: Database, actor: Actor, auditId: string) {
  const [row] = await db
    .select({ audit: audits, brand: brands, report: auditReports })
    .from(audits)
    .innerJoin(brands, eq(brands.id, audits.brandId))
    .leftJoin(auditReports, eq(auditReports.auditId, audits.id))
    .where(and(eq(audits.id, auditId), ownedBy(actor, audits.userId)));
  if (!row) throw notFound('Audit not found');
  return row;
}
