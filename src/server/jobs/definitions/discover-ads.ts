import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Searches the Meta Ad Library for one competitor's ads, or every competitor's of a brand, and
 * upserts them (a task_progress row carries progress and result). The worker renews a 15 s lease
 * while it runs, so an attempt whose process died is retried within seconds; running again is
 * safe, since ads are upserted by (competitor, platform, ad id). 1,000 ads per competitor with
 * retries fit well inside 30 minutes.
 */
export const discoverAdsJob = defineJob({
  name: 'discover-ads',
  payload: z.object({ taskId: z.uuid() }),
  retryLimit: 2,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 1800,
  heartbeatSeconds: 15,
});
