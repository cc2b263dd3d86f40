import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BAD_CURSOR_MESSAGE, TOTAL_COUNT_HEADER } from '../../shared/schemas/paging.ts';
import { AppError } from './errors.ts';

/**
 * Keyset paging: a page ends at the key (its sort values, then the id) of its last row, and the next
 * page starts after that key, so a deep page costs what the first does and rows added meanwhile
 * neither repeat nor skip a row. The cursor is that key, opaque to clients (base64url JSON).
 */
export type PageKey = readonly (string | number | null)[];

export type Page<Item> = { items: Item[]; total: number; nextKey: PageKey | null };

const badCursor = () => new AppError('validation', BAD_CURSOR_MESSAGE);

export function encodeCursor(key: PageKey): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The key a cursor holds, checked against the shape the list expects: one value per sort column. */
export function decodeCursor(cursor: string, shape: readonly ('string' | 'number' | 'nullable-number')[]): PageKey {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(key) || key.length !== shape.length) throw badCursor();
  shape.forEach((kind, index) => {
    const value = key[index];
    const fits =
      kind === 'string'
        ? typeof value === 'string' && value.length <= 200
        : kind === 'number'
          ? typeof value === 'number' && Number.isFinite(value)
          : value === null || (typeof value === 'number' && Number.isFinite(value));
    if (!fits) throw badCursor();
  });
  return key as PageKey;
}

/**
 * Rows after a key in the list's order: `(a, b) < (x, y)` for a descending list, `>` for an ascending
 * one. Row comparison walks the same composite index the order uses.
 */
export function afterKey(columns: SQL[], key: SQL[], direction: 'asc' | 'desc'): SQL {
  const left = sql.join(columns, sql`, `);
  const right = sql.join(key, sql`, `);
  return direction === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}

/** The page's rows (one more was read to learn whether another page follows) and its next key. */
export function pageOf<Row, Item>(
  rows: Row[],
  limit: number,
  total: number,
  keyOf: (row: Row) => PageKey,
  toItem: (row: Row) => Item,
): Page<Item> {
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return { items: shown.map(toItem), total, nextKey: more && last ? keyOf(last) : null };
}

/** The same address with another cursor: what the `Link` header names as the next page. */
function addressWithCursor(request: FastifyRequest, cursor: string): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.searchParams.set('cursor', cursor);
  return url.toString();
}

/** Sends a page: the body is the array of its items; the total and the next page travel in headers. */
export function sendPage<Item>(request: FastifyRequest, reply: FastifyReply, page: Page<Item>): Item[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.nextKey) reply.header('link', `<${addressWithCursor(request, encodeCursor(page.nextKey))}>; rel="next"`);
  return page.items;
}
