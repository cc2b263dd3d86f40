import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { nextPageLink, TOTAL_COUNT_HEADER } from '../../src/shared/schemas/paging.ts';

/**
 * Reading lists that answer one page at a time (src/shared/schemas/paging.ts): the page's items,
 * X-Total-Count, and the address of the next page from the Link header.
 */
export type ListPage = { items: { id: string }[]; total: number; next: string | null; body: unknown };

/** Where the seeded rows start: older than anything a test creates through the API. */
export const SEED_BASE = '2025-06-01T12:00:00.000000Z';

/**
 * The created_at of the g-th seeded row: rows come in threes that share a timestamp (the id must
 * order them), and neighbouring threes are one microsecond apart (a cursor that kept milliseconds
 * only would skip or repeat them).
 */
export const seededCreatedAt = (g: string) =>
  `timestamptz '${SEED_BASE}' - (${g} / 3) * interval '1 microsecond' - interval '1 day'`;

/** The path and query of an absolute address, as app.inject takes it. */
export function localPath(address: string): string {
  const url = new URL(address);
  return `${url.pathname}${url.search}`;
}

/** The address with these query parameters added. */
export function withQuery(address: string, params: Record<string, string | number>): string {
  const url = new URL(address, 'http://localhost');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
  return `${url.pathname}${url.search}`;
}

export async function getPage(
  app: FastifyInstance,
  url: string,
  cookie: string,
  itemsOf: (body: unknown) => { id: string }[],
): Promise<ListPage> {
  const reply = await app.inject({ method: 'GET', url, headers: { cookie } });
  expect(reply.statusCode, reply.body).toBe(200);
  const total = reply.headers[TOTAL_COUNT_HEADER];
  expect(total, `${TOTAL_COUNT_HEADER} of ${url}`).toMatch(/^\d+$/);
  const link = reply.headers.link;
  const next = nextPageLink(typeof link === 'string' ? link : null);
  const body: unknown = reply.json();
  return { items: itemsOf(body), total: Number(total), next: next ? localPath(next) : null, body };
}

/**
 * Reads every page from the first, calling `between` after each page that has a next one (a test
 * inserts newer rows there), and checks each page's count, total and next link on the way.
 */
export async function walkPages(options: {
  app: FastifyInstance;
  firstUrl: string;
  cookie: string;
  limit: number;
  itemsOf: (body: unknown) => { id: string }[];
  /** the total the first page reports; each call of `between` adds `addedEachTime` */
  total: number;
  addedEachTime?: number;
  between?: () => Promise<void>;
}): Promise<{ ids: string[]; pages: ListPage[] }> {
  const ids: string[] = [];
  const pages: ListPage[] = [];
  let expectedTotal = options.total;
  let url: string | null = options.firstUrl;
  while (url) {
    const page: ListPage = await getPage(options.app, url, options.cookie, options.itemsOf);
    pages.push(page);
    expect(page.total, `X-Total-Count of page ${pages.length}`).toBe(expectedTotal);
    ids.push(...page.items.map((item) => item.id));
    if (page.next) {
      expect(page.items, `a page before the last is full (page ${pages.length})`).toHaveLength(options.limit);
      await options.between?.();
      expectedTotal += options.addedEachTime ?? 0;
    } else {
      expect(page.items.length).toBeLessThanOrEqual(options.limit);
    }
    url = page.next;
    expect(pages.length, 'the pages end').toBeLessThan(100);
  }
  return { ids, pages };
}

/** A cursor holding this key, as the server writes one (base64url JSON). */
export const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

/** Runs one SQL statement (a bulk seed) on either database driver and returns its rows. */
export async function runSql(database: DatabaseHandle, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}
