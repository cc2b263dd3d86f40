import { runWeeklyAdChanges } from '../../features/ad-changes/weekly-ad-changes.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { JobQueue } from '../queue.ts';
import type { checkAdChanges } from './check-ad-changes.ts';

export function createCheckAdChangesHandler(deps: JobDependencies, queue: JobQueue): JobHandler<typeof checkAdChanges> {
  return async (_payload, job) =>
    runWeeklyAdChanges({ db: deps.database.db, config: deps.config, queue, logger: job.logger }, new Date());
}
