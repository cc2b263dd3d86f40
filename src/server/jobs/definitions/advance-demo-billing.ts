import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Demo billing's clock: what a payment provider does as time passes (a pending payment settles, a
 * trial ends, a month renews, a cancellation takes effect), applied as its webhooks would be.
 * Scheduled only when demo billing is on.
 */
export const advanceDemoBilling = defineJob({
  name: 'advance-demo-billing',
  payload: z.object({}),
  retryLimit: 1,
  retryDelay: 30,
  retryBackoff: false,
  expireInSeconds: 60,
});

export const ADVANCE_DEMO_BILLING_CRON = '* * * * *';
