import { noWebsiteToWatchMessage, type TPageCheck } from '../../../shared/schemas/page-watch.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { assertIsCompetitor } from '../competitors/own-brand-row.ts';
import { getTrackedCompetitorOrThrow } from '../competitors/tracked-brand.ts';
import type { FeatureContext } from '../context.ts';

/**
 * POST /api/competitors/{id}/page-snapshots: checks the pages now, in the request. Two pages and
 * robots.txt at 10 s each at most, so the person who pressed "Check now" sees the outcome at once.
 */
export async function checkCompetitorPages(
  ctx: Pick<FeatureContext, 'db' | 'config'>,
  { actor, competitorId }: { actor: Actor; competitorId: string },
): Promise<TPageCheck> {
  const competitor = await getTrackedCompetitorOrThrow(ctx.db, actor, competitorId, { toChange: true });
  assertIsCompetitor(competitor, 'watching pages');
  if (!competitor.website) throw new AppError('validation', noWebsiteToWatchMessage(competitor.name));
  // The page readers bring cheerio: loaded at the first check, not when the server starts.
  const { takePageSnapshots } = await import('./take-page-snapshots.ts');
  return takePageSnapshots({ db: ctx.db, allowLoopback: ctx.config.crawlerAllowLoopback }, competitor);
}
