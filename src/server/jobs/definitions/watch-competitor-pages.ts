import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Weekly: a text snapshot of every active competitor's home and pricing pages (robots.txt
 * respected), stored only when the text changed. One competitor at a time, each at most three
 * fetches of 10 s, so a few hundred competitors fit well inside the hour; a competitor whose site
 * fails is recorded as failed and the others still run.
 */
export const watchCompetitorPages = defineJob({
  name: 'watch-competitor-pages',
  payload: z.object({}),
  retryLimit: 1,
  retryDelay: 300,
  retryBackoff: false,
  expireInSeconds: 3600,
  heartbeatSeconds: 30,
});

/** Mondays at 06:00 UTC. */
export const WATCH_COMPETITOR_PAGES_CRON = '0 6 * * 1';
