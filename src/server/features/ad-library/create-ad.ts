import type { TAd } from '../../../shared/schemas/competitors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { adLibraryEntries } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { queueLandingPageChecks } from '../ad-discovery/check-landing-pages.ts';
import { type AdRow, toAd } from '../competitors/ad-dto.ts';
import { getTrackedCompetitorOrThrow } from '../competitors/tracked-brand.ts';
import type { FeatureContext } from '../context.ts';
import { type AdInput, adColumns, assertSeenDatesPast, seenDate } from './ad-columns.ts';

export const duplicateAdId = 'This competitor already has an ad with that ad id on that platform: edit that ad instead';

/**
 * An ad entered by hand: first seen as given or today, last seen as given or now. Its landing page,
 * if any, is read in the background for its title and main call to action.
 */
export async function createAd(
  ctx: Pick<FeatureContext, 'db' | 'queue'>,
  { actor, input }: { actor: Actor; input: AdInput },
): Promise<TAd> {
  const competitor = await getTrackedCompetitorOrThrow(ctx.db, actor, input.competitorId, { toChange: true });
  const now = new Date();
  const firstSeenAt = input.firstSeenAt ? seenDate(input.firstSeenAt) : now;
  const lastSeenAt = input.lastSeenAt ? seenDate(input.lastSeenAt) : now;
  assertSeenDatesPast(firstSeenAt, lastSeenAt, now);
  if (lastSeenAt < firstSeenAt) throw new AppError('validation', 'Last seen cannot be before first seen');
  try {
    const [row] = await ctx.db
      .insert(adLibraryEntries)
      .values({ ...adColumns(input), userId: competitor.userId, firstSeenAt, lastSeenAt, source: 'manual' })
      .returning();
    const ad = row as AdRow;
    if (ad.landingPageUrl) await queueLandingPageChecks(ctx, [ad.id]);
    return toAd(ad, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', duplicateAdId);
    throw error;
  }
}
