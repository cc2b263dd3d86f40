import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TRecommendation } from '../../../shared/schemas/audits.ts';
import type { TActionItem, TGenerateActionsResponse } from '../../../shared/schemas/recommendations.ts';
import type { Database } from '../../db/client.ts';
import { actionItems, audits, brands } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { changeableBrandsOf } from '../billing/plan-limits.ts';
import { toActionItemDto } from './action-item-dto.ts';

type SourceAudit = {
  id: string;
  brandId: string;
  userId: string;
  brandName: string;
  recommendations: TRecommendation[];
};

/** The latest completed audit of each brand the actor can see. */
async function latestCompletedAudits(db: Database, actor: Actor): Promise<SourceAudit[]> {
  const rows = await db
    .select({
      id: audits.id,
      brandId: audits.brandId,
      userId: audits.userId,
      brandName: brands.name,
      recommendations: audits.recommendations,
    })
    .from(audits)
    .innerJoin(brands, eq(brands.id, audits.brandId))
    .where(and(ownedBy(actor, audits.userId), eq(audits.status, 'completed')))
    .orderBy(desc(audits.createdAt));
  const latest = new Map<string, SourceAudit>();
  for (const row of rows) {
    if (!latest.has(row.brandId))
      latest.set(row.brandId, { ...row, recommendations: row.recommendations as TRecommendation[] });
  }
  return [...latest.values()];
}

/**
 * The audits whose brands their owners' plans let change now: a read-only brand (beyond the plan's
 * brands, or after a Starter plan's days) gets no new items; with none left, the plan's refusal.
 */
async function changeableAudits(db: Database, audited: SourceAudit[]): Promise<SourceAudit[]> {
  const brandsOfAudits = audited.map((audit) => ({ id: audit.brandId, userId: audit.userId, name: audit.brandName }));
  const changeable = new Set((await changeableBrandsOf(db, brandsOfAudits)).map((brand) => brand.id));
  return audited.filter((audit) => changeable.has(audit.brandId));
}

/**
 * Turns audit recommendations into to-do items. Running it again adds nothing already open for the
 * brand, and nothing already done for the same audit; a later audit that still finds a problem
 * brings its item back. Without `sources`, every brand the plan lets change; a caller giving
 * sources (generateRecommendations, for one audit) has checked the plan itself.
 */
export async function generateActionItems(
  db: Database,
  actor: Actor,
  sources?: SourceAudit[],
): Promise<TGenerateActionsResponse> {
  const audited = sources ?? (await changeableAudits(db, await latestCompletedAudits(db, actor)));
  if (audited.length === 0) return { created: 0, items: [] };
  const existing = await db
    .select({
      brandId: actionItems.brandId,
      auditId: actionItems.auditId,
      title: actionItems.title,
      status: actionItems.status,
    })
    .from(actionItems)
    .where(
      inArray(
        actionItems.brandId,
        audited.map((audit) => audit.brandId),
      ),
    );
  const taken = new Set(
    existing.flatMap((item) => [
      ...(item.status === 'pending' ? [`open:${item.brandId}:${item.title}`] : []),
      `audit:${item.auditId}:${item.title}`,
    ]),
  );
  const created: TActionItem[] = [];
  for (const audit of audited) {
    const values = audit.recommendations
      .filter((recommendation) => {
        const open = `open:${audit.brandId}:${recommendation.title}`;
        const done = `audit:${audit.id}:${recommendation.title}`;
        if (taken.has(open) || taken.has(done)) return false;
        taken.add(open);
        return true;
      })
      .map((recommendation) => ({
        userId: audit.userId,
        brandId: audit.brandId,
        auditId: audit.id,
        title: recommendation.title.slice(0, 300),
        description: recommendation.description,
        category: recommendation.category,
        priority: recommendation.priority,
      }));
    if (values.length === 0) continue;
    // A generation running at the same time may have added some: the open-title index skips them.
    const rows = await db.insert(actionItems).values(values).onConflictDoNothing().returning();
    created.push(...rows.map((row) => toActionItemDto(row, audit.brandName)));
  }
  return { created: created.length, items: created };
}

export function sourceAuditOf(
  audit: { id: string; brandId: string; userId: string; recommendations: unknown },
  brandName: string,
): SourceAudit {
  return { ...audit, brandName, recommendations: audit.recommendations as TRecommendation[] };
}
