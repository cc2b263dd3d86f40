import { eq } from 'drizzle-orm';
import { insightSources } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { getSourceOrThrow } from './get-source-or-throw.ts';

/**
 * Removes a source. The insights it added stay (they are what people said); they lose the link
 * to the source record, and the same feed added again does not add them twice (its dedupe scope
 * is its address).
 */
export async function deleteInsightSource(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, brandId, sourceId }: { actor: Actor; brandId: string; sourceId: string },
): Promise<void> {
  const source = await getSourceOrThrow(ctx.db, actor, brandId, sourceId);
  await ctx.db.delete(insightSources).where(eq(insightSources.id, source.id));
}
