/**
 * The history lists that grow with time answer one page at a time (src/shared/schemas/paging.ts):
 * audits, the notifications bell, sentiment reports and competitor reports. Each is walked page by
 * page while newer rows arrive, and checked for its total, its links, its limits, bad cursors and
 * whose rows it shows.
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import type { TNotificationList } from '../../src/shared/schemas/notifications.ts';
import { BAD_CURSOR_MESSAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../src/shared/schemas/paging.ts';
import { planMentions } from '../fixtures/sentiment-reports/mentions.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { cursorOf, getPage, runSql, seededCreatedAt, walkPages, withQuery } from '../helpers/paging.ts';
import { setPlan } from '../helpers/seed.ts';
import { sampleLibrary, seedAds, seedCompetitor } from '../helpers/seed-competitors.ts';
import { seedBrand, seedMentions } from '../helpers/seed-insights.ts';

const OWNER = 'pages-owner@example.com';
const STRANGER = 'pages-stranger@example.com';
/** More than two default pages, and not a multiple of the page sizes used. */
const SEEDED = 131;

let target: TestApp;
let owner: string;
let stranger: string;
let ownerId: string;
let brandId: string;
let strangerBrandId: string;

type Row = { id: string };
const asArray = (body: unknown) => body as Row[];
const notificationsOf = (body: unknown) => (body as TNotificationList).notifications;

/** One list: where it is, how its body holds the items, and how rows of it are made in bulk. */
type ListCase = {
  name: string;
  url: () => string;
  itemsOf: (body: unknown) => Row[];
  table: string;
  /** one INSERT ... SELECT over generate_series(1, n) as g: `createdAt` is the row's timestamp */
  insertRows: (n: number, createdAt: string) => Promise<unknown>;
};

const run = (query: SQL) => runSql(target.database, query);
const idsIn = async (table: string) => {
  const rows = await run(sql`select id from ${sql.identifier(table)} where user_id = ${ownerId}`);
  return (rows as Row[]).map((row) => row.id);
};

const cases: ListCase[] = [
  {
    name: 'GET /api/audits',
    url: () => '/api/audits',
    itemsOf: asArray,
    table: 'audits',
    insertRows: (n, createdAt) =>
      run(sql`insert into audits (brand_id, user_id, status, overall_score, progress_percent, created_at, completed_at)
        select ${brandId}, ${ownerId}, 'completed', 70, 100, ${sql.raw(createdAt)}, ${sql.raw(createdAt)}
        from generate_series(1, ${n}) as g`),
  },
  {
    name: 'GET /api/notifications',
    url: () => '/api/notifications',
    itemsOf: notificationsOf,
    table: 'notifications',
    insertRows: (n, createdAt) =>
      run(sql`insert into notifications (user_id, brand_id, kind, subject_id, title, link, created_at)
        select ${ownerId}, ${brandId}, 'audit-completed', gen_random_uuid(), 'Audit complete: ' || g, '/brand-audit',
          ${sql.raw(createdAt)}
        from generate_series(1, ${n}) as g`),
  },
  {
    name: 'GET /api/sentiment-reports',
    url: () => `/api/sentiment-reports?brandId=${brandId}`,
    itemsOf: asArray,
    table: 'sentiment_reports',
    // Copies of a report the API generated, so that every stored field is one it writes.
    insertRows: (n, createdAt) =>
      run(sql`insert into sentiment_reports (brand_id, user_id, report_period, start_date, end_date,
          overall_sentiment, positive_percentage, neutral_percentage, negative_percentage, total_mentions,
          trend_direction, top_topics, top_keywords, insights, created_at)
        select r.brand_id, r.user_id, r.report_period, r.start_date, r.end_date, r.overall_sentiment,
          r.positive_percentage, r.neutral_percentage, r.negative_percentage, r.total_mentions, r.trend_direction,
          r.top_topics, r.top_keywords, r.insights, ${sql.raw(createdAt)}
        from (select * from sentiment_reports where brand_id = ${brandId} order by created_at limit 1) as r
        cross join generate_series(1, ${n}) as g`),
  },
  {
    name: 'GET /api/competitor-reports',
    url: () => `/api/competitor-reports?brandId=${brandId}`,
    itemsOf: asArray,
    table: 'competitor_reports',
    insertRows: (n, createdAt) =>
      run(sql`insert into competitor_reports (user_id, brand_id, report_period, start_date, end_date,
          total_ads_analysed, top_competitors, ad_trends, recommendations, key_findings, advertising_intelligence,
          written_by, created_at)
        select r.user_id, r.brand_id, r.report_period, r.start_date, r.end_date, r.total_ads_analysed,
          r.top_competitors, r.ad_trends, r.recommendations, r.key_findings, r.advertising_intelligence,
          r.written_by, ${sql.raw(createdAt)}
        from (select * from competitor_reports where brand_id = ${brandId} order by created_at limit 1) as r
        cross join generate_series(1, ${n}) as g`),
  },
];

const inject = (url: string, cookie: string | null) =>
  target.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs(OWNER);
  stranger = await target.signInAs(STRANGER);
  await setPlan(target.database, OWNER, 'agency');
  const [ownerRow] = await target.database.db.select().from(users).where(sql`${users.email} = ${OWNER}`);
  ownerId = ownerRow!.id;
  const brand = await seedBrand(target.database, OWNER, 'Paged Roasters');
  brandId = brand.id;
  strangerBrandId = (await seedBrand(target.database, STRANGER, 'Stranger Beans')).id;
  await seedMentions(target.database, brand, planMentions(new Date(), 3, 2));
  const library = sampleLibrary(new Date());
  await seedAds(target.database, await seedCompetitor(target.database, brand, 'Rival Roast'), library.leader);
  for (const url of ['/api/sentiment-reports', '/api/competitor-reports']) {
    const created = await target.app.inject({ method: 'POST', url, headers: { cookie: owner }, payload: { brandId } });
    expect(created.statusCode, created.body).toBe(201);
  }
  for (const list of cases) await list.insertRows(SEEDED, seededCreatedAt('g'));
}, 60_000);

afterAll(async () => {
  await target?.close();
});

describe.each(cases)('$name, one page at a time', (list) => {
  it('gives every row exactly once, newest first, while newer rows arrive between pages', async () => {
    const existing = await idsIn(list.table);
    expect(existing.length).toBeGreaterThanOrEqual(SEEDED);
    const limit = 40;
    let added = 0;
    const { ids, pages } = await walkPages({
      app: target.app,
      firstUrl: withQuery(list.url(), { limit }),
      cookie: owner,
      limit,
      itemsOf: list.itemsOf,
      total: existing.length,
      addedEachTime: 1,
      between: async () => {
        added += 1;
        await list.insertRows(1, 'now()');
      },
    });
    expect(pages).toHaveLength(Math.ceil(existing.length / limit));
    expect(new Set(ids).size, 'no row twice').toBe(ids.length);
    expect([...ids].sort()).toEqual([...existing].sort());
    expect(added).toBe(pages.length - 1);
    // The next first page starts with what arrived meanwhile, and counts it.
    const first = await getPage(target.app, list.url(), owner, list.itemsOf);
    expect(first.total).toBe(existing.length + added);
    expect(first.items.slice(0, added).every((item) => !existing.includes(item.id))).toBe(true);
  });

  it(`gives ${DEFAULT_PAGE_SIZE} rows when no page is asked for, and up to ${MAX_PAGE_SIZE}`, async () => {
    const first = await getPage(target.app, list.url(), owner, list.itemsOf);
    expect(first.items).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(first.next).toMatch(/[?&]cursor=/);
    const all = await getPage(target.app, withQuery(list.url(), { limit: MAX_PAGE_SIZE }), owner, list.itemsOf);
    expect(all.items).toHaveLength(all.total);
    expect(all.next).toBeNull();
  });

  it('refuses a bad limit or cursor with 400 and a readable message', async () => {
    const refused = async (params: Record<string, string | number>, message: string) => {
      const reply = await inject(withQuery(list.url(), params), owner);
      expect(reply.statusCode, JSON.stringify(params)).toBe(400);
      expect(reply.json()).toEqual({ message, code: 'validation' });
    };
    await refused({ limit: MAX_PAGE_SIZE + 1 }, `Limit must be at most ${MAX_PAGE_SIZE}`);
    await refused({ limit: 0 }, 'Limit must be at least 1');
    await refused({ limit: 'ten' }, 'Limit must be a number');
    await refused({ limit: 2.5 }, 'Limit must be a whole number');
    await refused({ cursor: 'not a cursor!' }, BAD_CURSOR_MESSAGE);
    await refused({ cursor: 'bm90IGpzb24' }, BAD_CURSOR_MESSAGE);
    await refused({ cursor: cursorOf([1, 2]) }, BAD_CURSOR_MESSAGE);
    await refused({ cursor: cursorOf(['yesterday', crypto.randomUUID()]) }, BAD_CURSOR_MESSAGE);
    await refused({ cursor: cursorOf(['2025-06-01 12:00:00+00', 'not-a-uuid']) }, BAD_CURSOR_MESSAGE);
  });

  it("never shows another account's rows, and answers 401 signed out", async () => {
    const theirs = await getPage(target.app, list.url().replace(brandId, strangerBrandId), stranger, list.itemsOf);
    expect(theirs).toMatchObject({ items: [], total: 0, next: null });
    expect((await inject(list.url(), null)).statusCode).toBe(401);
  });
});

describe("lists of one brand's reports", () => {
  it.each(['/api/sentiment-reports', '/api/competitor-reports'])(
    "%s answers 404 for another account's brand, on any page",
    async (path) => {
      const first = await getPage(target.app, `${path}?brandId=${brandId}`, owner, asArray);
      for (const url of [`${path}?brandId=${brandId}`, first.next!]) {
        const reply = await inject(url, stranger);
        expect(reply.statusCode, url).toBe(404);
        expect(reply.json()).toEqual({ message: 'Brand not found', code: 'not_found' });
      }
    },
  );
});

describe('the bell', () => {
  it('keeps its body: each page with the unread count of all', async () => {
    const first = await getPage(target.app, '/api/notifications?limit=5', owner, notificationsOf);
    const second = await getPage(target.app, first.next!, owner, notificationsOf);
    for (const page of [first, second]) {
      expect(Object.keys(page.body as object).sort()).toEqual(['notifications', 'unreadCount']);
      expect((page.body as TNotificationList).unreadCount).toBe(page.total);
    }
    expect(second.items.map((item) => item.id)).not.toContain(first.items[0]!.id);
  });
});
