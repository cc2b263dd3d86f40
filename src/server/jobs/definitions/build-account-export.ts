import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Builds an account's data export: every table's rows and the uploaded files, zipped on disk
 * (features/account/build-account-export.ts). The worker renews a 15 s lease, so an attempt whose
 * process died is retried within seconds; a retry starts the zip again from the beginning.
 */
export const buildAccountExportJob = defineJob({
  name: 'build-account-export',
  payload: z.object({ exportId: z.uuid() }),
  retryLimit: 2,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 900,
  heartbeatSeconds: 15,
});
