import { and, count, eq, isNull } from 'drizzle-orm';
import {
  discoveryRunningMessage,
  noInsightSourcesMessage,
  type TDiscoveryTask,
} from '../../../shared/schemas/insight-sources.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { insightSources, taskProgress } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { discoverInsightsJob } from '../../jobs/definitions/discover-insights.ts';
import { insightRoomForBrand } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { brandMentionSubject } from '../mention-discovery/mention-subject.ts';
import { hasRunnableMentionSource } from '../mention-discovery/read-mention-sources.ts';
import { failStaleTasks, failTask } from '../tasks/task-progress.ts';
import { COMPETITOR_DISCOVERY_KIND, DISCOVERY_KIND, toDiscoveryTask } from './source-dtos.ts';

/**
 * Starts a discovery of a brand's insights from its sources: the task is created (one discovery
 * at a time per user, held by the database's unique index) and a job does the reading; the
 * request returns at once with the task to poll.
 */
export async function startDiscovery(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: { brandId: string } },
): Promise<TDiscoveryTask> {
  const brand = await getBrandOrThrow(ctx.db, actor, input.brandId);
  await insightRoomForBrand(ctx.db, brand);
  const [sources] = await ctx.db
    .select({ value: count() })
    .from(insightSources)
    .where(and(eq(insightSources.brandId, brand.id), isNull(insightSources.competitorId)));
  // Sources found by the name need nothing added first: only without any does discovery ask for one.
  if (!sources?.value && !(await hasRunnableMentionSource(ctx, brandMentionSubject(brand)))) {
    throw new AppError('validation', noInsightSourcesMessage(brand.name));
  }
  const task = await queueDiscoveryTask(ctx, { userId: actor.user.id, kind: DISCOVERY_KIND, subjectId: brand.id });
  return toDiscoveryTask(task);
}

type TaskRow = typeof taskProgress.$inferSelect;

/**
 * Creates a discovery's task (one discovery of either kind at a time per user, held by the
 * database's unique index: 409 otherwise) and queues the job that does the reading.
 */
export async function queueDiscoveryTask(
  ctx: Pick<FeatureContext, 'db' | 'queue'>,
  { userId, kind, subjectId }: { userId: string; kind: string; subjectId: string },
): Promise<TaskRow> {
  if (!ctx.queue) throw new AppError('upstream_failed', 'Background work is not running on this server');
  // A discovery whose job died without a word must not block this user until the sweep runs.
  await failStaleTasks(ctx.db, [DISCOVERY_KIND, COMPETITOR_DISCOVERY_KIND], { userId });
  let task: TaskRow;
  try {
    [task] = (await ctx.db
      .insert(taskProgress)
      .values({ userId, kind, subjectId, stage: 'Queued', percent: 0 })
      .returning()) as [TaskRow];
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', discoveryRunningMessage);
    throw error;
  }
  try {
    await ctx.queue.send(discoverInsightsJob, { taskId: task.id }, { singletonKey: task.id });
  } catch (error) {
    await failTask(ctx.db, task.id, 'The discovery could not be queued. Please start it again.');
    throw error;
  }
  return task;
}
