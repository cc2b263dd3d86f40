import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/** Deletes sign-in sessions past their expiry; scheduled hourly (see registry.ts). */
export const purgeExpiredSessions = defineJob({
  name: 'purge-expired-sessions',
  payload: z.object({}),
  retryLimit: 3,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 300,
});

/** Every hour, on the hour (UTC). */
export const PURGE_EXPIRED_SESSIONS_CRON = '0 * * * *';
