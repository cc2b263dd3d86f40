/**
 * Starting an ad discovery: for one competitor, or for every competitor of a brand. The task is
 * created (one ad discovery at a time per user, held by the database's unique index) and a job
 * does the searching; the request returns at once with the task to poll. Competitors are searched
 * by their chosen Facebook page only: without one there is nothing to search (409, the user is
 * sent to "Find Facebook page"), and a brand-wide run passes over them.
 */
import { count, eq, sql } from 'drizzle-orm';
import {
  adDiscoveryKinds,
  adDiscoveryRunningMessage,
  choosePageFirstMessage,
  metaUnavailableMessage,
  noChosenPagesMessage,
  noCompetitorsMessage,
  type TAdDiscoveryKind,
  type TAdDiscoveryTask,
} from '../../../shared/schemas/ad-discovery.ts';
import { countOf } from '../../../shared/words.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { competitors, taskProgress } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { discoverAdsJob } from '../../jobs/definitions/discover-ads.ts';
import { getTrackedBrandOrThrow, getTrackedCompetitorOrThrow } from '../competitors/tracked-brand.ts';
import type { FeatureContext } from '../context.ts';
import { failStaleTasks, failTask, type TaskRow } from '../tasks/task-progress.ts';
import { BRAND_KIND, COMPETITOR_KIND, toAdDiscoveryTask } from './ad-discovery-task.ts';

function assertAdSourceConfigured(ctx: FeatureContext) {
  if (!ctx.config.metaAdLibrary.token)
    throw new AppError('validation', metaUnavailableMessage(Boolean(ctx.config.services.tiktok.credentials)));
  if (!ctx.queue) throw new AppError('upstream_failed', 'Background work is not running on this server');
}

async function createTask(ctx: FeatureContext, actor: Actor, kind: TAdDiscoveryKind, subjectId: string) {
  await failStaleTasks(ctx.db, adDiscoveryKinds, { userId: actor.user.id });
  let task: TaskRow;
  try {
    [task] = (await ctx.db
      .insert(taskProgress)
      .values({ userId: actor.user.id, kind, subjectId, stage: 'Queued', percent: 0 })
      .returning()) as [TaskRow];
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', adDiscoveryRunningMessage);
    throw error;
  }
  try {
    await ctx.queue!.send(discoverAdsJob, { taskId: task.id }, { singletonKey: task.id });
  } catch (error) {
    await failTask(ctx.db, task.id, 'The ad discovery could not be queued. Please start it again.');
    throw error;
  }
  return task;
}

export async function startCompetitorAdDiscovery(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: { competitorId: string } },
): Promise<TAdDiscoveryTask> {
  const competitor = await getTrackedCompetitorOrThrow(ctx.db, actor, input.competitorId, { toChange: true });
  assertAdSourceConfigured(ctx);
  if (!competitor.facebookPageId) throw new AppError('conflict', choosePageFirstMessage(competitor.name));
  const task = await createTask(ctx, actor, COMPETITOR_KIND, competitor.id);
  return { ...toAdDiscoveryTask(task), message: `Searching the Meta Ad Library for ${competitor.name}'s ads` };
}

export async function startBrandAdDiscovery(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: { brandId: string } },
): Promise<TAdDiscoveryTask> {
  const brand = await getTrackedBrandOrThrow(ctx.db, actor, input.brandId, { toChange: true });
  const [tracked] = await ctx.db
    .select({
      value: count(),
      withPage: count(competitors.facebookPageId),
      own: count(sql`case when ${competitors.isOwnBrand} then 1 end`),
    })
    .from(competitors)
    .where(eq(competitors.brandId, brand.id));
  if (!tracked?.value) throw new AppError('validation', noCompetitorsMessage);
  assertAdSourceConfigured(ctx);
  if (!tracked.withPage) throw new AppError('conflict', noChosenPagesMessage);
  const task = await createTask(ctx, actor, BRAND_KIND, brand.id);
  // the brand's own row is searched too: said as the brand, not counted as a competitor
  const rivals = tracked.value - tracked.own;
  const whose = !tracked.own
    ? `${countOf(rivals, 'competitor')} of ${brand.name}`
    : rivals > 0
      ? `${brand.name} and its ${countOf(rivals, 'competitor')}`
      : brand.name;
  return { ...toAdDiscoveryTask(task), message: `Searching the Meta Ad Library for the ads of ${whose}` };
}
