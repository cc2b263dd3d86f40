/**
 * The "your brand" row: the brand itself among its competitors, so that its own Facebook page is
 * chosen with the same page search and its ads are discovered, listed and analysed beside theirs.
 * One per brand (a partial unique index); it is not counted as a competitor.
 */
import { and, eq } from 'drizzle-orm';
import type { TCompetitorWithCounts } from '../../../shared/schemas/competitors.ts';
import { competitors } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import type { FeatureContext } from '../context.ts';
import { type CompetitorRow, toCompetitorWithCounts } from './competitor-dto.ts';
import { getTrackedBrandOrThrow } from './tracked-brand.ts';

/** Adds the brand's own row if it has none; `created` says which. */
export async function trackOwnBrandAds(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, brandId }: { actor: Actor; brandId: string },
): Promise<{ created: boolean; row: TCompetitorWithCounts }> {
  const brand = await getTrackedBrandOrThrow(ctx.db, actor, brandId, { toChange: true });
  const [created] = await ctx.db
    .insert(competitors)
    .values({ userId: brand.userId, brandId: brand.id, name: brand.name, isOwnBrand: true })
    .onConflictDoNothing()
    .returning();
  if (created) return { created: true, row: toCompetitorWithCounts(created as CompetitorRow, 0) };
  const [existing] = await ctx.db
    .select()
    .from(competitors)
    .where(and(eq(competitors.brandId, brand.id), eq(competitors.isOwnBrand, true)));
  return { created: false, row: toCompetitorWithCounts(existing as CompetitorRow, 0) };
}

/** How the analysis and the PDF name the brand's own row beside its competitors. */
export const ownBrandLabel = (name: string) => `${name} (your brand)`;

/**
 * Refuses the "your brand" row where only a competitor makes sense (its page watch, its insight
 * discovery as a competitor, its "What changed"): calling the brand its own competitor is untrue.
 */
export function assertIsCompetitor(row: { isOwnBrand: boolean; name: string }, what: string) {
  if (row.isOwnBrand)
    throw new AppError('conflict', `${row.name} is your brand, not a competitor: ${what} is for competitors only.`);
}
