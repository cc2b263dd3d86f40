import { and, count, eq, inArray } from 'drizzle-orm';
import type { TAdListQuery } from '../../../shared/schemas/ad-feed.ts';
import type { TAd } from '../../../shared/schemas/competitors.ts';
import type { Database } from '../../db/client.ts';
import { adLibraryEntries as ads, competitors } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { type Page, pageOf } from '../../http/paging.ts';
import { type AdRow, toAd } from '../competitors/ad-dto.ts';
import type { FeatureContext } from '../context.ts';
import { adFeedOrder, type KeyedAdId } from './ad-feed-order.ts';
import { type AdFeedScope, adReplyColumns, resolveAdFeedScope } from './ad-feed-scope.ts';

/** How many ads the filters match: the X-Total-Count of every page. */
export async function countAds(db: Database, scope: AdFeedScope): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(ads)
    .innerJoin(competitors, eq(competitors.id, ads.competitorId))
    .where(and(scope.competitorsIn, scope.adsMatch));
  return row?.value ?? 0;
}

/** The ads of these ids, in the order given (an ad deleted meanwhile is left out). */
export async function adsInOrder(db: Database, scope: AdFeedScope, keyed: KeyedAdId[]): Promise<AdRow[]> {
  if (keyed.length === 0) return [];
  const rows = await db
    .select(adReplyColumns())
    .from(ads)
    .innerJoin(competitors, eq(competitors.id, ads.competitorId))
    .where(
      and(
        inArray(
          ads.id,
          keyed.map((entry) => entry.id),
        ),
        scope.competitorsIn,
        scope.adsMatch,
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return keyed.flatMap((entry) => byId.get(entry.id) ?? []);
}

/**
 * One page of the ads of a brand's competitors (or of one competitor), filtered, searched and
 * ordered by the database, with the total matching the same filters.
 */
export async function listAds(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, query }: { actor: Actor; query: TAdListQuery },
): Promise<Page<TAd>> {
  const now = new Date();
  const scope = await resolveAdFeedScope(ctx.db, actor, query);
  const order = adFeedOrder(query.sort, now);
  const after = query.cursor ? order.keyOfCursor(query.cursor) : null;
  const [keyed, total] = await Promise.all([
    // one more than the page, to learn whether another page follows
    order.readIds(ctx.db, scope, after, query.limit + 1),
    countAds(ctx.db, scope),
  ]);
  const page = pageOf(
    keyed,
    query.limit,
    total,
    (entry) => entry.key,
    (entry) => entry,
  );
  const rows = await adsInOrder(ctx.db, scope, page.items);
  return { ...page, items: rows.map((row) => toAd(row, now)) };
}
