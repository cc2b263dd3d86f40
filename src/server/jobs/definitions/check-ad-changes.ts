import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Weekly, Monday 06:20 UTC (after the page watch): compares every competitor that has no
 * comparison for the current ISO week yet, and tells the owners. Once per competitor per week
 * whatever the number of processes or runs: see features/ad-changes/weekly-ad-changes.ts.
 */
export const checkAdChanges = defineJob({
  name: 'check-ad-changes',
  payload: z.object({}),
  retryLimit: 2,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 1800,
});

export const CHECK_AD_CHANGES_CRON = '20 6 * * 1';
