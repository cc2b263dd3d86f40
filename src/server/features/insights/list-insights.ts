import { and, desc, eq } from 'drizzle-orm';
import type { TInsight } from '../../../shared/schemas/insights.ts';
import { competitors, consumerInsights } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { toInsight } from './insight-dto.ts';

/**
 * A brand's consumer insights, newest first by the date each was collected (a feed item keeps its
 * own date): those about the brand and its competitors by default, or (`filtered`) those filtered
 * out as not about them, by their relevance score or by a person's flag. Open on every plan: an
 * account whose plan no longer includes consumer insights still reads what it collected.
 */
export async function listInsights(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, brandId, relevance = 'relevant' }: { actor: Actor; brandId: string; relevance?: 'relevant' | 'filtered' },
): Promise<TInsight[]> {
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  const rows = await ctx.db
    .select({ insight: consumerInsights, competitorName: competitors.name })
    .from(consumerInsights)
    .leftJoin(competitors, eq(competitors.id, consumerInsights.competitorId))
    .where(and(eq(consumerInsights.brandId, brand.id), eq(consumerInsights.isRelevant, relevance === 'relevant')))
    .orderBy(desc(consumerInsights.collectedAt), desc(consumerInsights.createdAt));
  return rows.map((row) => toInsight(row.insight, row.competitorName));
}
