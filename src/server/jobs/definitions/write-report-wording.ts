import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Has the configured language model reword a sentiment report's reading from its figures. The
 * report is complete without it (the local sentences stand), so a failed attempt only delays the
 * wording; each model call is bounded by AI_TIMEOUT_MS.
 */
export const writeReportWordingJob = defineJob({
  name: 'write-sentiment-report-wording',
  payload: z.object({ reportId: z.uuid() }),
  retryLimit: 2,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 300,
  singletonKey: ({ reportId }) => reportId,
});
