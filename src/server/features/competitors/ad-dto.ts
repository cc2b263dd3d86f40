import { calendarDaysRun } from '../../../shared/ad-running-days.ts';
import type { TAd } from '../../../shared/schemas/competitors.ts';
import type { adLibraryEntries } from '../../db/schema/index.ts';

/** An ad as stored, less its search document (generated, read only by the database). */
export type AdRow = Omit<typeof adLibraryEntries.$inferSelect, 'searchVector'>;

/** Calendar days an ad has run (UTC, both ends counted): first seen to last seen, or to today while active. */
export function runningDaysOf(
  ad: Pick<AdRow, 'firstSeenAt' | 'lastSeenAt' | 'isActive'>,
  now = new Date(),
): number | null {
  if (!ad.firstSeenAt) return null;
  const end = ad.isActive ? now : (ad.lastSeenAt ?? ad.firstSeenAt);
  return calendarDaysRun(ad.firstSeenAt, end);
}

export function toAd(row: AdRow, now = new Date()): TAd {
  return {
    id: row.id,
    competitorId: row.competitorId,
    platform: row.platform,
    adId: row.adId,
    adTitle: row.adTitle,
    adText: row.adText,
    imageUrl: row.imageUrl,
    videoUrl: row.videoUrl,
    landingPageUrl: row.landingPageUrl,
    landingPageTitle: row.landingPageTitle,
    landingPageCta: row.landingPageCta,
    adType: row.adType,
    campaignObjective: row.campaignObjective,
    isActive: row.isActive,
    firstSeenAt: row.firstSeenAt?.toISOString() ?? null,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    runningDays: runningDaysOf(row, now),
    impressions: row.impressions,
    spend: row.spend,
    spendCurrency: row.spendCurrency,
    reach: row.reach,
    reachAsStated: row.reachAsStated,
    pageName: row.pageName,
    adLibraryUrl: row.adLibraryUrl,
    publisherPlatforms: row.publisherPlatforms,
    languages: row.languages,
    reachedMarkets: row.metaReachedMarkets,
    mediaType: row.metaMediaType,
    creativeVersions: row.metaCreativeVersions,
    targeting: (row.targeting as TAd['targeting']) ?? null,
    reachBreakdown: row.metaReachBreakdown,
    beneficiaryPayers: row.metaBeneficiaryPayers,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}
