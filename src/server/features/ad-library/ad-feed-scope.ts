import { and, eq, getTableColumns, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { TAdFeedFilters } from '../../../shared/schemas/ad-feed.ts';
import type { Database } from '../../db/client.ts';
import { adLibraryEntries as ads, competitors } from '../../db/schema/index.ts';
import { foldSearchWords } from '../../db/schema/search.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { getCompetitorOrThrow } from '../competitors/get-competitor-or-throw.ts';
import { getTrackedBrandOrThrow } from '../competitors/tracked-brand.ts';

const DAY_MS = 86_400_000;

/**
 * Which ads a feed request covers. `competitorsIn` picks the competitor rows (the brand's, or the
 * one chosen, and only the actor's: ownedBy); `adsMatch` holds every condition on the ad rows
 * themselves. Every query of the feed (page, total, summary, export) joins the ads to the
 * competitors it picks and carries both, so all of them read exactly the same ads.
 */
export type AdFeedScope = {
  brand: { id: string; name: string };
  competitorsIn: SQL;
  adsMatch: SQL;
};

/** The first instant of a UTC day written YYYY-MM-DD. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

function adConditions(filters: TAdFeedFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.platform) conditions.push(eq(ads.platform, filters.platform));
  if (filters.mediaType) conditions.push(eq(ads.metaMediaType, filters.mediaType));
  if (filters.publisherPlatform) {
    conditions.push(sql`${ads.publisherPlatforms} @> ${JSON.stringify([filters.publisherPlatform])}::jsonb`);
  }
  if (filters.status) conditions.push(eq(ads.isActive, filters.status === 'running'));
  if (filters.from) {
    // seen_at is last seen, else first seen, else when added: the last day the ad is known to have run
    conditions.push(or(eq(ads.isActive, true), gte(ads.seenAt, startOfDay(filters.from))) as SQL);
  }
  if (filters.to) {
    const dayAfter = new Date(startOfDay(filters.to).getTime() + DAY_MS);
    conditions.push(lt(sql`coalesce(${ads.firstSeenAt}, ${ads.createdAt})`, dayAfter));
  }
  const search = filters.q?.trim();
  if (search) {
    // the same folding as the generated column, so "cafe" finds "Café" and "café" finds "cafe"
    conditions.push(
      sql`${ads.searchVector} @@ websearch_to_tsquery('simple'::regconfig, ${foldSearchWords(search)}::text)`,
    );
  }
  return conditions;
}

/**
 * The brand (404 when not the actor's), the competitor when one is chosen (404 when not the
 * actor's or not the brand's), and the conditions every query of the feed carries.
 */
export async function resolveAdFeedScope(db: Database, actor: Actor, filters: TAdFeedFilters): Promise<AdFeedScope> {
  const brand = await getTrackedBrandOrThrow(db, actor, filters.brandId);
  // The ads are reached through the actor's own competitors (an ad belongs to its competitor's
  // owner): the owner filter sits on the competitor rows, so a count can read the ads' index alone.
  const inBrand: SQL[] = [eq(competitors.brandId, brand.id), ownedBy(actor, competitors.userId)];
  if (filters.competitorId) {
    const competitor = await getCompetitorOrThrow(db, actor, filters.competitorId);
    if (competitor.brandId !== brand.id) throw notFound('Competitor not found');
    inBrand.push(eq(competitors.id, competitor.id));
  }
  return {
    brand: { id: brand.id, name: brand.name },
    competitorsIn: and(...inBrand) as SQL,
    adsMatch: and(...adConditions(filters)) ?? sql`true`,
  };
}

/** The ad columns a reply needs: all but the search document, which only the database reads. */
export function adReplyColumns() {
  const { searchVector: _searchDocument, ...columns } = getTableColumns(ads);
  return columns;
}
