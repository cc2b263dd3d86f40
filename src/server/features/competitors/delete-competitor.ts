import { and, eq } from 'drizzle-orm';
import { competitors } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { getCompetitorOrThrow } from './get-competitor-or-throw.ts';

/**
 * Removes a competitor; its ads and page snapshots go with it (the foreign keys cascade). Allowed on
 * every plan: a plan decides what an account may add or change, never what it may remove.
 */
export async function deleteCompetitor(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, competitorId }: { actor: Actor; competitorId: string },
): Promise<{ id: string }> {
  await getCompetitorOrThrow(ctx.db, actor, competitorId);
  await ctx.db.delete(competitors).where(and(eq(competitors.id, competitorId), ownedBy(actor, competitors.userId)));
  return { id: competitorId };
}
