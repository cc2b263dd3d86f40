import { and, count, countDistinct, eq } from 'drizzle-orm';
import type { TTrackingSummary } from '../../../shared/schemas/competitors.ts';
import { adLibraryEntries, competitorReports, competitors } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { getTrackedBrandOrThrow } from './tracked-brand.ts';

/** The four stat tiles of the screen, each a count of stored rows of the brand. */
export async function trackingSummary(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, brandId }: { actor: Actor; brandId: string },
): Promise<TTrackingSummary> {
  const brand = await getTrackedBrandOrThrow(ctx.db, actor, brandId);
  // the brand's own row holds its own ads: not a competitor tracked
  const [tracked] = await ctx.db
    .select({ value: count() })
    .from(competitors)
    .where(and(eq(competitors.brandId, brand.id), eq(competitors.isOwnBrand, false)));
  const [ads] = await ctx.db
    .select({ ads: count(), platforms: countDistinct(adLibraryEntries.platform) })
    .from(adLibraryEntries)
    .innerJoin(competitors, eq(competitors.id, adLibraryEntries.competitorId))
    .where(eq(competitors.brandId, brand.id));
  const [reports] = await ctx.db
    .select({ value: count() })
    .from(competitorReports)
    .where(eq(competitorReports.brandId, brand.id));
  return {
    competitors: tracked?.value ?? 0,
    ads: ads?.ads ?? 0,
    platforms: ads?.platforms ?? 0,
    reports: reports?.value ?? 0,
  };
}
