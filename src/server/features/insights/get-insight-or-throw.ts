import { and, eq } from 'drizzle-orm';
import type { TInsight } from '../../../shared/schemas/insights.ts';
import type { Database } from '../../db/client.ts';
import { competitors, consumerInsights } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { type InsightRow, insightColumns, toInsight } from './insight-dto.ts';

export async function getInsightOrThrow(db: Database, actor: Actor, insightId: string): Promise<InsightRow> {
  const [insight] = await db
    .select(insightColumns)
    .from(consumerInsights)
    .where(and(eq(consumerInsights.id, insightId), ownedBy(actor, consumerInsights.userId)));
  if (!insight) throw notFound('Insight not found');
  return insight;
}

/** A row just changed, as the API returns it: with the name of the competitor it is about. */
export async function insightWithCompetitorName(db: Database, row: InsightRow): Promise<TInsight> {
  const [competitor] = row.competitorId
    ? await db.select({ name: competitors.name }).from(competitors).where(eq(competitors.id, row.competitorId))
    : [];
  return toInsight(row, competitor?.name ?? null);
}
