import { eq } from 'drizzle-orm';
import { consumerInsights } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { assertPlanAllows } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { getInsightOrThrow } from './get-insight-or-throw.ts';

/** Deletes one insight of the actor's (or their agency's) brands; someone else's is a 404. */
export async function deleteInsight(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, insightId }: { actor: Actor; insightId: string },
): Promise<{ id: string }> {
  const insight = await getInsightOrThrow(ctx.db, actor, insightId);
  await assertPlanAllows(ctx.db, insight.userId, 'consumerInsights');
  await ctx.db.delete(consumerInsights).where(eq(consumerInsights.id, insight.id));
  return { id: insight.id };
}
