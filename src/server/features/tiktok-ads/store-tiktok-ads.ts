import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { adLibraryEntries, type competitors } from '../../db/schema/index.ts';
import type { TikTokAdFields } from '../../integrations/tiktok-ad-library/tiktok-ads.ts';

type CompetitorRow = typeof competitors.$inferSelect;

/**
 * Upserts one page of a competitor's TikTok ads under its owner, by (competitor, platform, ad
 * id): a known ad keeps its first-seen date and gets its last-shown date, status, reach and media
 * refreshed; a new one is added. Nothing TikTok does not state is written (no spend, impressions
 * or text).
 */
export async function storeTikTokAds(
  db: Database,
  competitor: CompetitorRow,
  ads: TikTokAdFields[],
  now = new Date(),
): Promise<{ added: number; updated: number }> {
  const unique = [...new Map(ads.map((ad) => [ad.adId, ad])).values()];
  if (unique.length === 0) return { added: 0, updated: 0 };
  const known = await db
    .select({ adId: adLibraryEntries.adId })
    .from(adLibraryEntries)
    .where(
      and(
        eq(adLibraryEntries.competitorId, competitor.id),
        eq(adLibraryEntries.platform, 'tiktok'),
        inArray(
          adLibraryEntries.adId,
          unique.map((ad) => ad.adId),
        ),
      ),
    );
  await db
    .insert(adLibraryEntries)
    .values(
      unique.map((ad) => ({
        competitorId: competitor.id,
        userId: competitor.userId,
        platform: 'tiktok' as const,
        source: 'tiktok' as const,
        adId: ad.adId,
        isActive: ad.isActive,
        firstSeenAt: ad.firstSeenAt,
        // while it is active, it was seen now; once stopped, its last shown day
        lastSeenAt: ad.isActive ? now : ad.lastSeenAt,
        videoUrl: ad.videoUrl,
        imageUrl: ad.imageUrl,
        reachAsStated: ad.reachAsStated,
        pageId: ad.pageId,
        pageName: ad.pageName,
        adLibraryUrl: ad.adLibraryUrl,
        adType: ad.videoUrl ? ('video' as const) : ad.imageUrl ? ('image' as const) : null,
      })),
    )
    .onConflictDoUpdate({
      target: [adLibraryEntries.competitorId, adLibraryEntries.platform, adLibraryEntries.adId],
      set: {
        isActive: sql`excluded.is_active`,
        lastSeenAt: sql`excluded.last_seen_at`,
        videoUrl: sql`excluded.video_url`,
        imageUrl: sql`excluded.image_url`,
        reachAsStated: sql`excluded.reach_as_stated`,
        pageId: sql`excluded.page_id`,
        pageName: sql`excluded.page_name`,
        adLibraryUrl: sql`excluded.snapshot_url`,
        firstSeenAt: sql`coalesce(${adLibraryEntries.firstSeenAt}, excluded.first_seen_at)`,
      },
    });
  return { added: unique.length - known.length, updated: known.length };
}
