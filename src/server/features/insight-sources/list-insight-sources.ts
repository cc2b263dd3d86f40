import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  type TAggregateRating,
  type TInsightSourceDto,
  ZDiscoveryResult,
} from '../../../shared/schemas/insight-sources.ts';
import type { Database } from '../../db/client.ts';
import { insightSources, taskProgress } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow, taskVisibleTo } from '../../http/access.ts';
import { DISCOVERY_TASK, toSourceDto } from './source-dtos.ts';

/** Recent discoveries looked through for each source's last rating summaries. */
const RECENT_DISCOVERIES = 5;

/**
 * Rating summaries (AggregateRating) are counts, not insights: they are kept in the result of the
 * discovery that read them, and each source shows those of the latest discovery that read it.
 */
async function latestAggregates(db: Database, actor: Actor, brandId: string): Promise<Map<string, TAggregateRating[]>> {
  const recent = await db
    .select({ result: taskProgress.result })
    .from(taskProgress)
    .where(
      and(
        taskVisibleTo(db, actor, DISCOVERY_TASK),
        eq(taskProgress.subjectId, brandId),
        inArray(taskProgress.status, ['completed', 'failed']),
        isNotNull(taskProgress.result),
      ),
    )
    .orderBy(desc(taskProgress.updatedAt))
    .limit(RECENT_DISCOVERIES);
  const bySource = new Map<string, TAggregateRating[]>();
  for (const { result } of recent) {
    const parsed = ZDiscoveryResult.safeParse(result);
    if (!parsed.success) continue;
    for (const outcome of parsed.data.sources) {
      if (outcome.status === 'read' && !bySource.has(outcome.sourceId)) {
        bySource.set(outcome.sourceId, outcome.aggregateRatings);
      }
    }
  }
  return bySource;
}

export async function listInsightSources(
  db: Database,
  { actor, brandId }: { actor: Actor; brandId: string },
): Promise<TInsightSourceDto[]> {
  const brand = await getBrandOrThrow(db, actor, brandId);
  const rows = await db
    .select()
    .from(insightSources)
    .where(eq(insightSources.brandId, brand.id))
    .orderBy(asc(insightSources.createdAt));
  const aggregates = rows.some((row) => row.kind === 'site_reviews')
    ? await latestAggregates(db, actor, brand.id)
    : new Map();
  return rows.map((row) => toSourceDto(row, aggregates.get(row.id) ?? []));
}
