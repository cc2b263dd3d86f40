import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Reads one competitor's ads from TikTok's Commercial Content API and upserts them (a
 * task_progress row carries progress and result). Running again is safe: ads are upserted by
 * (competitor, platform, ad id). 500 ads are ten requests; 30 minutes leave room for Retry-After.
 */
export const discoverTikTokAdsJob = defineJob({
  name: 'discover-tiktok-ads',
  payload: z.object({ taskId: z.uuid() }),
  retryLimit: 2,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 1800,
  heartbeatSeconds: 15,
});
