import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Hourly: starts the monthly tracking audit of every brand whose slot this month has come
 * (features/brand-tracking). Any number of processes may run it at once: each brand and month is
 * claimed in the database, so a brand is audited once a month whichever process gets there first.
 */
export const trackBrandsMonthly = defineJob({
  name: 'track-brands-monthly',
  payload: z.object({
    /** The time the pass is for (ISO 8601); the schedule leaves it out, meaning now. */
    at: z.iso.datetime({ offset: true }).optional(),
  }),
  retryLimit: 2,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 1800,
});

/** Every hour (UTC), on the hour: slots are whole hours, so each is picked up as it comes. */
export const TRACK_BRANDS_MONTHLY_CRON = '0 * * * *';
