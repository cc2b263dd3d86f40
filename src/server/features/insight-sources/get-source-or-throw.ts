import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { insightSources } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';

/** A source of this brand that the actor may change; a miss and someone else's source are both 404. */
export async function getSourceOrThrow(db: Database, actor: Actor, brandId: string, sourceId: string) {
  const [source] = await db
    .select()
    .from(insightSources)
    .where(
      and(eq(insightSources.id, sourceId), eq(insightSources.brandId, brandId), ownedBy(actor, insightSources.userId)),
    );
  if (!source) throw notFound('Source not found');
  return source;
}
