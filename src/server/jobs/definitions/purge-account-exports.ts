import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/** Deletes export zips past their 7 days; scheduled hourly (see registry.ts). */
export const purgeAccountExports = defineJob({
  name: 'purge-account-exports',
  payload: z.object({}),
  retryLimit: 3,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 300,
});

/** Every hour, at a quarter past (UTC). */
export const PURGE_ACCOUNT_EXPORTS_CRON = '15 * * * *';
