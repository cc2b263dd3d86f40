import { and, count, eq } from 'drizzle-orm';
import { insightLimitMessage } from '../../../shared/plans.ts';
import {
  discoveryRunningMessage,
  noCompetitorSourcesMessage,
  type TCompetitorDiscoveryTask,
} from '../../../shared/schemas/insight-sources.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { insightSources, taskProgress } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { discoverInsightsJob } from '../../jobs/definitions/discover-insights.ts';
import { insightRoomOf } from '../billing/plan-limits.ts';
import { getCompetitorOrThrow } from '../competitors/get-competitor-or-throw.ts';
import type { FeatureContext } from '../context.ts';
import { failStaleTasks, failTask } from '../tasks/task-progress.ts';
import { COMPETITOR_DISCOVERY_KIND, DISCOVERY_KIND, toCompetitorDiscoveryTask } from './source-dtos.ts';

/**
 * POST /api/consumer-insights/discover-competitor: a competitor's discovery as a background job,
 * under the same one-discovery-at-a-time rule as the brand's (the task kind starts 'discovery:').
 */
export async function startCompetitorDiscovery(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: { competitorId: string } },
): Promise<TCompetitorDiscoveryTask> {
  const competitor = await getCompetitorOrThrow(ctx.db, actor, input.competitorId);
  const { room, planType } = await insightRoomOf(ctx.db, competitor.userId);
  if (room === 0) throw new AppError('plan_limit', insightLimitMessage(planType));
  const [feeds] = await ctx.db
    .select({ value: count() })
    .from(insightSources)
    .where(and(eq(insightSources.competitorId, competitor.id), eq(insightSources.userId, competitor.userId)));
  if (!competitor.website && !feeds?.value) {
    throw new AppError('validation', noCompetitorSourcesMessage(competitor.name));
  }
  if (!ctx.queue) throw new AppError('upstream_failed', 'Background work is not running on this server');

  await failStaleTasks(ctx.db, [DISCOVERY_KIND, COMPETITOR_DISCOVERY_KIND], { userId: actor.user.id });
  let task: typeof taskProgress.$inferSelect;
  try {
    [task] = (await ctx.db
      .insert(taskProgress)
      .values({
        userId: competitor.userId,
        kind: COMPETITOR_DISCOVERY_KIND,
        subjectId: competitor.id,
        stage: 'Queued',
        percent: 0,
      })
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
  return toCompetitorDiscoveryTask(task, competitor.name);
}
