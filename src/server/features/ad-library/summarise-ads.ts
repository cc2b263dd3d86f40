import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { TAdFeedFilters, TAdFeedSummary } from '../../../shared/schemas/ad-feed.ts';
import { adLibraryEntries as ads, competitors } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { resolveAdFeedScope } from './ad-feed-scope.ts';

const runningCount = sql<number>`count(*) filter (where ${ads.isActive})`.mapWith(Number);

/**
 * The figures of the filtered library, each counted by the database: the total and how many run,
 * by platform and by competitor in one pass (grouping sets), and by Meta placement.
 */
export async function summariseAds(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, filters }: { actor: Actor; filters: TAdFeedFilters },
): Promise<TAdFeedSummary> {
  const scope = await resolveAdFeedScope(ctx.db, actor, filters);
  const matching = and(scope.competitorsIn, scope.adsMatch);
  const [groups, placements, competitorRows] = await Promise.all([
    ctx.db
      .select({
        platform: ads.platform,
        competitorId: ads.competitorId,
        // 3: the grand total; 1: a platform's row; 2: a competitor's row
        level: sql<number>`grouping(${ads.platform}, ${ads.competitorId})`.mapWith(Number),
        ads: count(),
        running: runningCount,
      })
      .from(ads)
      .innerJoin(competitors, eq(competitors.id, ads.competitorId))
      .where(matching)
      .groupBy(sql`grouping sets ((), (${ads.platform}), (${ads.competitorId}))`),
    ctx.db
      .select({ publisherPlatform: sql<string>`placement.name`, ads: count() })
      .from(ads)
      .innerJoin(competitors, eq(competitors.id, ads.competitorId))
      .crossJoinLateral(sql`jsonb_array_elements_text(${ads.publisherPlatforms}) as placement(name)`)
      .where(matching)
      .groupBy(sql`placement.name`)
      .orderBy(desc(count()), sql`placement.name`),
    ctx.db
      .select({ id: competitors.id, name: competitors.name, isOwnBrand: competitors.isOwnBrand })
      .from(competitors)
      .where(scope.competitorsIn)
      .orderBy(asc(competitors.name), asc(competitors.id)),
  ]);
  const total = groups.find((group) => group.level === 3);
  const byCompetitorId = new Map(
    groups.filter((group) => group.level === 2).map((group) => [group.competitorId, group] as const),
  );
  const byCompetitor = competitorRows.map((competitor) => ({
    competitorId: competitor.id,
    name: competitor.name,
    isOwnBrand: competitor.isOwnBrand,
    ads: byCompetitorId.get(competitor.id)?.ads ?? 0,
    running: byCompetitorId.get(competitor.id)?.running ?? 0,
  }));
  return {
    total: total?.ads ?? 0,
    running: total?.running ?? 0,
    stopped: (total?.ads ?? 0) - (total?.running ?? 0),
    byPlatform: groups
      .filter((group) => group.level === 1)
      .map((group) => ({ platform: group.platform, ads: group.ads }))
      .sort((a, b) => b.ads - a.ads || a.platform.localeCompare(b.platform)),
    // most ads first; Array.prototype.sort is stable, so ties keep the name order
    byCompetitor: byCompetitor.sort((a, b) => b.ads - a.ads),
    byPublisherPlatform: placements,
  };
}
