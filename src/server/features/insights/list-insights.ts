import { and, eq } from 'drizzle-orm';
import type { TInsight } from '../../../shared/schemas/insights.ts';
import type { TMentionListQuery } from '../../../shared/schemas/mention-feed.ts';
import { competitors, consumerInsights } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { type Page, pageOf } from '../../http/paging.ts';
import type { FeatureContext } from '../context.ts';
import { insightColumns, toInsight } from './insight-dto.ts';
import { type MentionFilterValues, mentionConditions } from './mention-filters.ts';
import { keyColumns, mentionOrders, startAfterCursor } from './mention-order.ts';
import { mentionTally } from './mention-tally.ts';

/** How many mentions match the filters: the page's X-Total-Count, added up by the database (mention-tally.ts). */
export async function countMentions(
  ctx: Pick<FeatureContext, 'db'>,
  brandId: string,
  filters: MentionFilterValues,
): Promise<number> {
  const tally = mentionTally(brandId, filters);
  const [row] = await ctx.db.select({ total: tally.mentions }).from(tally.table).where(tally.where);
  return row?.total ?? 0;
}

/**
 * One page of a brand's mention feed (its consumer insights): those about the brand and its
 * competitors by default, or (`filtered`) those filtered out as not about them, searched and
 * filtered by the database, newest first by the date each was collected unless another order is
 * asked for. Keyset paging (never OFFSET): a page starts after the key its cursor holds, so a
 * deep page costs what the first does and mentions stored meanwhile neither repeat nor skip one.
 * Open on every plan: an account whose plan no longer includes consumer insights still reads what
 * it collected.
 */
export async function listInsights(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, input }: { actor: Actor; input: TMentionListQuery },
): Promise<Page<TInsight>> {
  const { brandId, limit, cursor, sort, ...filters } = input;
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  const order = mentionOrders[sort];
  const startAfter = startAfterCursor(order, cursor);
  const readPage = (walk: boolean) =>
    ctx.db
      .select({ ...insightColumns, ...keyColumns, competitorName: competitors.name })
      .from(consumerInsights)
      .leftJoin(competitors, eq(competitors.id, consumerInsights.competitorId))
      .where(and(mentionConditions(brand.id, filters), startAfter))
      .orderBy(...(walk ? order.orderBy : order.sortedOrderBy))
      // one more than the page, to learn whether another follows
      .limit(limit + 1);
  // without a search the page is always read in order, beside its total; a search's way depends on its total
  const [rows, total] = filters.q
    ? await searchedPage(ctx, brand.id, filters, limit + 1, readPage)
    : await Promise.all([readPage(true), countMentions(ctx, brand.id, filters)]);
  return pageOf(rows, limit, total, order.keyOf, (row) => toInsight(row, row.competitorName));
}

/** A search's page: its total and the same filters' total without it first, which choose how the page is read. */
async function searchedPage<Row>(
  ctx: Pick<FeatureContext, 'db'>,
  brandId: string,
  filters: MentionFilterValues,
  wanted: number,
  readPage: (walk: boolean) => Promise<Row[]>,
): Promise<[Row[], number]> {
  const [total, unsearched] = await Promise.all([
    countMentions(ctx, brandId, filters),
    countMentions(ctx, brandId, { ...filters, q: undefined }),
  ]);
  return [await readPage(walksInOrder(wanted, total, unsearched)), total];
}

/**
 * Whether a search's page is best read by walking the feed's index in order, keeping the rows that
 * match. The walk reads about wanted x unsearched / total rows before
 * it has the page, and finding the matches by the word index then sorting them reads about total:
 * a common word is found by walking (a few hundred rows, however many match), a rare one by its
 * index (walking would read the whole feed for a word that is in none of it).
 */
function walksInOrder(wanted: number, total: number, unsearched: number): boolean {
  return total * total >= wanted * unsearched;
}
