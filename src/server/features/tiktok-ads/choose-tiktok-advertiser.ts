import { and, count, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { TCompetitorWithCounts } from '../../../shared/schemas/competitors.ts';
import type { ZChooseTikTokAdvertiserRequest } from '../../../shared/schemas/tiktok-ads.ts';
import { adLibraryEntries, competitors } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { type CompetitorRow, toCompetitorWithCounts } from '../competitors/competitor-dto.ts';
import { getTrackedCompetitorOrThrow } from '../competitors/tracked-brand.ts';
import type { FeatureContext } from '../context.ts';

/**
 * Stores the TikTok advertiser chosen for a competitor. Discovery reads that advertiser's ads
 * only; TikTok ads it stored earlier from another advertiser are removed (ads entered by hand or
 * imported stay), as choosing another Facebook page does for Meta ads.
 */
export async function chooseTikTokAdvertiser(
  ctx: Pick<FeatureContext, 'db'>,
  {
    actor,
    competitorId,
    input,
  }: { actor: Actor; competitorId: string; input: z.output<typeof ZChooseTikTokAdvertiserRequest> },
): Promise<TCompetitorWithCounts> {
  await getTrackedCompetitorOrThrow(ctx.db, actor, competitorId, { toChange: true });
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(competitors)
      .set({ tiktokBusinessId: input.businessId, tiktokBusinessName: input.businessName })
      .where(and(eq(competitors.id, competitorId), ownedBy(actor, competitors.userId)))
      .returning();
    await tx
      .delete(adLibraryEntries)
      .where(
        and(
          eq(adLibraryEntries.competitorId, competitorId),
          eq(adLibraryEntries.source, 'tiktok'),
          ne(adLibraryEntries.pageId, input.businessId),
        ),
      );
    return updated as CompetitorRow;
  });
  const [ads] = await ctx.db
    .select({ value: count() })
    .from(adLibraryEntries)
    .where(eq(adLibraryEntries.competitorId, competitorId));
  return toCompetitorWithCounts(row, ads?.value ?? 0);
}
