import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TCompetitorWithCounts, ZChooseFacebookPageRequest } from '../../../shared/schemas/competitors.ts';
import { adLibraryEntries, competitors } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { type CompetitorRow, toCompetitorWithCounts } from './competitor-dto.ts';
import { removeOtherPagesAds } from './page-ads.ts';
import { getTrackedCompetitorOrThrow } from './tracked-brand.ts';

/**
 * Stores the Facebook page the user chose for a competitor (from "Find Facebook page", or pasted as
 * an id, page address or Ad Library link). Discovery then reads that page's ads only, and ads it
 * stored earlier from other pages are removed.
 */
export async function chooseFacebookPage(
  ctx: Pick<FeatureContext, 'db'>,
  {
    actor,
    competitorId,
    input,
  }: { actor: Actor; competitorId: string; input: z.output<typeof ZChooseFacebookPageRequest> },
): Promise<TCompetitorWithCounts> {
  await getTrackedCompetitorOrThrow(ctx.db, actor, competitorId, { toChange: true });
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(competitors)
      .set({ facebookPageId: input.facebookPageId })
      .where(and(eq(competitors.id, competitorId), ownedBy(actor, competitors.userId)))
      .returning();
    await removeOtherPagesAds(tx, competitorId, input.facebookPageId);
    return updated as CompetitorRow;
  });
  const [ads] = await ctx.db
    .select({ value: count() })
    .from(adLibraryEntries)
    .where(eq(adLibraryEntries.competitorId, competitorId));
  return toCompetitorWithCounts(row, ads?.value ?? 0);
}
