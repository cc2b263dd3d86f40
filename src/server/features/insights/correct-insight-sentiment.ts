import { eq, type SQL, sql } from 'drizzle-orm';
import type { TInsight, TSentimentLabel } from '../../../shared/schemas/insights.ts';
import type { TSentimentCorrectionRequest } from '../../../shared/schemas/mention-feed.ts';
import { consumerInsights } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { getInsightOrThrow, insightWithCompetitorName } from './get-insight-or-throw.ts';
import { insightColumns } from './insight-dto.ts';

/**
 * The score (1-5) a corrected label carries: the stored one when it already lies on the label's
 * side (4-5 positive, 3 neutral, 1-2 negative), else the side's nearest mild score, so the
 * averages of reports and charts move with the person's word.
 */
const scoreSides: Record<TSentimentLabel, { onSide: SQL; score: number }> = {
  positive: { onSide: sql`${consumerInsights.sentimentScore} >= 4`, score: 4 },
  neutral: { onSide: sql`${consumerInsights.sentimentScore} = 3`, score: 3 },
  negative: { onSide: sql`${consumerInsights.sentimentScore} <= 2`, score: 2 },
};

/**
 * A person's word on an insight's sentiment: it becomes the stored sentiment, which every list,
 * count, chart, report and e-mail reads, so the correction counts everywhere. Who and when are
 * kept, and the engine's own label beside it (from the first correction: correcting twice keeps
 * what the engine said). Discovery never rewrites a stored insight (a rerun inserts new items
 * only), so the correction stays. Allowed on every plan, like flagging relevance: it only tidies
 * what is kept.
 */
export async function correctInsightSentiment(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, insightId, input }: { actor: Actor; insightId: string; input: TSentimentCorrectionRequest },
): Promise<TInsight> {
  const insight = await getInsightOrThrow(ctx.db, actor, insightId);
  const side = scoreSides[input.sentiment];
  const [row] = await ctx.db
    .update(consumerInsights)
    .set({
      sentiment: input.sentiment,
      sentimentScore: sql`case when ${side.onSide} then ${consumerInsights.sentimentScore} else ${side.score} end`,
      sentimentCorrectedBy: actor.user.id,
      sentimentCorrectedAt: new Date(),
      // the values before this update: the engine's label survives later corrections
      engineSentiment: sql`coalesce(${consumerInsights.engineSentiment}, ${consumerInsights.sentiment})`,
    })
    .where(eq(consumerInsights.id, insight.id))
    .returning(insightColumns);
  return insightWithCompetitorName(ctx.db, row!);
}
