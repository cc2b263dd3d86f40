import { eq } from 'drizzle-orm';
import type { TInsight } from '../../../shared/schemas/insights.ts';
import type { TInsightRelevanceRequest } from '../../../shared/schemas/relevance.ts';
import { consumerInsights } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { getInsightOrThrow, insightWithCompetitorName } from './get-insight-or-throw.ts';
import { insightColumns } from './insight-dto.ts';

/**
 * A person's verdict on whether an insight is about its brand (or competitor): flagging it as not
 * about it (isRelevant false) takes it out of every count and report; restoring it (true) puts it
 * back. Who and when are kept (flaggedBy, flaggedAt), and scoring never overrides them: rescoring
 * skips rows with flaggedAt set. Allowed on every plan, like deleting: it only tidies what is kept.
 */
export async function setInsightRelevance(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, insightId, input }: { actor: Actor; insightId: string; input: TInsightRelevanceRequest },
): Promise<TInsight> {
  const insight = await getInsightOrThrow(ctx.db, actor, insightId);
  const [row] = await ctx.db
    .update(consumerInsights)
    .set({ isRelevant: input.isRelevant, flaggedBy: actor.user.id, flaggedAt: new Date() })
    .where(eq(consumerInsights.id, insight.id))
    .returning(insightColumns);
  return insightWithCompetitorName(ctx.db, row!);
}
