import { asc, count, desc, eq } from 'drizzle-orm';
import type { TCompetitorWithCounts } from '../../../shared/schemas/competitors.ts';
import { adLibraryEntries, competitors } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { toCompetitorWithCounts } from './competitor-dto.ts';
import { getTrackedBrandOrThrow } from './tracked-brand.ts';

/**
 * A brand's competitors in the order they were added, each with its count of ads in the library;
 * the brand's own row (its own ads), if it has one, first.
 */
export async function listCompetitors(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, brandId }: { actor: Actor; brandId: string },
): Promise<TCompetitorWithCounts[]> {
  const brand = await getTrackedBrandOrThrow(ctx.db, actor, brandId);
  const rows = await ctx.db
    .select({ competitor: competitors, adCount: count(adLibraryEntries.id) })
    .from(competitors)
    .leftJoin(adLibraryEntries, eq(adLibraryEntries.competitorId, competitors.id))
    .where(eq(competitors.brandId, brand.id))
    .groupBy(competitors.id)
    .orderBy(desc(competitors.isOwnBrand), asc(competitors.createdAt), asc(competitors.name));
  return rows.map((row) => toCompetitorWithCounts(row.competitor, row.adCount));
}
