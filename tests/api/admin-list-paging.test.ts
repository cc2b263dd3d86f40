/**
 * The administrators' lists that grow with time answer one page at a time
 * (src/shared/schemas/paging.ts) and keep their body: the support inbox and the mail outbox.
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_CURSOR_MESSAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../src/shared/schemas/paging.ts';
import type { TSupportMessageList } from '../../src/shared/schemas/support.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { cursorOf, getPage, runSql, seededCreatedAt, walkPages, withQuery } from '../helpers/paging.ts';

const ADMIN = 'admin@brandlens.local';
/** More than two default pages, and not a multiple of the page sizes used. */
const SEEDED = 127;

let target: TestApp;
let admin: string;
let someone: string;

type Row = { id: string };
const messagesOf = (body: unknown) => (body as { messages: Row[] }).messages;
const run = (query: SQL) => runSql(target.database, query);

/** One list, with a filter that picks every fourth seeded row. */
type AdminList = {
  name: string;
  url: string;
  filtered: Record<string, string>;
  table: string;
  /** one INSERT ... SELECT over generate_series(1, n) as g; every fourth row matches `filtered` */
  insertRows: (n: number, createdAt: string) => Promise<unknown>;
  countWhere: SQL;
};

const lists: AdminList[] = [
  {
    name: 'GET /api/admin/support-messages',
    url: '/api/admin/support-messages',
    filtered: { status: 'resolved' },
    table: 'support_messages',
    insertRows: (n, createdAt) =>
      run(sql`insert into support_messages (name, email, subject, message, status, created_at)
        select 'Sender ' || g, 'sender' || g || '@example.com', 'Subject ' || g, 'Message ' || g,
          case when g % 4 = 0 then 'resolved' else 'open' end, ${sql.raw(createdAt)}
        from generate_series(1, ${n}) as g`),
    countWhere: sql`status = 'resolved'`,
  },
  {
    name: 'GET /api/admin/outbox',
    url: '/api/admin/outbox',
    filtered: { status: 'failed' },
    table: 'outbox_messages',
    insertRows: (n, createdAt) =>
      run(sql`insert into outbox_messages (idempotency_key, kind, recipients, subject, status, created_at)
        select 'paging-' || gen_random_uuid(), 'paging-test', '["reader@example.com"]'::jsonb, 'Subject ' || g,
          case when g % 4 = 0 then 'failed' else 'sent' end, ${sql.raw(createdAt)}
        from generate_series(1, ${n}) as g`),
    countWhere: sql`status = 'failed'`,
  },
];

const idsIn = async (list: AdminList, filtered: boolean) => {
  const where = filtered ? sql` where ${list.countWhere}` : sql``;
  const rows = await run(sql`select id from ${sql.identifier(list.table)}${where}`);
  return (rows as Row[]).map((row) => row.id).sort();
};

const inject = (url: string, cookie: string | null) =>
  target.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  target = await createTestApp();
  admin = await target.signInAs(ADMIN);
  someone = await target.signInAs('not-an-admin@example.com');
  for (const list of lists) await list.insertRows(SEEDED, seededCreatedAt('g'));
}, 60_000);

afterAll(async () => {
  await target?.close();
});

describe.each(lists)('$name, one page at a time', (list) => {
  const walk = async (params: Record<string, string | number>, filtered: boolean, limit: number) => {
    const existing = await idsIn(list, filtered);
    const { ids, pages } = await walkPages({
      app: target.app,
      firstUrl: withQuery(list.url, { ...params, limit }),
      cookie: admin,
      limit,
      itemsOf: messagesOf,
      total: existing.length,
      addedEachTime: filtered ? 0 : 1,
      // A new row that matches no filter (status open or sent) arrives between pages.
      between: async () => {
        await list.insertRows(1, 'now()');
      },
    });
    expect(pages).toHaveLength(Math.ceil(existing.length / limit));
    expect(new Set(ids).size, 'no row twice').toBe(ids.length);
    expect([...ids].sort()).toEqual(existing);
    return pages;
  };

  it('gives every row exactly once while newer rows arrive, and keeps the body it had', async () => {
    const pages = await walk({}, false, 45);
    const body = pages[0]!.body as Record<string, unknown>;
    if (list.table === 'support_messages') {
      expect(Object.keys(body).sort()).toEqual(['mailDelivery', 'messages', 'truncated']);
      expect(pages.map((page) => (page.body as TSupportMessageList).truncated)).toEqual(
        pages.map((page) => page.next !== null),
      );
    } else {
      expect(Object.keys(body).sort()).toEqual(['delivery', 'messages']);
    }
  });

  it('pages through a filter with its own total', async () => {
    const pages = await walk(list.filtered, true, 7);
    expect(pages[0]!.total).toBe((await idsIn(list, true)).length);
    // The filter travels on in the next page's address.
    expect(pages[0]!.next).toContain(`status=${list.filtered.status}`);
  });

  it(`gives ${DEFAULT_PAGE_SIZE} rows when no page is asked for, and up to ${MAX_PAGE_SIZE}`, async () => {
    const first = await getPage(target.app, list.url, admin, messagesOf);
    expect(first.items).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(first.next).toMatch(/[?&]cursor=/);
    const all = await getPage(target.app, `${list.url}?limit=${MAX_PAGE_SIZE}`, admin, messagesOf);
    expect(all.items).toHaveLength(all.total);
    expect(all.next).toBeNull();
  });

  it('refuses a bad limit or cursor with 400 and a readable message', async () => {
    const refused = async (params: Record<string, string | number>, message: string) => {
      const reply = await inject(withQuery(list.url, params), admin);
      expect(reply.statusCode, JSON.stringify(params)).toBe(400);
      expect(reply.json()).toEqual({ message, code: 'validation' });
    };
    await refused({ limit: MAX_PAGE_SIZE + 1 }, `Limit must be at most ${MAX_PAGE_SIZE}`);
    await refused({ limit: 0 }, 'Limit must be at least 1');
    await refused({ limit: 'all' }, 'Limit must be a number');
    await refused({ cursor: 'not a cursor!' }, BAD_CURSOR_MESSAGE);
    await refused({ cursor: cursorOf(['2025-06-01', 7]) }, BAD_CURSOR_MESSAGE);
    await refused({ cursor: cursorOf(['last tuesday', crypto.randomUUID()]) }, BAD_CURSOR_MESSAGE);
  });

  it('answers 403 to anyone but an administrator, whatever the query, and 401 signed out', async () => {
    const first = await getPage(target.app, `${list.url}?limit=3`, admin, messagesOf);
    for (const url of [list.url, first.next!, `${list.url}?limit=9999`]) {
      const reply = await inject(url, someone);
      expect(reply.statusCode, url).toBe(403);
      expect(reply.json()).toEqual({ message: "You don't have permission to access this page", code: 'forbidden' });
      expect((await inject(url, null)).statusCode, url).toBe(401);
    }
  });
});
