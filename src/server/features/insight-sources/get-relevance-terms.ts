import { and, asc, eq } from 'drizzle-orm';
import type { TBrandRelevanceTerms } from '../../../shared/schemas/relevance.ts';
import { competitors } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow, ownedBy } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { toRelevanceTerms } from './relevance-terms-dto.ts';
import { brandSubject, competitorSubject } from './score-candidates.ts';

/** The brand's required and excluded terms, and each of its competitors'. */
export async function getRelevanceTerms(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, brandId }: { actor: Actor; brandId: string },
): Promise<TBrandRelevanceTerms> {
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  const rivals = await ctx.db
    .select()
    .from(competitors)
    .where(
      and(eq(competitors.brandId, brand.id), ownedBy(actor, competitors.userId), eq(competitors.isOwnBrand, false)),
    )
    .orderBy(asc(competitors.createdAt));
  return {
    brand: toRelevanceTerms('brand', brand.id, brandSubject(brand)),
    competitors: rivals.map((rival) => toRelevanceTerms('competitor', rival.id, competitorSubject(rival))),
  };
}
