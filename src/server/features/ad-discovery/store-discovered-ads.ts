import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isRowRefused } from '../../db/errors.ts';
import { adLibraryEntries, type competitors } from '../../db/schema/index.ts';
import type { AdFields } from '../../integrations/meta-ad-library/parse-ads-archive.ts';

type CompetitorRow = typeof competitors.$inferSelect;

/**
 * added/updated count rows; `newAdIds` are the Meta ad ids that had no row before, so a run that
 * meets one ad in several searches (markets, media types) can count it once.
 */
export type StoredPage = { added: number; updated: number; ids: string[]; newAdIds: string[]; refused: number };

/**
 * Upserts one page of discovered Meta ads under the competitor's owner, in one statement. A known
 * ad keeps its first-seen date and gets its last-seen date, active state and disclosures
 * refreshed; a new one is added. The fields come cleaned (toAdFields); should PostgreSQL still
 * refuse a row's values, the page is stored ad by ad and only that ad is left out (counted in
 * `refused`), so one bad ad never costs the others.
 */
export async function storeDiscoveredAds(
  db: Database,
  competitor: CompetitorRow,
  ads: AdFields[],
): Promise<StoredPage> {
  try {
    return { ...(await upsertPage(db, competitor, ads)), refused: 0 };
  } catch (error) {
    if (!isRowRefused(error) || ads.length < 2) {
      if (isRowRefused(error)) return { added: 0, updated: 0, ids: [], newAdIds: [], refused: ads.length };
      throw error;
    }
  }
  const stored: StoredPage = { added: 0, updated: 0, ids: [], newAdIds: [], refused: 0 };
  for (const ad of ads) {
    const one = await storeDiscoveredAds(db, competitor, [ad]);
    stored.added += one.added;
    stored.updated += one.updated;
    stored.ids.push(...one.ids);
    stored.newAdIds.push(...one.newAdIds);
    stored.refused += one.refused;
  }
  return stored;
}

async function upsertPage(
  db: Database,
  competitor: CompetitorRow,
  ads: AdFields[],
): Promise<Omit<StoredPage, 'refused'>> {
  // The same ad twice on one page would make the statement touch a row twice.
  const unique = [...new Map(ads.map((ad) => [ad.adId, ad])).values()];
  if (unique.length === 0) return { added: 0, updated: 0, ids: [], newAdIds: [] };
  const known = await db
    .select({ adId: adLibraryEntries.adId })
    .from(adLibraryEntries)
    .where(
      and(
        eq(adLibraryEntries.competitorId, competitor.id),
        eq(adLibraryEntries.platform, 'meta'),
        inArray(
          adLibraryEntries.adId,
          unique.map((ad) => ad.adId),
        ),
      ),
    );
  const stored = await db
    .insert(adLibraryEntries)
    .values(
      unique.map((ad) => ({
        ...ad,
        competitorId: competitor.id,
        userId: competitor.userId,
        platform: 'meta' as const,
        source: 'meta' as const,
      })),
    )
    .onConflictDoUpdate({
      target: [adLibraryEntries.competitorId, adLibraryEntries.platform, adLibraryEntries.adId],
      set: {
        adText: sql`excluded.ad_text`,
        adTitle: sql`excluded.ad_title`,
        adLibraryUrl: sql`excluded.snapshot_url`,
        pageId: sql`excluded.page_id`,
        pageName: sql`excluded.page_name`,
        publisherPlatforms: sql`excluded.publisher_platforms`,
        languages: sql`excluded.languages`,
        lastSeenAt: sql`excluded.last_seen_at`,
        isActive: sql`excluded.is_active`,
        spend: sql`excluded.spend`,
        spendCurrency: sql`excluded.spend_currency`,
        impressions: sql`excluded.impressions`,
        reach: sql`excluded.reach`,
        targeting: sql`excluded.targeting`,
        // an ad met in another market's search keeps the markets it was met in before
        metaReachedMarkets: sql`(select coalesce(jsonb_agg(distinct market order by market), '[]'::jsonb) from jsonb_array_elements_text(${adLibraryEntries.metaReachedMarkets} || excluded.meta_reached_markets) as market)`,
        metaMediaType: sql`coalesce(excluded.meta_media_type, ${adLibraryEntries.metaMediaType})`,
        metaCreativeVersions: sql`excluded.meta_creative_versions`,
        metaReachBreakdown: sql`excluded.meta_reach_breakdown`,
        metaBeneficiaryPayers: sql`excluded.meta_beneficiary_payers`,
        // first seen is kept; filled only if it was unknown
        firstSeenAt: sql`coalesce(${adLibraryEntries.firstSeenAt}, excluded.first_seen_at)`,
      },
    })
    .returning({ id: adLibraryEntries.id });
  const knownIds = new Set(known.map((row) => row.adId));
  return {
    added: unique.length - known.length,
    updated: known.length,
    ids: stored.map((row) => row.id),
    newAdIds: unique.map((ad) => ad.adId).filter((adId) => !knownIds.has(adId)),
  };
}
