import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Crawls, measures and scores one audit. A crawl is capped at 2 minutes, so an attempt that has
 * not finished in 5 is taken as dead (its worker crashed) and retried.
 */
export const runAuditJob = defineJob({
  name: 'run-audit',
  payload: z.object({ auditId: z.uuid() }),
  retryLimit: 2,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
});
