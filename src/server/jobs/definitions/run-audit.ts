import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Crawls, measures and scores one audit. The worker renews the attempt's 15 s lease while it runs,
 * so an attempt whose worker died is retried within seconds of the lease lapsing (see
 * docs/decisions on resuming audits). A crawl is capped at 2 minutes, so an attempt still running
 * after 5 is taken as hung and retried as well.
 */
export const runAuditJob = defineJob({
  name: 'run-audit',
  payload: z.object({ auditId: z.uuid() }),
  retryLimit: 2,
  // A retry follows a crashed worker or a passing fault: 2-4 s, then 4-8 s, is spacing enough.
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 300,
  heartbeatSeconds: 15,
});
