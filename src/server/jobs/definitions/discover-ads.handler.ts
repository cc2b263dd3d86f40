import { runAdDiscovery } from '../../features/ad-discovery/run-ad-discovery.ts';
import { failTask } from '../../features/tasks/task-progress.ts';
import { AppError } from '../../http/errors.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { JobQueue } from '../queue.ts';
import type { discoverAdsJob } from './discover-ads.ts';

export function createDiscoverAdsHandler(deps: JobDependencies, queue: JobQueue): JobHandler<typeof discoverAdsJob> {
  const discoveryDeps = { db: deps.database.db, config: deps.config, queue };
  return async ({ taskId }, job) => {
    try {
      return { outcome: await runAdDiscovery({ ...discoveryDeps, logger: job.logger }, taskId, job.signal) };
    } catch (error) {
      // A refusal (the plan lost competitor tracking meanwhile) will not change on retry.
      if (error instanceof AppError) {
        await failTask(discoveryDeps.db, taskId, error.message);
        return { outcome: 'failed' };
      }
      job.logger.error({ err: error, taskId, attempt: job.retryCount }, 'ad discovery attempt failed');
      if (job.isFinalAttempt) {
        const detail = error instanceof Error ? error.message : String(error);
        await failTask(discoveryDeps.db, taskId, `The ad discovery could not be completed: ${detail}`);
      }
      throw error;
    }
  };
}
