import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { consumerInsights } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';

export async function getInsightOrThrow(db: Database, actor: Actor, insightId: string) {
  const [insight] = await db
    .select()
    .from(consumerInsights)
    .where(and(eq(consumerInsights.id, insightId), ownedBy(actor, consumerInsights.userId)));
  if (!insight) throw notFound('Insight not found');
  return insight;
}
