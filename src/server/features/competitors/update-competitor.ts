import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TCompetitorWithCounts, ZUpdateCompetitorRequest } from '../../../shared/schemas/competitors.ts';
import { adLibraryEntries, competitors } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { type CompetitorRow, toCompetitorWithCounts } from './competitor-dto.ts';
import { competitorColumns } from './create-competitor.ts';
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
  const [row] = await ctx.db
    .update(competitors)
    .set(competitorColumns(input))
    .where(and(eq(competitors.id, competitorId), ownedBy(actor, competitors.userId)))
    .returning();
  const [ads] = await ctx.db
    .select({ value: count() })
    .from(adLibraryEntries)
    .where(eq(adLibraryEntries.competitorId, competitorId));
  return toCompetitorWithCounts(row as CompetitorRow, ads?.value ?? 0);
}
