import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Discoveries and imports still open whose job failed for good (its worker died on the last
 * attempt), or that have not moved for 20 minutes, are failed with a reason: otherwise an open
 * discovery would block the user's next one for ever (one discovery at a time per user).
 */
export const failStaleInsightTasks = defineJob({
  name: 'fail-stale-insight-tasks',
  payload: z.object({}),
  retryLimit: 1,
  retryDelay: 30,
  retryBackoff: false,
  expireInSeconds: 60,
});

export const FAIL_STALE_INSIGHT_TASKS_CRON = '*/5 * * * *';
