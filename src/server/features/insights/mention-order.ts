import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { TMentionSort } from '../../../shared/schemas/mention-feed.ts';
import { consumerInsights } from '../../db/schema/index.ts';
import { afterKey, type CursorValueKind, decodeCursor, keyTimestamp, type PageKey } from '../../http/paging.ts';

/** What a row must carry for its key: its date as keyTimestamp text, its engagement and id. */
export type KeyedRow = { id: string; sortAt: string; engagement: number };

/**
 * One of the feed's orders: the ORDER BY, the key a page ends on and how to start after it. Every
 * order ends in the id, so rows of the same date (a discovery stores a batch at one instant) or
 * the same engagement still have one place each. Each matches an index of migration 0022
 * (consumer_insights_feed, _engagement and their filtered variants), read forwards or backwards.
 */
export type MentionOrder = {
  orderBy: SQL[];
  /**
   * The same order spelled so no index gives it (nulls at the other end, where the NOT NULL columns
   * have none): the database then finds the rows by their other conditions (a search's word index)
   * and sorts them, rather than walking the whole feed in order for the few that match.
   */
  sortedOrderBy: SQL[];
  cursorShape: readonly CursorValueKind[];
  keyOf(row: KeyedRow): PageKey;
  after(key: PageKey): SQL;
};

/**
 * The directions spelled as the indexes hold them (DESC NULLS LAST, as drizzle writes `.desc()`):
 * a bare DESC means NULLS FIRST, which those indexes cannot give in order, so the database would
 * sort the whole brand for every page. Read backwards they give ASC NULLS FIRST. The columns are
 * NOT NULL, so where nulls would go changes no result.
 */
const descending = (column: AnyColumn) => sql`${column} desc nulls last`;
const ascending = (column: AnyColumn) => sql`${column} asc nulls first`;
const descendingUnindexed = (column: AnyColumn) => sql`${column} desc nulls first`;
const ascendingUnindexed = (column: AnyColumn) => sql`${column} asc nulls last`;

const byDate = (direction: 'asc' | 'desc'): MentionOrder => {
  const order = direction === 'desc' ? descending : ascending;
  const sorted = direction === 'desc' ? descendingUnindexed : ascendingUnindexed;
  return {
    orderBy: [order(consumerInsights.collectedAt), order(consumerInsights.id)],
    sortedOrderBy: [sorted(consumerInsights.collectedAt), sorted(consumerInsights.id)],
    cursorShape: ['timestamp', 'uuid'],
    keyOf: (row) => [row.sortAt, row.id],
    after: ([at, id]) =>
      afterKey(
        [sql`${consumerInsights.collectedAt}`, sql`${consumerInsights.id}`],
        [sql`${at}::timestamptz`, sql`${id}::uuid`],
        direction,
      ),
  };
};

const mostEngaged: MentionOrder = {
  orderBy: [descending(consumerInsights.engagement), descending(consumerInsights.id)],
  sortedOrderBy: [descendingUnindexed(consumerInsights.engagement), descendingUnindexed(consumerInsights.id)],
  cursorShape: ['integer', 'uuid'],
  keyOf: (row) => [row.engagement, row.id],
  after: ([engagement, id]) =>
    afterKey(
      [sql`${consumerInsights.engagement}`, sql`${consumerInsights.id}`],
      [sql`${engagement}::integer`, sql`${id}::uuid`],
      'desc',
    ),
};

export const mentionOrders: Record<TMentionSort, MentionOrder> = {
  newest: byDate('desc'),
  oldest: byDate('asc'),
  'most-engaged': mostEngaged,
};

/** The key columns to select beside the row, named as KeyedRow names them. */
export const keyColumns = { sortAt: keyTimestamp(consumerInsights.collectedAt) };

/** Where a page given by its cursor starts (400 for a cursor that is not one of this order's). */
export function startAfterCursor(order: MentionOrder, cursor: string | undefined): SQL | undefined {
  return cursor ? order.after(decodeCursor(cursor, order.cursorShape)) : undefined;
}
