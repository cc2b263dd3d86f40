import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { tiktokApiUsage } from '../../db/schema/index.ts';
import type { RetryPolicy } from '../../integrations/http/fetch-service.ts';
import {
  QUOTA_MESSAGE,
  TikTokApiError,
  type TikTokSettings,
} from '../../integrations/tiktok-ad-library/tiktok-request.ts';

/** Research requests a TikTok client may make per UTC day (TikTok's figure for research clients). */
export const TIKTOK_DAILY_REQUEST_LIMIT = 1000;

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Counts one request against today's quota, for every process at once (one row per UTC day,
 * incremented in the database); refuses it once the day's requests are spent, so the server
 * stops before TikTok refuses it (and before one user's discovery spends what another needs).
 */
export async function countTikTokRequest(db: Database, now = new Date(), limit = TIKTOK_DAILY_REQUEST_LIMIT) {
  const [counted] = await db
    .insert(tiktokApiUsage)
    .values({ day: utcDay(now), requests: 1 })
    .onConflictDoUpdate({
      target: tiktokApiUsage.day,
      set: { requests: sql`${tiktokApiUsage.requests} + 1` },
      setWhere: sql`${tiktokApiUsage.requests} < ${limit}`,
    })
    .returning({ requests: tiktokApiUsage.requests });
  if (!counted) throw new TikTokApiError('quota', QUOTA_MESSAGE, 'daily_quota_limit_exceeded');
}

/** The client's settings when TikTok is configured on this server; null when it is not. */
export function tiktokSettingsOf(
  config: Config,
  db: Database,
  options: { retry?: RetryPolicy; signal?: AbortSignal } = {},
): TikTokSettings | null {
  const { apiUrl, credentials } = config.services.tiktok;
  if (!credentials) return null;
  return { apiUrl, credentials, ...options, countRequest: () => countTikTokRequest(db) };
}
