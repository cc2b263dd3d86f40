import { queueWeeklyDigests } from '../../features/notifications/queue-weekly-digests.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { JobQueue } from '../queue.ts';
import type { sendWeeklyDigests } from './send-weekly-digests.ts';

export function createSendWeeklyDigestsHandler(
  deps: JobDependencies,
  queue: JobQueue,
): JobHandler<typeof sendWeeklyDigests> {
  return async (_payload, job) =>
    queueWeeklyDigests({ db: deps.database.db, config: deps.config, queue, logger: job.logger }, new Date());
}
