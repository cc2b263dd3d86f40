import { trackBrandsDue } from '../../features/brand-tracking/track-brands.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { JobQueue } from '../queue.ts';
import type { trackBrandsMonthly } from './track-brands-monthly.ts';

export function createTrackBrandsMonthlyHandler(
  deps: JobDependencies,
  queue: JobQueue,
): JobHandler<typeof trackBrandsMonthly> {
  return async ({ at }, job) =>
    trackBrandsDue({ db: deps.database.db, queue, logger: job.logger }, at ? new Date(at) : new Date());
}
