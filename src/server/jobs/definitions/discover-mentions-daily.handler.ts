import { discoverDueBrands } from '../../features/mention-discovery/daily-discovery.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { JobQueue } from '../queue.ts';
import type { discoverMentionsDaily } from './discover-mentions-daily.ts';

export function createDiscoverMentionsDailyHandler(
  deps: JobDependencies,
  queue: JobQueue,
): JobHandler<typeof discoverMentionsDaily> {
  return async ({ at }, job) =>
    discoverDueBrands(
      { db: deps.database.db, config: deps.config, queue, logger: job.logger },
      at ? new Date(at) : new Date(),
    );
}
