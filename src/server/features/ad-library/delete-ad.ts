import { and, eq } from 'drizzle-orm';
import { adLibraryEntries } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { getAdOrThrow } from '../competitors/get-competitor-or-throw.ts';
import type { FeatureContext } from '../context.ts';

/** Removes an ad from the library; allowed on every plan, as every deletion is. */
export async function deleteAd(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, adId }: { actor: Actor; adId: string },
): Promise<{ id: string }> {
  await getAdOrThrow(ctx.db, actor, adId);
  await ctx.db
    .delete(adLibraryEntries)
    .where(and(eq(adLibraryEntries.id, adId), ownedBy(actor, adLibraryEntries.userId)));
  return { id: adId };
}
