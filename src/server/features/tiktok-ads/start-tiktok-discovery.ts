/**
 * Starting a TikTok ad discovery for one competitor: a task (one TikTok discovery at a time per
 * user, held by a unique index) and a job that reads the chosen advertiser's ads.
 */
import {
  chooseTikTokAdvertiserFirstMessage,
  TIKTOK_DISCOVERY_KIND,
  type TTikTokDiscoveryTask,
  tiktokDiscoveryRunningMessage,
  tiktokNotAvailableMessage,
} from '../../../shared/schemas/tiktok-ads.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { taskProgress } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { discoverTikTokAdsJob } from '../../jobs/definitions/discover-tiktok-ads.ts';
import { getTrackedCompetitorOrThrow } from '../competitors/tracked-brand.ts';
import type { FeatureContext } from '../context.ts';
import { failStaleTasks, failTask, type TaskRow } from '../tasks/task-progress.ts';
import { toTikTokDiscoveryTask } from './tiktok-discovery-task.ts';

export async function startTikTokDiscovery(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: { competitorId: string } },
): Promise<TTikTokDiscoveryTask> {
  const competitor = await getTrackedCompetitorOrThrow(ctx.db, actor, input.competitorId, { toChange: true });
  if (!ctx.config.services.tiktok.credentials) throw new AppError('not_configured', tiktokNotAvailableMessage);
  if (!ctx.queue) throw new AppError('upstream_failed', 'Background work is not running on this server');
  if (!competitor.tiktokBusinessId) throw new AppError('conflict', chooseTikTokAdvertiserFirstMessage(competitor.name));
  await failStaleTasks(ctx.db, [TIKTOK_DISCOVERY_KIND], { userId: actor.user.id });
  let task: TaskRow;
  try {
    [task] = (await ctx.db
      .insert(taskProgress)
      .values({ userId: actor.user.id, kind: TIKTOK_DISCOVERY_KIND, subjectId: competitor.id, stage: 'Queued' })
      .returning()) as [TaskRow];
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', tiktokDiscoveryRunningMessage);
    throw error;
  }
  try {
    await ctx.queue.send(discoverTikTokAdsJob, { taskId: task.id }, { singletonKey: task.id });
  } catch (error) {
    await failTask(ctx.db, task.id, 'The TikTok ad discovery could not be queued. Please start it again.');
    throw error;
  }
  return { ...toTikTokDiscoveryTask(task), message: `Searching TikTok's ad library for ${competitor.name}'s ads` };
}
