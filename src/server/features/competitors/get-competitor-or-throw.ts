import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adLibraryEntries, competitors } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';

/** A competitor of one of the actor's brands; 404 when missing or someone else's. */
export async function getCompetitorOrThrow(db: Database, actor: Actor, competitorId: string) {
  const [competitor] = await db
    .select()
    .from(competitors)
    .where(and(eq(competitors.id, competitorId), ownedBy(actor, competitors.userId)));
  if (!competitor) throw notFound('Competitor not found');
  return competitor;
}

/** An ad in the actor's library; 404 when missing or someone else's. */
export async function getAdOrThrow(db: Database, actor: Actor, adId: string) {
  const [ad] = await db
    .select()
    .from(adLibraryEntries)
    .where(and(eq(adLibraryEntries.id, adId), ownedBy(actor, adLibraryEntries.userId)));
  if (!ad) throw notFound('Ad not found');
  return ad;
}
