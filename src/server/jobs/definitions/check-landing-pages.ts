import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Fetches the landing pages of these ads (those not checked in the last 7 days) with the SSRF-safe
 * fetch and records each page's title and main call to action. Running twice is harmless.
 */
export const checkLandingPagesJob = defineJob({
  name: 'check-landing-pages',
  payload: z.object({ adIds: z.array(z.uuid()).min(1).max(200) }),
  retryLimit: 1,
  retryDelay: 30,
  retryBackoff: false,
  expireInSeconds: 1200,
});
