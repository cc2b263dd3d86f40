import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TCompetitorWithCounts, ZUpdateCompetitorRequest } from '../../../shared/schemas/competitors.ts';
import { adLibraryEntries, competitors } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { type CompetitorRow, toCompetitorWithCounts } from './competitor-dto.ts';
import { competitorColumns } from './create-competitor.ts';
import { removeOtherPagesAds } from './page-ads.ts';
import { getTrackedCompetitorOrThrow } from './tracked-brand.ts';

/** Edits a competitor's fields (the whole dialog: a field left empty is cleared). */
export async function updateCompetitor(
  ctx: Pick<FeatureContext, 'db'>,
  {
    actor,
    competitorId,
    input,
  }: { actor: Actor; competitorId: string; input: z.output<typeof ZUpdateCompetitorRequest> },
): Promise<TCompetitorWithCounts> {
  await getTrackedCompetitorOrThrow(ctx.db, actor, competitorId, { toChange: true });
  const columns = competitorColumns(input);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(competitors)
      .set(columns)
      .where(and(eq(competitors.id, competitorId), ownedBy(actor, competitors.userId)))
      .returning();
    // Ads discovered from any other page are not this competitor's (see page-ads.ts).
    if (columns.facebookPageId) await removeOtherPagesAds(tx, competitorId, columns.facebookPageId);
    return updated;
  });
  const [ads] = await ctx.db
    .select({ value: count() })
    .from(adLibraryEntries)
    .where(eq(adLibraryEntries.competitorId, competitorId));
  return toCompetitorWithCounts(row as CompetitorRow, ads?.value ?? 0);
}
