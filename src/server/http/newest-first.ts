import { desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { BAD_CURSOR_MESSAGE } from '../../shared/schemas/paging.ts';
import { AppError } from './errors.ts';
import { afterKey, decodeCursor, type PageKey } from './paging.ts';

/**
 * The order of every history list: newest first by a timestamp, then by id, so rows created in the
 * same microsecond still have one stable order. The cursor holds the timestamp as PostgreSQL writes
 * it (text, microseconds and offset included: a JavaScript Date would drop the microseconds and
 * skip or repeat rows) and the id.
 */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2}){0,2}|Z)$/;
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    at: sql<string>`${at}::text`,
    orderBy: [desc(at), desc(id)],
    after(cursor) {
      if (cursor === undefined) return undefined;
      const [atText, idText] = decodeCursor(cursor, ['string', 'string']) as [string, string];
      // A cursor is opaque but not trusted: what PostgreSQL could not cast is the client's mistake.
      if (!TIMESTAMP_TEXT.test(atText) || !UUID_TEXT.test(idText)) {
        throw new AppError('validation', BAD_CURSOR_MESSAGE);
      }
      return afterKey([sql`${at}`, sql`${id}`], [sql`${atText}::timestamptz`, sql`${idText}::uuid`], 'desc');
    },
    keyOf: (row) => [row.pageAt, row.id],
  };
}
