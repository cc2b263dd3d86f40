import { adsDueLandingPageCheck, queueLandingPageChecks } from '../../features/ad-discovery/check-landing-pages.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { JobQueue } from '../queue.ts';
import { RECHECK_LANDING_PAGES_PER_RUN, type recheckLandingPages } from './recheck-landing-pages.ts';

export function createRecheckLandingPagesHandler(
  deps: JobDependencies,
  queue: JobQueue,
): JobHandler<typeof recheckLandingPages> {
  return async () => {
    const due = await adsDueLandingPageCheck(deps.database.db, RECHECK_LANDING_PAGES_PER_RUN);
    await queueLandingPageChecks({ queue }, due);
    return { queued: due.length };
  };
}
