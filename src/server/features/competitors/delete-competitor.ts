import { and, eq } from 'drizzle-orm';
import { competitors } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { getTrackedCompetitorOrThrow } from './tracked-brand.ts';

/** Removes a competitor; its ads and page snapshots go with it (the foreign keys cascade). */
export async function deleteCompetitor(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, competitorId }: { actor: Actor; competitorId: string },
): Promise<{ id: string }> {
  await getTrackedCompetitorOrThrow(ctx.db, actor, competitorId, { toChange: true });
  await ctx.db.delete(competitors).where(and(eq(competitors.id, competitorId), ownedBy(actor, competitors.userId)));
  return { id: competitorId };
}
