import { eq } from 'drizzle-orm';
import type { TRelevanceTerms, TRelevanceTermsRequest } from '../../../shared/schemas/relevance.ts';
import { ZRelevanceTermsRequest } from '../../../shared/schemas/relevance.ts';
import { competitors } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import { getCompetitorOrThrow } from '../competitors/get-competitor-or-throw.ts';
import type { FeatureContext } from '../context.ts';
import { toRelevanceTerms } from './relevance-terms-dto.ts';
import { competitorSubject, rescoreInsights } from './score-candidates.ts';

/** As updateBrandRelevanceTerms, for the mentions collected about one competitor. */
export async function updateCompetitorRelevanceTerms(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, competitorId, input }: { actor: Actor; competitorId: string; input: TRelevanceTermsRequest },
): Promise<TRelevanceTerms> {
  const terms = ZRelevanceTermsRequest.parse(input);
  const competitor = await getCompetitorOrThrow(ctx.db, actor, competitorId);
  const brand = await getBrandOrThrow(ctx.db, actor, competitor.brandId);
  await assertCanChangeBrand(ctx.db, brand, { feature: 'consumerInsights', toDoMore: 'change relevance terms' });
  const [updated] = await ctx.db
    .update(competitors)
    .set({ relevanceIncludeTerms: terms.includeTerms, relevanceExcludeTerms: terms.excludeTerms })
    .where(eq(competitors.id, competitor.id))
    .returning();
  const subject = competitorSubject(updated!);
  const rescored = await rescoreInsights(ctx.db, brand.id, subject, competitor.id);
  return toRelevanceTerms('competitor', competitor.id, subject, rescored);
}
