import type { TTikTokAdvertisers } from '../../../shared/schemas/tiktok-ads.ts';
import { tiktokNotAvailableMessage } from '../../../shared/schemas/tiktok-ads.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { MAX_SEARCH_TERM, queryAdvertisers } from '../../integrations/tiktok-ad-library/tiktok-advertisers.ts';
import { getTrackedCompetitorOrThrow } from '../competitors/tracked-brand.ts';
import type { FeatureContext } from '../context.ts';
import { appErrorOfTikTok } from './tiktok-errors.ts';
import { tiktokSettingsOf } from './tiktok-settings.ts';

/** The person waits for this: two tries, five seconds at most between them. */
const SEARCH_RETRY = { attempts: 2, baseDelayMs: 500, maxDelayMs: 5_000 };

/**
 * TikTok advertisers whose business name matches the competitor's name (or the words given), to
 * choose the competitor's own from. Nothing is stored.
 */
export async function findTikTokAdvertisers(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: { competitorId: string; searchTerm?: string } },
): Promise<TTikTokAdvertisers> {
  const competitor = await getTrackedCompetitorOrThrow(ctx.db, actor, input.competitorId, { toChange: true });
  const settings = tiktokSettingsOf(ctx.config, ctx.db, { retry: SEARCH_RETRY });
  if (!settings) throw new AppError('not_configured', tiktokNotAvailableMessage);
  const searchTerm = (input.searchTerm ?? competitor.name).slice(0, MAX_SEARCH_TERM);
  try {
    return { searchTerm, advertisers: await queryAdvertisers(settings, searchTerm) };
  } catch (error) {
    throw appErrorOfTikTok(error);
  }
}
