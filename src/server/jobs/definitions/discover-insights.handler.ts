import { createAiWriter } from '../../ai/provider.ts';
import { runDiscoveryTask } from '../../features/insight-sources/run-discovery-task.ts';
import { failTask } from '../../features/tasks/task-progress.ts';
import { AppError } from '../../http/errors.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { discoverInsightsJob } from './discover-insights.ts';

export function createDiscoverInsightsHandler(deps: JobDependencies): JobHandler<typeof discoverInsightsJob> {
  const discoveryDeps = {
    db: deps.database.db,
    config: deps.config,
    ai: createAiWriter(deps.config.ai, { logger: deps.logger }),
    logger: deps.logger,
    crawlResolver: deps.crawlResolver,
  };
  return async ({ taskId }, job) => {
    try {
      return { outcome: await runDiscoveryTask({ ...discoveryDeps, logger: job.logger }, taskId, job.signal) };
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
