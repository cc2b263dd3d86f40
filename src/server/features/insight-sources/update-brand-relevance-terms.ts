import { eq } from 'drizzle-orm';
import type { TRelevanceTerms, TRelevanceTermsRequest } from '../../../shared/schemas/relevance.ts';
import { ZRelevanceTermsRequest } from '../../../shared/schemas/relevance.ts';
import { brands } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { toRelevanceTerms } from './relevance-terms-dto.ts';
import { brandSubject, rescoreInsights } from './score-candidates.ts';

/**
 * Saves the brand's required and excluded terms and scores its stored mentions again with them at
 * once, so counts and reports follow the new terms; insights a person flagged or restored keep
 * their verdict.
 */
export async function updateBrandRelevanceTerms(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, brandId, input }: { actor: Actor; brandId: string; input: TRelevanceTermsRequest },
): Promise<TRelevanceTerms> {
  const terms = ZRelevanceTermsRequest.parse(input);
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  await assertCanChangeBrand(ctx.db, brand, { feature: 'consumerInsights', toDoMore: 'change relevance terms' });
  const [updated] = await ctx.db
    .update(brands)
    .set({ relevanceIncludeTerms: terms.includeTerms, relevanceExcludeTerms: terms.excludeTerms })
    .where(eq(brands.id, brand.id))
    .returning();
  const subject = brandSubject(updated!);
  const rescored = await rescoreInsights(ctx.db, brand.id, subject, null);
  return toRelevanceTerms('brand', brand.id, subject, rescored);
}
