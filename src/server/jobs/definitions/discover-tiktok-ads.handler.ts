import { failTask } from '../../features/tasks/task-progress.ts';
import { runTikTokDiscovery } from '../../features/tiktok-ads/run-tiktok-discovery.ts';
import { AppError } from '../../http/errors.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { discoverTikTokAdsJob } from './discover-tiktok-ads.ts';

export function createDiscoverTikTokAdsHandler(deps: JobDependencies): JobHandler<typeof discoverTikTokAdsJob> {
  const discoveryDeps = { db: deps.database.db, config: deps.config };
  return async ({ taskId }, job) => {
    try {
      return { outcome: await runTikTokDiscovery(discoveryDeps, taskId, job.signal) };
    } catch (error) {
      // A refusal (the plan lost competitor tracking meanwhile) will not change on retry.
      if (error instanceof AppError) {
        await failTask(discoveryDeps.db, taskId, error.message);
        return { outcome: 'failed' };
      }
      job.logger.error({ err: error, taskId, attempt: job.retryCount }, 'TikTok ad discovery attempt failed');
      if (job.isFinalAttempt) {
        await failTask(
          discoveryDeps.db,
          taskId,
          'The TikTok ad discovery could not be completed. Please start it again.',
        );
      }
      throw error;
    }
  };
}
