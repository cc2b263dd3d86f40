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
 * one chosen); `adsMatch` holds every condition on the ad rows themselves, the owner's included,
 * so each query of the feed (page, total, summary, export) reads exactly the same ads.
 */
export type AdFeedScope = {
  brand: { id: string; name: string };
  competitorsIn: SQL;
  adsMatch: SQL;
};

/** The first instant of a UTC day written YYYY-MM-DD. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

function adConditions(actor: Actor, filters: TAdFeedFilters): SQL[] {
  const conditions: SQL[] = [ownedBy(actor, ads.userId)];
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
  const inBrand: SQL[] = [eq(competitors.brandId, brand.id)];
  if (filters.competitorId) {
    const competitor = await getCompetitorOrThrow(db, actor, filters.competitorId);
    if (competitor.brandId !== brand.id) throw notFound('Competitor not found');
    inBrand.push(eq(competitors.id, competitor.id));
  }
  return {
    brand: { id: brand.id, name: brand.name },
    competitorsIn: and(...inBrand) as SQL,
    adsMatch: and(...adConditions(actor, filters)) as SQL,
  };
}

/** The ad columns a reply needs: all but the search document, which only the database reads. */
export function adReplyColumns() {
  const { searchVector: _searchDocument, ...columns } = getTableColumns(ads);
  return columns;
}
