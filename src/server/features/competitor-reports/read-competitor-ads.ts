import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnalysedAd, AnalysedCompetitor, CompetitiveWindow } from '../../analysis/competitive/index.ts';
import type { Database } from '../../db/client.ts';
import { adLibraryEntries, competitors } from '../../db/schema/index.ts';
import { ownBrandLabel } from '../competitors/own-brand-row.ts';

/** The brand's competitors (and its own row), and whether any of them has an ad at all (SPEC §5). */
export async function brandCompetitors(
  db: Database,
  brand: { id: string; userId: string },
): Promise<AnalysedCompetitor[]> {
  const rows = await db
    .select({ id: competitors.id, name: competitors.name, isOwnBrand: competitors.isOwnBrand })
    .from(competitors)
    .where(and(eq(competitors.brandId, brand.id), eq(competitors.userId, brand.userId)))
    .orderBy(competitors.name);
  // the brand's own row is analysed beside its competitors, under a name that says it is the brand
  return rows.map((row) => ({
    id: row.id,
    name: row.isOwnBrand ? ownBrandLabel(row.name) : row.name,
    isOwnBrand: row.isOwnBrand,
  }));
}

export async function competitorsHaveAds(db: Database, ownerId: string, competitorIds: string[]) {
  if (competitorIds.length === 0) return false;
  const [found] = await db
    .select({ id: adLibraryEntries.id })
    .from(adLibraryEntries)
    .where(and(eq(adLibraryEntries.userId, ownerId), inArray(adLibraryEntries.competitorId, competitorIds)))
    .limit(1);
  return Boolean(found);
}

/**
 * The competitors' ads that may have run in the window, narrowed by the database with the same
 * rule the analysis applies (it checks again): first seen before the end, active or last seen after
 * the start.
 */
/** An ad as the analysis reads it, with what the report lists of TikTok ads besides. */
export type ReportAd = AnalysedAd & { adId: string | null; reachAsStated: string | null; adLibraryUrl: string | null };

export async function competitorAdsIn(
  db: Database,
  ownerId: string,
  competitorIds: string[],
  window: CompetitiveWindow,
): Promise<ReportAd[]> {
  if (competitorIds.length === 0) return [];
  const from = sql`coalesce(${adLibraryEntries.firstSeenAt}, ${adLibraryEntries.createdAt})`;
  const to = sql`coalesce(${adLibraryEntries.lastSeenAt}, ${adLibraryEntries.firstSeenAt}, ${adLibraryEntries.createdAt})`;
  const rows = await db
    .select({
      id: adLibraryEntries.id,
      competitorId: adLibraryEntries.competitorId,
      platform: adLibraryEntries.platform,
      adTitle: adLibraryEntries.adTitle,
      adText: adLibraryEntries.adText,
      landingPageTitle: adLibraryEntries.landingPageTitle,
      landingPageCta: adLibraryEntries.landingPageCta,
      adType: adLibraryEntries.adType,
      campaignObjective: adLibraryEntries.campaignObjective,
      isActive: adLibraryEntries.isActive,
      firstSeenAt: adLibraryEntries.firstSeenAt,
      lastSeenAt: adLibraryEntries.lastSeenAt,
      createdAt: adLibraryEntries.createdAt,
      targeting: adLibraryEntries.targeting,
      spend: adLibraryEntries.spend,
      spendCurrency: adLibraryEntries.spendCurrency,
      impressions: adLibraryEntries.impressions,
      reach: adLibraryEntries.reach,
      metaMediaType: adLibraryEntries.metaMediaType,
      publisherPlatforms: adLibraryEntries.publisherPlatforms,
      adId: adLibraryEntries.adId,
      reachAsStated: adLibraryEntries.reachAsStated,
      adLibraryUrl: adLibraryEntries.adLibraryUrl,
    })
    .from(adLibraryEntries)
    .where(
      and(
        eq(adLibraryEntries.userId, ownerId),
        inArray(adLibraryEntries.competitorId, competitorIds),
        sql`${from} < ${window.end.toISOString()}::timestamptz`,
        or(eq(adLibraryEntries.isActive, true), sql`${to} >= ${window.start.toISOString()}::timestamptz`),
      ),
    );
  return rows;
}
