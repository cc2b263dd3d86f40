/**
 * The TikTok discovery job's work: read the competitor's chosen advertiser's ads (published in the
 * last year, TikTok's query window) page by page, upsert each page, and record what was added or
 * updated, or why it failed. Every request is counted against the server's daily quota first.
 */
import { eq } from 'drizzle-orm';
import {
  type TTikTokDiscoveryResult,
  tiktokCoverageMessage,
  tiktokNotAvailableMessage,
} from '../../../shared/schemas/tiktok-ads.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { brands, competitors } from '../../db/schema/index.ts';
import type { RetryPolicy } from '../../integrations/http/fetch-service.ts';
import { MAX_TIKTOK_ADS_PER_RUN, queryAdvertiserAdsPage } from '../../integrations/tiktok-ad-library/tiktok-ads.ts';
import { TikTokApiError } from '../../integrations/tiktok-ad-library/tiktok-request.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import { completeTask, failTask, openTask, progressReporter } from '../tasks/task-progress.ts';
import { storeTikTokAds } from './store-tiktok-ads.ts';
import { tiktokSettingsOf } from './tiktok-settings.ts';

export type TikTokDiscoveryDeps = {
  db: Database;
  config: Config;
  /** tests: faster retries */
  retry?: RetryPolicy;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const yyyymmdd = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');

/** Runs one TikTok discovery task; safe to run again for the same task (a retried job). */
export async function runTikTokDiscovery(deps: TikTokDiscoveryDeps, taskId: string, signal?: AbortSignal) {
  const { db } = deps;
  const task = await openTask(db, taskId);
  if (!task?.subjectId) return 'skipped' as const;
  const [competitor] = await db.select().from(competitors).where(eq(competitors.id, task.subjectId));
  const [brand] = competitor ? await db.select().from(brands).where(eq(brands.id, competitor.brandId)) : [];
  if (!competitor || !brand || !competitor.tiktokBusinessId) {
    await failTask(db, taskId, 'The competitor or its TikTok advertiser was removed before the discovery ran.');
    return 'failed' as const;
  }
  const settings = tiktokSettingsOf(deps.config, db, { retry: deps.retry, signal });
  if (!settings) {
    await failTask(db, taskId, tiktokNotAvailableMessage);
    return 'failed' as const;
  }
  await assertCanChangeBrand(db, brand, { feature: 'competitorTracking', toDoMore: 'keep tracking competitors' });
  const progress = progressReporter(db, taskId);
  const now = new Date();
  const query = {
    businessId: competitor.tiktokBusinessId,
    market: brand.adMarket,
    from: yyyymmdd(new Date(now.getTime() - 365 * DAY_MS)),
    to: yyyymmdd(now),
  };
  const result: TTikTokDiscoveryResult = {
    competitorId: competitor.id,
    businessId: competitor.tiktokBusinessId,
    read: 0,
    added: 0,
    updated: 0,
    capped: false,
    coverage: tiktokCoverageMessage,
  };
  let searchId: string | null = null;
  let percent = 10;
  try {
    for (;;) {
      await progress(`Reading ${competitor.name}'s TikTok ads (${result.read} so far)`, percent);
      const page = await queryAdvertiserAdsPage(settings, query, searchId);
      const stored = await storeTikTokAds(db, competitor, page.ads, now);
      result.read += page.ads.length;
      result.added += stored.added;
      result.updated += stored.updated;
      searchId = page.searchId;
      percent += (95 - percent) / 2;
      if (!page.hasMore || !searchId || page.ads.length === 0) break;
      if (result.read >= MAX_TIKTOK_ADS_PER_RUN) {
        result.capped = true;
        break;
      }
    }
  } catch (error) {
    // A stopped attempt (shutdown, expiry) is retried by the queue, not failed.
    if (!(error instanceof TikTokApiError) || signal?.aborted) throw error;
    // What was stored before the failure stays; the reason is the connector's words.
    const kept = result.read > 0 ? ` ${result.read} ads read before it were kept.` : '';
    await failTask(db, taskId, `${error.message}${kept}`, result);
    return 'failed' as const;
  }
  await completeTask(db, taskId, result);
  return 'completed' as const;
}
