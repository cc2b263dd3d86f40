import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Daily: queues landing-page checks for ads whose page was never checked or was checked more than
 * 7 days ago (a few hundred a day at most, oldest first), so a competitor's changed offer shows.
 */
export const recheckLandingPages = defineJob({
  name: 'recheck-landing-pages',
  payload: z.object({}),
  retryLimit: 1,
  retryDelay: 60,
  retryBackoff: false,
  expireInSeconds: 120,
});

export const RECHECK_LANDING_PAGES_CRON = '17 4 * * *';
/** Ads queued per daily run. */
export const RECHECK_LANDING_PAGES_PER_RUN = 1000;
