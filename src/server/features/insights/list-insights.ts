import { desc, eq } from 'drizzle-orm';
import type { TInsight } from '../../../shared/schemas/insights.ts';
import { competitors, consumerInsights } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { toInsight } from './insight-dto.ts';

/**
 * A brand's consumer insights, newest first by the date each was collected (a feed item keeps its
 * own date). Open on every plan: an account whose plan no longer includes consumer insights
 * still reads what it collected.
 */
export async function listInsights(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, brandId }: { actor: Actor; brandId: string },
): Promise<TInsight[]> {
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  const rows = await ctx.db
    .select({ insight: consumerInsights, competitorName: competitors.name })
    .from(consumerInsights)
    .leftJoin(competitors, eq(competitors.id, consumerInsights.competitorId))
    .where(eq(consumerInsights.brandId, brand.id))
    .orderBy(desc(consumerInsights.collectedAt), desc(consumerInsights.createdAt));
  return rows.map((row) => toInsight(row.insight, row.competitorName));
}
