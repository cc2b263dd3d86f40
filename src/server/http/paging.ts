import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
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

/**
 * What one value of a key may be. 'timestamp' is an instant as the database wrote it with all its
 * microseconds (keyTimestamp), 'uuid' a row id, 'integer' a 32-bit whole number: a cursor is
 * typed by whoever holds it, so each value is checked before it reaches SQL as a cast.
 */
export type CursorValueKind = 'string' | 'number' | 'nullable-number' | 'integer' | 'timestamp' | 'uuid';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MICROSECOND_INSTANT = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/** A real instant: 2026-02-30 has the right shape and no day. */
function isMicrosecondInstant(value: string): boolean {
  if (!MICROSECOND_INSTANT.test(value)) return false;
  const milliseconds = new Date(`${value.slice(0, 23)}Z`);
  return !Number.isNaN(milliseconds.getTime()) && milliseconds.toISOString().slice(0, 23) === value.slice(0, 23);
}

function fits(kind: CursorValueKind, value: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string' && value.length <= 200;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'nullable-number':
      return value === null || (typeof value === 'number' && Number.isFinite(value));
    case 'integer':
      return Number.isInteger(value) && (value as number) >= INT32_MIN && (value as number) <= INT32_MAX;
    case 'timestamp':
      return typeof value === 'string' && isMicrosecondInstant(value);
    case 'uuid':
      return typeof value === 'string' && UUID.test(value);
  }
}

/** The key a cursor holds, checked against the shape the list expects: one value per sort column. */
export function decodeCursor(cursor: string, shape: readonly CursorValueKind[]): PageKey {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(key) || key.length !== shape.length) throw badCursor();
  shape.forEach((kind, index) => {
    if (!fits(kind, key[index])) throw badCursor();
  });
  return key as PageKey;
}

/**
 * An instant as a key value that keeps PostgreSQL's microseconds (a JavaScript Date keeps only
 * milliseconds, and a page ending between two rows of the same millisecond would skip one): the
 * UTC time as text, compared again with `::timestamptz`.
 */
export const keyTimestamp = (column: SQL | AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

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
