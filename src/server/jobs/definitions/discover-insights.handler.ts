import { eq } from 'drizzle-orm';
import { createAiWriter } from '../../ai/provider.ts';
import { taskProgress } from '../../db/schema/index.ts';
import { runDiscoveryTask } from '../../features/insight-sources/run-discovery-task.ts';
import { alertSpikeAfterDailyDiscovery } from '../../features/mention-discovery/alert-spike.ts';
import { failTask } from '../../features/tasks/task-progress.ts';
import { AppError } from '../../http/errors.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { JobQueue } from '../queue.ts';
import type { discoverInsightsJob } from './discover-insights.ts';

export function createDiscoverInsightsHandler(
  deps: JobDependencies,
  queue: JobQueue | null = null,
): JobHandler<typeof discoverInsightsJob> {
  const discoveryDeps = {
    db: deps.database.db,
    config: deps.config,
    ai: createAiWriter(deps.config.ai, { logger: deps.logger }),
    logger: deps.logger,
    crawlResolver: deps.crawlResolver,
  };
  // A daily discovery's new mentions feed the spike alert; the alert never fails the discovery.
  const alertSpike = async (taskId: string, logger: typeof deps.logger) => {
    try {
      const [task] = await discoveryDeps.db.select().from(taskProgress).where(eq(taskProgress.id, taskId));
      if (task) await alertSpikeAfterDailyDiscovery({ db: discoveryDeps.db, queue, config: deps.config }, task);
    } catch (error) {
      logger.error({ err: error, taskId }, 'the spike alert after a daily discovery failed');
    }
  };
  return async ({ taskId }, job) => {
    try {
      const outcome = await runDiscoveryTask({ ...discoveryDeps, logger: job.logger }, taskId, job.signal);
      if (outcome === 'completed') await alertSpike(taskId, job.logger);
      return { outcome };
    } catch (error) {
      // A refusal (the plan ended or lost the feature meanwhile) will not change on retry.
      if (error instanceof AppError) {
        await failTask(discoveryDeps.db, taskId, error.message);
        return { outcome: 'failed' };
      }
      job.logger.error({ err: error, taskId, attempt: job.retryCount }, 'discovery attempt failed');
      if (job.isFinalAttempt) {
        const detail = error instanceof Error ? error.message : String(error);
        await failTask(discoveryDeps.db, taskId, `The discovery could not be completed: ${detail}`);
      }
      throw error;
    }
  };
}
