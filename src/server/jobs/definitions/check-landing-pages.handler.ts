import { checkLandingPages } from '../../features/ad-discovery/check-landing-pages.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { checkLandingPagesJob } from './check-landing-pages.ts';

export function createCheckLandingPagesHandler(deps: JobDependencies): JobHandler<typeof checkLandingPagesJob> {
  return async ({ adIds }, job) =>
    checkLandingPages(
      {
        db: deps.database.db,
        allowLoopback: deps.config.crawlerAllowLoopback,
        resolver: deps.crawlResolver,
        logger: job.logger,
      },
      adIds,
      job.signal,
    );
}
