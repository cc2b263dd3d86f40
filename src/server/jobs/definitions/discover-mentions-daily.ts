import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Hourly: starts today's discovery of every SMB and Agency brand whose hour has come
 * (features/mention-discovery/daily-discovery.ts). Any number of processes may run it at once:
 * each brand and day is claimed in the database, so a brand is discovered once a day.
 */
export const discoverMentionsDaily = defineJob({
  name: 'discover-mentions-daily',
  payload: z.object({
    /** The time the pass is for (ISO 8601); the schedule leaves it out, meaning now. */
    at: z.iso.datetime({ offset: true }).optional(),
  }),
  retryLimit: 2,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds: 1800,
});

/** Every hour (UTC), a few minutes past: slots are whole hours. */
export const DISCOVER_MENTIONS_DAILY_CRON = '5 * * * *';
