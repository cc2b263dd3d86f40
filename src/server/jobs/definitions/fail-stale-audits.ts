import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * An audit's job gets three attempts of at most 5 minutes each, retried seconds after a worker dies
 * (its lease lapses). An audit still processing whose job failed for good (its worker died on the
 * last attempt), or long after every attempt (it was never queued), is failed with a reason, so
 * the brand can be audited again and the plan does not count it.
 */
export const failStaleAudits = defineJob({
  name: 'fail-stale-audits',
  payload: z.object({}),
  retryLimit: 1,
  retryDelay: 30,
  retryBackoff: false,
  expireInSeconds: 60,
});

export const FAIL_STALE_AUDITS_CRON = '*/5 * * * *';
export const STALE_AUDIT_MINUTES = 20;
