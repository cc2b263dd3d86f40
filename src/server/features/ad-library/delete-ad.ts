import { and, eq } from 'drizzle-orm';
import { adLibraryEntries } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { assertCanChangeCompetitorTracking } from '../billing/plan-limits.ts';
import { getAdOrThrow } from '../competitors/get-competitor-or-throw.ts';
import type { FeatureContext } from '../context.ts';

export async function deleteAd(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, adId }: { actor: Actor; adId: string },
): Promise<{ id: string }> {
  const ad = await getAdOrThrow(ctx.db, actor, adId);
  await assertCanChangeCompetitorTracking(ctx.db, ad.userId);
  await ctx.db
    .delete(adLibraryEntries)
    .where(and(eq(adLibraryEntries.id, adId), ownedBy(actor, adLibraryEntries.userId)));
  return { id: adId };
}
