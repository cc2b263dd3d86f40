import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { TAd, TAdPlatform, TMetaMediaType } from '../../../shared/schemas/competitors.ts';
import { adLibraryEntries, competitors } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { toAd } from '../competitors/ad-dto.ts';
import { getTrackedBrandOrThrow } from '../competitors/tracked-brand.ts';
import type { FeatureContext } from '../context.ts';

/**
 * The ads of a brand's competitors, most recently seen first, optionally of one competitor, platform,
 * Meta media type or publisher platform (where a Meta ad ran).
 */
export async function listAds(
  ctx: Pick<FeatureContext, 'db'>,
  {
    actor,
    brandId,
    competitorId,
    platform,
    mediaType,
    publisherPlatform,
  }: {
    actor: Actor;
    brandId: string;
    competitorId?: string;
    platform?: TAdPlatform;
    mediaType?: TMetaMediaType;
    publisherPlatform?: string;
  },
): Promise<TAd[]> {
  const brand = await getTrackedBrandOrThrow(ctx.db, actor, brandId);
  const conditions: SQL[] = [eq(competitors.brandId, brand.id), ownedBy(actor, adLibraryEntries.userId)];
  if (competitorId) conditions.push(eq(adLibraryEntries.competitorId, competitorId));
  if (platform) conditions.push(eq(adLibraryEntries.platform, platform));
  if (mediaType) conditions.push(eq(adLibraryEntries.metaMediaType, mediaType));
  if (publisherPlatform) {
    conditions.push(sql`${adLibraryEntries.publisherPlatforms} @> ${JSON.stringify([publisherPlatform])}::jsonb`);
  }
  const rows = await ctx.db
    .select({ ad: adLibraryEntries })
    .from(adLibraryEntries)
    .innerJoin(competitors, eq(competitors.id, adLibraryEntries.competitorId))
    .where(and(...conditions))
    .orderBy(desc(adLibraryEntries.lastSeenAt), desc(adLibraryEntries.createdAt));
  const now = new Date();
  return rows.map((row) => toAd(row.ad, now));
}
