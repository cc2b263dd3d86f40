import { and, count, eq } from 'drizzle-orm';
import type { TAuditListQuery, TAuditSummary } from '../../../shared/schemas/audits.ts';
import type { Database } from '../../db/client.ts';
import { audits, brands } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { newestFirst } from '../../http/newest-first.ts';
import { type Page, pageOf } from '../../http/paging.ts';
import { toAuditSummary } from './audit-dto.ts';

const order = newestFirst(audits.createdAt, audits.id);

/** GET /api/audits: one page of the audits of every brand the actor may see, newest first. */
export async function listAudits(
  db: Database,
  { actor, input }: { actor: Actor; input: TAuditListQuery },
): Promise<Page<TAuditSummary>> {
  const visible = ownedBy(actor, audits.userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ audit: audits, brandName: brands.name, pageAt: order.at })
      .from(audits)
      .innerJoin(brands, eq(brands.id, audits.brandId))
      .where(and(visible, order.after(input.cursor)))
      .orderBy(...order.orderBy)
      .limit(input.limit + 1),
    db.select({ value: count() }).from(audits).innerJoin(brands, eq(brands.id, audits.brandId)).where(visible),
  ]);
  return pageOf(
    rows,
    input.limit,
    total?.value ?? 0,
    (row) => order.keyOf({ pageAt: row.pageAt, id: row.audit.id }),
    (row) => toAuditSummary(row.audit, row.brandName),
  );
}
