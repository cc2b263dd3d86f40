import type { z } from 'zod';
import type { TCompetitorWithCounts, ZCreateCompetitorRequest } from '../../../shared/schemas/competitors.ts';
import { competitors } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { type CompetitorRow, toCompetitorWithCounts } from './competitor-dto.ts';
import { getTrackedBrandOrThrow } from './tracked-brand.ts';

export type CompetitorInput = z.output<typeof ZCreateCompetitorRequest>;

/** The stored columns of the dialog's fields; an absent field is stored as none. */
export function competitorColumns(input: Omit<CompetitorInput, 'brandId'>) {
  return {
    name: input.name,
    website: input.website ?? null,
    industry: input.industry ?? null,
    size: input.size ?? null,
    description: input.description ?? null,
    facebookPageId: input.facebookPageId ?? null,
  };
}

/** Adds a competitor to a brand, stored under the brand's owner like the brand itself. */
export async function createCompetitor(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, input }: { actor: Actor; input: CompetitorInput },
): Promise<TCompetitorWithCounts> {
  const brand = await getTrackedBrandOrThrow(ctx.db, actor, input.brandId, { toChange: true });
  const [row] = await ctx.db
    .insert(competitors)
    .values({ userId: brand.userId, brandId: brand.id, ...competitorColumns(input) })
    .returning();
  return toCompetitorWithCounts(row as CompetitorRow, 0);
}
