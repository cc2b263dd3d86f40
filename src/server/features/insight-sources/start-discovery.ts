import { and, count, eq, isNull } from 'drizzle-orm';
import { insightLimitMessage } from '../../../shared/plans.ts';
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
import { insightRoomOf } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { failStaleTasks, failTask } from '../tasks/task-progress.ts';
import { DISCOVERY_KIND, toDiscoveryTask } from './source-dtos.ts';

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
  const { room, planType } = await insightRoomOf(ctx.db, brand.userId);
  if (room === 0) throw new AppError('plan_limit', insightLimitMessage(planType));
  const [sources] = await ctx.db
    .select({ value: count() })
    .from(insightSources)
    .where(and(eq(insightSources.brandId, brand.id), isNull(insightSources.competitorId)));
  if (!sources?.value) throw new AppError('validation', noInsightSourcesMessage(brand.name));
  if (!ctx.queue) throw new AppError('upstream_failed', 'Background work is not running on this server');

  // A discovery whose job died without a word must not block this user until the sweep runs.
  await failStaleTasks(ctx.db, [DISCOVERY_KIND], { userId: actor.user.id });
  let task: typeof taskProgress.$inferSelect;
  try {
    [task] = (await ctx.db
      .insert(taskProgress)
      .values({ userId: actor.user.id, kind: DISCOVERY_KIND, subjectId: brand.id, stage: 'Queued', percent: 0 })
      .returning()) as [typeof taskProgress.$inferSelect];
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
  return toDiscoveryTask(task);
}
