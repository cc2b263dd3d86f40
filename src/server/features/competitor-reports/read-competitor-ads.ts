import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { AnalysedAd, AnalysedCompetitor, CompetitiveWindow } from '../../analysis/competitive/index.ts';
import type { Database } from '../../db/client.ts';
import { adLibraryEntries, competitors } from '../../db/schema/index.ts';
import { seenAtKeyText } from '../ad-library/ad-feed-order.ts';
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

/** An ad as the analysis reads it, with what the report lists of TikTok ads besides. */
export type ReportAd = AnalysedAd & { adId: string | null; reachAsStated: string | null; adLibraryUrl: string | null };

/** Ads read per query: a report holds one batch of whole ads at a time, whatever the library's size. */
export const REPORT_BATCH_SIZE = 500;

const reportAdColumns = {
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
  seenKey: seenAtKeyText,
};

/**
 * The competitors' ads that may have run in the window, a batch at a time: narrowed by the
 * database with the rule the analysis applies (it checks again): first seen before the end, active
 * or last known to run (seen_at) after the start. Each competitor's ads are read in the library's
 * order (seen_at, then id, newest first) on its index, each batch after the last row of the one
 * before (its date to the microsecond), so no batch costs more than the first, none repeats or
 * skips an ad, and no connection is held between them.
 */
export async function* competitorAdBatches(
  db: Database,
  ownerId: string,
  competitorIds: string[],
  window: CompetitiveWindow,
): AsyncGenerator<ReportAd[]> {
  const firstSeen = sql`coalesce(${adLibraryEntries.firstSeenAt}, ${adLibraryEntries.createdAt})`;
  for (const competitorId of competitorIds) {
    let after: { seenKey: string; id: string } | null = null;
    for (;;) {
      const rows: (ReportAd & { seenKey: string })[] = await db
        .select(reportAdColumns)
        .from(adLibraryEntries)
        .where(
          and(
            eq(adLibraryEntries.competitorId, competitorId),
            eq(adLibraryEntries.userId, ownerId),
            sql`${firstSeen} < ${window.end.toISOString()}::timestamptz`,
            or(eq(adLibraryEntries.isActive, true), gte(adLibraryEntries.seenAt, window.start)),
            after
              ? sql`(${adLibraryEntries.seenAt}, ${adLibraryEntries.id}) < (${after.seenKey}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(adLibraryEntries.seenAt), desc(adLibraryEntries.id))
        .limit(REPORT_BATCH_SIZE);
      if (rows.length > 0) yield rows;
      const last = rows.at(-1);
      if (rows.length < REPORT_BATCH_SIZE || !last) break;
      after = { seenKey: last.seenKey, id: last.id };
    }
  }
}

/** The words of the ads a report cites, by id: the readings keep none. */
export async function citedAdWords(
  db: Database,
  ownerId: string,
  ids: string[],
): Promise<Map<string, { adTitle: string | null; adText: string | null; landingPageTitle: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: adLibraryEntries.id,
      adTitle: adLibraryEntries.adTitle,
      adText: adLibraryEntries.adText,
      landingPageTitle: adLibraryEntries.landingPageTitle,
    })
    .from(adLibraryEntries)
    .where(and(eq(adLibraryEntries.userId, ownerId), inArray(adLibraryEntries.id, ids)));
  return new Map(rows.map(({ id, ...words }) => [id, words]));
}
