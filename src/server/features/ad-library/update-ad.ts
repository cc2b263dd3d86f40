import { and, eq } from 'drizzle-orm';
import type { TAd } from '../../../shared/schemas/competitors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { adLibraryEntries } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { queueLandingPageChecks } from '../ad-discovery/check-landing-pages.ts';
import { type AdRow, toAd } from '../competitors/ad-dto.ts';
import { getAdToChangeOrThrow, getTrackedCompetitorOrThrow } from '../competitors/tracked-brand.ts';
import type { FeatureContext } from '../context.ts';
import { type AdInput, adColumns, assertSeenDatesPast, seenDate } from './ad-columns.ts';
import { duplicateAdId } from './create-ad.ts';

/**
 * Edits an ad with the dialog's fields. It may move to another of the actor's competitors; seen
 * dates left out keep their stored values. The source stays what it was.
 */
export async function updateAd(
  ctx: Pick<FeatureContext, 'db' | 'queue'>,
  { actor, adId, input }: { actor: Actor; adId: string; input: AdInput },
): Promise<TAd> {
  const ad = await getAdToChangeOrThrow(ctx.db, actor, adId);
  const competitor = await getTrackedCompetitorOrThrow(ctx.db, actor, input.competitorId, { toChange: true });
  const firstSeenAt = input.firstSeenAt ? seenDate(input.firstSeenAt) : ad.firstSeenAt;
  const lastSeenAt = input.lastSeenAt ? seenDate(input.lastSeenAt) : ad.lastSeenAt;
  assertSeenDatesPast(firstSeenAt, lastSeenAt);
  if (firstSeenAt && lastSeenAt && lastSeenAt < firstSeenAt) {
    throw new AppError('validation', 'Last seen cannot be before first seen');
  }
  try {
    const [row] = await ctx.db
      .update(adLibraryEntries)
      .set({ ...adColumns(input), userId: competitor.userId, firstSeenAt, lastSeenAt })
      .where(and(eq(adLibraryEntries.id, adId), ownedBy(actor, adLibraryEntries.userId)))
      .returning();
    const updated = row as AdRow;
    // A new landing page is read at once rather than at the next weekly recheck.
    if (updated.landingPageUrl && updated.landingPageUrl !== ad.landingPageUrl) {
      await ctx.db
        .update(adLibraryEntries)
        .set({ landingPageTitle: null, landingPageCta: null, landingPageCheckedAt: null })
        .where(eq(adLibraryEntries.id, updated.id));
      await queueLandingPageChecks(ctx, [updated.id]);
      return toAd({ ...updated, landingPageTitle: null, landingPageCta: null, landingPageCheckedAt: null });
    }
    return toAd(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', duplicateAdId);
    throw error;
  }
}
