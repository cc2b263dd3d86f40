import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Hourly: compares every competitor that has no comparison for the current ISO week yet (so the
 * week's comparisons happen early on Monday, UTC, and a server that was down then catches up), and
 * tells the owners. Once per competitor per week whatever the number of processes: see
 * features/ad-changes/weekly-ad-changes.ts.
 */
export const checkAdChanges = defineJob({
  name: 'check-ad-changes',
  payload: z.object({}),
  retryLimit: 2,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 1800,
});

export const CHECK_AD_CHANGES_CRON = '20 * * * *';
