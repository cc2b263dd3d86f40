import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Hourly: queues the weekly digest of every reader whose local time is Monday 08:00-08:59, so
 * each timezone gets it in its own morning. Each digest is then composed and sent by send-email.
 */
export const sendWeeklyDigests = defineJob({
  name: 'send-weekly-digests',
  payload: z.object({}),
  retryLimit: 2,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 1800,
});

/** Every hour (UTC): whatever a timezone's offset, exactly one run falls in its 08:00-08:59. */
export const SEND_WEEKLY_DIGESTS_CRON = '0 * * * *';
