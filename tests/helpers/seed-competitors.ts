import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { adLibraryEntries, competitors } from '../../src/server/db/schema/index.ts';

type AdInsert = typeof adLibraryEntries.$inferInsert;

/** A competitor of an existing brand, stored directly. */
export async function seedCompetitor(
  database: DatabaseHandle,
  brand: { id: string; userId: string },
  name: string,
  extra: Partial<typeof competitors.$inferInsert> = {},
) {
  const [row] = await database.db
    .insert(competitors)
    .values({ brandId: brand.id, userId: brand.userId, name, ...extra })
    .returning();
  return row!;
}

/** Ads of a competitor, stored directly as a connector or a person would have left them. */
export async function seedAds(
  database: DatabaseHandle,
  competitor: { id: string; userId: string },
  ads: Omit<AdInsert, 'competitorId' | 'userId'>[],
) {
  if (ads.length === 0) return [];
  return database.db
    .insert(adLibraryEntries)
    .values(ads.map((ad) => ({ ...ad, competitorId: competitor.id, userId: competitor.userId })))
    .returning();
}

const DAY = 86_400_000;

/**
 * A small, fixed library: the leading competitor's long-running sale ad, its reviews ad with
 * disclosed targeting, a quote ad for small businesses; the second competitor's stopped booking
 * ad with a disclosed spend range.
 */
export function sampleLibrary(now: Date) {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const leader: Omit<AdInsert, 'competitorId' | 'userId'>[] = [
    {
      platform: 'meta',
      adId: 'm-1',
      adTitle: 'Spring sale: 20% off all loaves',
      adText: 'Shop now, ends Sunday. For families who love fresh bread.',
      adType: 'image',
      campaignObjective: 'conversions',
      firstSeenAt: ago(64),
      lastSeenAt: now,
      source: 'meta',
    },
    {
      platform: 'meta',
      adId: 'm-2',
      adTitle: 'Loved by locals',
      adText: 'Rated 4.9 stars by 2,000 customers. Shop now.',
      adType: 'video',
      campaignObjective: 'traffic',
      firstSeenAt: ago(12),
      lastSeenAt: now,
      targeting: { target_ages: ['25', '44'], target_gender: 'Women' },
      source: 'meta',
    },
    {
      platform: 'meta',
      adId: 'm-3',
      adTitle: 'Office catering',
      adText: 'Catering for small business events. Get a quote today.',
      landingPageCta: 'Get a quote',
      adType: 'image',
      campaignObjective: 'lead_generation',
      firstSeenAt: ago(9),
      lastSeenAt: now,
      source: 'meta',
    },
    {
      platform: 'google',
      adTitle: 'Fresh sourdough delivered',
      adText: 'Handmade sourdough, baked fresh. Order now for next-day delivery.',
      adType: 'image',
      firstSeenAt: ago(4),
      lastSeenAt: now,
      source: 'manual',
    },
  ];
  const second: Omit<AdInsert, 'competitorId' | 'userId'>[] = [
    {
      platform: 'meta',
      adId: 'b-1',
      adTitle: 'Bakery cafe',
      adText: 'Book a table at our bakery cafe',
      adType: 'carousel',
      isActive: false,
      firstSeenAt: ago(20),
      lastSeenAt: ago(8),
      spend: '100-199',
      spendCurrency: 'GBP',
      source: 'meta',
    },
  ];
  return { leader, second };
}
