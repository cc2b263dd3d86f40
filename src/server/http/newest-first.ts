import { desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterKey, decodeCursor, keyTimestamp, type PageKey } from './paging.ts';

/**
 * The order of every history list: newest first by a timestamp, then by id, so rows created in the
 * same microsecond still have one stable order. The cursor holds the timestamp to the microsecond
 * (keyTimestamp: a JavaScript Date would drop them and skip or repeat rows) and the id, both
 * checked by decodeCursor before they reach SQL.
 */
export type NewestFirst = {
  /** select it beside the row as `pageAt`: the timestamp as text, for the next cursor */
  at: SQL<string>;
  orderBy: SQL[];
  /** the rows after the cursor's key, or undefined for the first page */
  after(cursor: string | undefined): SQL | undefined;
  keyOf(row: { pageAt: string; id: string }): PageKey;
};

export function newestFirst(at: PgColumn, id: PgColumn): NewestFirst {
  return {
    at: keyTimestamp(at),
    orderBy: [desc(at), desc(id)],
    after(cursor) {
      if (cursor === undefined) return undefined;
      const [atText, idText] = decodeCursor(cursor, ['timestamp', 'uuid']) as [string, string];
      return afterKey([sql`${at}`, sql`${id}`], [sql`${atText}::timestamptz`, sql`${idText}::uuid`], 'desc');
    },
    keyOf: (row) => [row.pageAt, row.id],
  };
}
