import { purgeExpiredAccountExports } from '../../features/account/purge-expired-exports.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { purgeAccountExports } from './purge-account-exports.ts';

export function createPurgeAccountExportsHandler(
  deps: Pick<JobDependencies, 'database' | 'config'>,
): JobHandler<typeof purgeAccountExports> {
  return async (_payload, { logger }) => {
    const purged = await purgeExpiredAccountExports(deps.database.db, deps.config);
    logger.info({ purged }, 'expired account exports purged');
    return { purged };
  };
}
