import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Reads every source of a brand, analyses the new items and stores them (a task_progress row
 * carries its progress and result). The worker renews a 15 s lease while it runs, so an attempt
 * whose process died is retried within seconds; re-reading is safe, since stored items are
 * recognised by their dedupe keys. A site crawl is capped at 2 minutes, feeds at 10 s each, so an
 * attempt still running after 15 minutes is taken as hung.
 */
export const discoverInsightsJob = defineJob({
  name: 'discover-insights',
  payload: z.object({ taskId: z.uuid() }),
  retryLimit: 2,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 900,
  heartbeatSeconds: 15,
});
