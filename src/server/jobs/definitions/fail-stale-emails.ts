import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * A message whose send-email job failed for good while the row still said queued or sending (its
 * worker died during the last attempt, so nothing recorded why) is marked failed with a reason the
 * administrator can read in the outbox.
 */
export const failStaleEmails = defineJob({
  name: 'fail-stale-emails',
  payload: z.object({}),
  retryLimit: 1,
  retryDelay: 30,
  retryBackoff: false,
  expireInSeconds: 60,
});

export const FAIL_STALE_EMAILS_CRON = '*/5 * * * *';
