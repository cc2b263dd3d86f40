import { eq } from 'drizzle-orm';
import { consumerInsights } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { getInsightOrThrow } from './get-insight-or-throw.ts';

/**
 * Deletes one insight of the actor's (or their agency's) brands; someone else's is a 404. Allowed on
 * every plan, as every deletion is: a plan decides what an account may add, never what it may remove.
 */
export async function deleteInsight(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, insightId }: { actor: Actor; insightId: string },
): Promise<{ id: string }> {
  const insight = await getInsightOrThrow(ctx.db, actor, insightId);
  await ctx.db.delete(consumerInsights).where(eq(consumerInsights.id, insight.id));
  return { id: insight.id };
}
