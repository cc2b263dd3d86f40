import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerInsights } from '../../src/server/db/schema/index.ts';
import type { TInsight } from '../../src/shared/schemas/insights.ts';
import { BAD_CURSOR_MESSAGE, nextPageCursor, nextPageLink } from '../../src/shared/schemas/paging.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedCompetitor } from '../helpers/seed-competitors.ts';
import { seedBrand } from '../helpers/seed-insights.ts';
import { seedMentionSeries } from '../helpers/seed-mention-series.ts';

let target: TestApp;
let owner: string;
let stranger: string;
let walkBrand: { id: string; userId: string };
let walkIds: string[];
let filterBrand: { id: string; userId: string };
let rivalId: string;
let strangerBrandId: string;

const WALKED = 250;
/** Yesterday (UTC): the walked mentions' day, before any stored while walking. */
const WALK_DAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
/** Four mentions a minute back from noon, two of them a microsecond later (all within a millisecond). */
const WALK_BASE = `${WALK_DAY}T12:00:00Z`;

type Row = {
  key: string;
  content: string;
  sentiment: 'positive' | 'negative' | 'neutral';
  channel: 'news' | 'blog' | 'reviews' | 'forum' | 'social' | 'video' | null;
  source: 'feedback' | 'social_media' | 'reviews' | 'surveys';
  rival: boolean;
  rating: number | null;
  at: string;
  relevant: boolean;
  authorHandle?: string;
};

/** The filter brand's mentions; every expectation below is worked out from this table. */
const ROWS: Row[] = [
  {
    key: 'cafe-accent',
    content: 'Loved the café au lait this morning',
    sentiment: 'positive',
    channel: 'news',
    source: 'social_media',
    rival: false,
    rating: null,
    at: '2026-11-10T09:00:00Z',
    relevant: true,
  },
  {
    key: 'cafe-plain',
    content: 'The cafe was closed again at noon',
    sentiment: 'negative',
    channel: 'forum',
    source: 'social_media',
    rival: false,
    rating: null,
    at: '2026-11-11T23:59:59Z',
    relevant: true,
  },
  {
    key: 'phrase',
    content: 'A proper flat white, finally',
    sentiment: 'positive',
    channel: 'social',
    source: 'social_media',
    rival: true,
    rating: null,
    at: '2026-11-12T00:00:00Z',
    relevant: true,
  },
  {
    key: 'words-apart',
    content: 'The white walls and the flat roof',
    sentiment: 'neutral',
    channel: 'blog',
    source: 'social_media',
    rival: false,
    rating: null,
    at: '2026-11-12T15:00:00Z',
    relevant: true,
  },
  {
    key: 'review-5',
    content: 'Five stars for the sourdough',
    sentiment: 'positive',
    channel: 'reviews',
    source: 'reviews',
    rival: false,
    rating: 5,
    at: '2026-11-13T10:00:00Z',
    relevant: true,
  },
  {
    key: 'review-1',
    content: 'Stale bread and rude staff',
    sentiment: 'negative',
    channel: 'reviews',
    source: 'reviews',
    rival: true,
    rating: 1,
    at: '2026-11-14T10:00:00Z',
    relevant: true,
  },
  {
    key: 'survey',
    content: 'Prices are fine',
    sentiment: 'neutral',
    channel: null,
    source: 'surveys',
    rival: false,
    rating: null,
    at: '2026-11-15T10:00:00Z',
    relevant: true,
    authorHandle: '@zoë_bakes',
  },
  {
    key: 'feedback',
    content: 'Could you open earlier?',
    sentiment: 'neutral',
    channel: null,
    source: 'feedback',
    rival: false,
    rating: null,
    at: '2026-11-16T10:00:00Z',
    relevant: true,
  },
  {
    key: 'off-topic',
    content: 'A different bakery in another town',
    sentiment: 'positive',
    channel: 'news',
    source: 'social_media',
    rival: false,
    rating: null,
    at: '2026-11-13T11:00:00Z',
    relevant: false,
  },
];
const idOfKey = new Map<string, string>();

type Method = 'GET' | 'POST';
const inject = (method: Method, url: string, cookie?: string) =>
  target.app.inject({ method, url, headers: cookie ? { cookie } : {} });

async function feed(query: string, cookie = owner) {
  const response = await inject('GET', `/api/consumer-insights?${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return {
    items: response.json() as TInsight[],
    total: Number(response.headers['x-total-count']),
    link: response.headers.link as string | undefined,
  };
}

/** The keys of the filter brand's mentions a query lists, in order. */
async function keysOf(query: string): Promise<{ keys: string[]; total: number }> {
  const { items, total } = await feed(`brandId=${filterBrand.id}&${query}`);
  const keyOfId = new Map([...idOfKey].map(([key, id]) => [id, key]));
  return { keys: items.map((item) => keyOfId.get(item.id) ?? item.id), total };
}

/** The keys of ROWS that pass, newest first, as the feed orders them. */
const expected = (pass: (row: Row) => boolean, relevant = true) =>
  ROWS.filter((row) => row.relevant === relevant && pass(row))
    .sort((a, b) => b.at.localeCompare(a.at))
    .map((row) => row.key);

/** Every page of a walk, following Link rel="next"; `between` runs after each page. */
async function walk(query: string, between?: () => Promise<void>) {
  const ids: string[] = [];
  const pages: { size: number; total: number; hasNext: boolean }[] = [];
  let url: string | null = `/api/consumer-insights?${query}`;
  while (url) {
    const response = await inject('GET', url, owner);
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json() as TInsight[];
    ids.push(...items.map((item) => item.id));
    const next = nextPageLink(response.headers.link as string | undefined);
    pages.push({ size: items.length, total: Number(response.headers['x-total-count']), hasNext: next !== null });
    url = next ? new URL(next).pathname + new URL(next).search : null;
    await between?.();
  }
  return { ids, pages };
}

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('feed-owner@example.com');
  stranger = await target.signInAs('feed-stranger@example.com');
  await setPlan(target.database, 'feed-owner@example.com', 'agency');
  await setPlan(target.database, 'feed-stranger@example.com', 'smb');

  walkBrand = await seedBrand(target.database, 'feed-owner@example.com', 'Walk Roasters');
  walkIds = await seedMentionSeries(target.database, walkBrand, WALKED, {
    collectedAt: sql`${WALK_BASE}::timestamptz - (g / 4) * interval '1 minute' + (g % 2) * interval '1 microsecond'`,
    engagement: sql`g % 7`,
  });

  filterBrand = await seedBrand(target.database, 'feed-owner@example.com', 'Filter Bakery');
  rivalId = (await seedCompetitor(target.database, filterBrand, 'Rival Rolls')).id;
  const stored = await target.database.db
    .insert(consumerInsights)
    .values(
      ROWS.map((row) => ({
        brandId: filterBrand.id,
        userId: filterBrand.userId,
        content: row.content,
        sentiment: row.sentiment,
        sentimentScore: row.sentiment === 'positive' ? 5 : row.sentiment === 'negative' ? 1 : 3,
        confidence: 0.8,
        channel: row.channel,
        source: row.source,
        competitorId: row.rival ? rivalId : null,
        rating: row.rating,
        collectedAt: new Date(row.at),
        isRelevant: row.relevant,
        authorHandle: row.authorHandle ?? null,
      })),
    )
    .returning({ id: consumerInsights.id, content: consumerInsights.content });
  for (const row of stored) idOfKey.set(ROWS.find((planned) => planned.content === row.content)!.key, row.id);

  const strangerBrand = await seedBrand(target.database, 'feed-stranger@example.com', 'Stranger Beans');
  strangerBrandId = strangerBrand.id;
  await seedMentionSeries(target.database, strangerBrand, 5);
});
afterAll(async () => {
  await target.close();
});

describe('paging', () => {
  it('walks every mention exactly once, newest first, while newer ones are stored between pages', async () => {
    let added = 0;
    const addNewer = async () => {
      await seedMentionSeries(target.database, walkBrand, 3, {
        collectedAt: sql`now() + g * interval '1 millisecond'`,
      });
      added += 3;
    };
    const { ids, pages } = await walk(`brandId=${walkBrand.id}&limit=37`, addNewer);
    // the pages cut through rows a microsecond apart, and none is lost or repeated
    expect(ids).toHaveLength(WALKED);
    expect(new Set(ids)).toEqual(new Set(walkIds));
    expect(pages.map((page) => page.size)).toEqual([37, 37, 37, 37, 37, 37, 28]);
    expect(pages.map((page) => page.hasNext)).toEqual([true, true, true, true, true, true, false]);
    expect(pages[0]!.total).toBe(WALKED);
    // the total counts what is there at each request, mentions stored meanwhile included
    expect(pages.at(-1)!.total).toBe(WALKED + added - 3);
  });

  it('walks a search page by page, each match once and in order, for a common word and a rare one', async () => {
    // "number" is in every mention ("Mention number g"): read walking the feed in order; the seven
    // numbers are in a few: read by the word index and sorted. Both give the feed's own order.
    const everything = await walk(`brandId=${walkBrand.id}&limit=200`);
    const common = await walk(`brandId=${walkBrand.id}&limit=37&q=number`);
    expect(common.ids).toEqual(everything.ids);
    expect(common.pages[0]!.total).toBe(everything.ids.length);
    const numbers = '1 or 2 or 3 or 4 or 5 or 6 or 7';
    const rare = await walk(`brandId=${walkBrand.id}&limit=3&q=${encodeURIComponent(numbers)}`);
    const matching = await target.database.db.execute(
      sql`select id from consumer_insights where brand_id = ${walkBrand.id} and is_relevant
        and content ~ ' [1-7]$' order by collected_at desc, id desc`,
    );
    const expectedIds = (matching as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    expect(expectedIds.length).toBeGreaterThanOrEqual(7);
    expect(rare.ids).toEqual(expectedIds);
    expect(rare.pages[0]!.total).toBe(expectedIds.length);
    // oldest first and most engaged first too
    const rareOldest = await walk(`brandId=${walkBrand.id}&limit=3&sort=oldest&q=${encodeURIComponent(numbers)}`);
    expect(rareOldest.ids).toEqual([...expectedIds].reverse());
    const rareEngaged = await walk(
      `brandId=${walkBrand.id}&limit=2&sort=most-engaged&q=${encodeURIComponent(numbers)}`,
    );
    expect(new Set(rareEngaged.ids)).toEqual(new Set(expectedIds));
    expect(rareEngaged.ids).toHaveLength(expectedIds.length);
  });

  it('walks oldest first and most engaged first, each mention once and in order', async () => {
    const oldest = await walk(`brandId=${walkBrand.id}&sort=oldest&limit=45&to=${WALK_DAY}`);
    expect(oldest.ids).toHaveLength(WALKED);
    expect(new Set(oldest.ids)).toEqual(new Set(walkIds));
    const rows = await target.database.db.execute(
      sql`select id, engagement, (extract(epoch from collected_at) * 1000000)::bigint as micros
        from consumer_insights where brand_id = ${walkBrand.id}`,
    );
    type Stored = { id: string; engagement: number; micros: string | number };
    const byId = new Map((rows as unknown as { rows: Stored[] }).rows.map((row) => [row.id, row]));
    const dates = oldest.ids.map((id) => Number(byId.get(id)!.micros));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));

    const engaged = await walk(`brandId=${walkBrand.id}&sort=most-engaged&limit=40&to=${WALK_DAY}`);
    expect(engaged.ids).toHaveLength(WALKED);
    expect(new Set(engaged.ids)).toEqual(new Set(walkIds));
    const scores = engaged.ids.map((id) => byId.get(id)!.engagement);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBe(6);
  });

  it('gives 50 by default and at most 200, with the total and the next page in headers', async () => {
    const first = await feed(`brandId=${walkBrand.id}&to=${WALK_DAY}`);
    expect(first.items).toHaveLength(50);
    expect(first.total).toBe(WALKED);
    const next = nextPageLink(first.link);
    expect(next).toContain(`brandId=${walkBrand.id}`);
    expect(next).toContain(`to=${WALK_DAY}`);
    expect(nextPageCursor(first.link)).toMatch(/^[A-Za-z0-9_-]+$/);
    const firstOf200 = await feed(`brandId=${walkBrand.id}&limit=200&to=${WALK_DAY}`);
    expect(firstOf200.items).toHaveLength(200);
    const last = await feed(
      `brandId=${walkBrand.id}&limit=200&to=${WALK_DAY}&cursor=${nextPageCursor(firstOf200.link)}`,
    );
    expect(last.items).toHaveLength(WALKED - 200);
    expect(last.link).toBeUndefined();
    expect(last.total).toBe(WALKED);
  });
});

describe('filters', () => {
  it('lists the brand’s relevant mentions newest first, or those filtered out', async () => {
    expect(await keysOf('')).toEqual({ keys: expected(() => true), total: 8 });
    expect(await keysOf('relevance=filtered')).toEqual({ keys: ['off-topic'], total: 1 });
  });

  it('filters by sentiment, channel, source, whose mentions, competitor, rating and days', async () => {
    const cases: [string, (row: Row) => boolean][] = [
      ['sentiment=negative', (row) => row.sentiment === 'negative'],
      ['sentiment=neutral', (row) => row.sentiment === 'neutral'],
      ['channel=reviews', (row) => row.channel === 'reviews'],
      ['channel=forum', (row) => row.channel === 'forum'],
      ['source=surveys', (row) => row.source === 'surveys'],
      ['source=social_media', (row) => row.source === 'social_media'],
      ['about=brand', (row) => !row.rival],
      ['about=competitors', (row) => row.rival],
      [`competitorId=${'{rival}'}`, (row) => row.rival],
      ['rated=true', (row) => row.rating !== null],
      ['rated=false', (row) => row.rating === null],
      // UTC days, both included: 23:59:59 on the 11th is in, midnight on the 12th too
      ['from=2026-11-11&to=2026-11-12', (row) => row.at >= '2026-11-11' && row.at < '2026-11-13'],
      ['from=2026-11-14', (row) => row.at >= '2026-11-14'],
      ['to=2026-11-10', (row) => row.at < '2026-11-11'],
      [
        'sentiment=positive&about=brand&from=2026-11-11',
        (row) => row.sentiment === 'positive' && !row.rival && row.at >= '2026-11-11',
      ],
    ];
    for (const [query, pass] of cases) {
      const keys = expected(pass);
      expect(await keysOf(query.replace('{rival}', rivalId)), query).toEqual({ keys, total: keys.length });
    }
    const competitorNames = (await feed(`brandId=${filterBrand.id}&about=competitors`)).items.map(
      (item) => item.competitorName,
    );
    expect(competitorNames).toEqual(['Rival Rolls', 'Rival Rolls']);
    // a competitor of another brand names nothing here
    expect(await keysOf(`competitorId=${crypto.randomUUID()}`)).toEqual({ keys: [], total: 0 });
  });

  it('searches words, "quoted phrases" and -left-out words, with or without accents', async () => {
    const search = (q: string) => keysOf(`q=${encodeURIComponent(q)}`);
    const both = expected((row) => row.key.startsWith('cafe-'));
    expect(await search('cafe')).toEqual({ keys: both, total: 2 });
    expect(await search('café')).toEqual({ keys: both, total: 2 });
    expect(await search('CAFÉ au')).toEqual({ keys: ['cafe-accent'], total: 1 });
    expect(await search('cafe -closed')).toEqual({ keys: ['cafe-accent'], total: 1 });
    expect(await search('"flat white"')).toEqual({ keys: ['phrase'], total: 1 });
    expect(await search('flat white')).toEqual({
      keys: expected((row) => ['phrase', 'words-apart'].includes(row.key)),
      total: 2,
    });
    // the author's handle is searched too, its accent folded
    expect(await search('zoe_bakes')).toEqual({ keys: ['survey'], total: 1 });
    expect(await keysOf('q=cafe&sentiment=negative')).toEqual({ keys: ['cafe-plain'], total: 1 });
  });

  it('finds nothing, as an empty page with a total of 0, for words that are not there or no words at all', async () => {
    for (const q of ['zebra', '!!!', '"', '- - -', '"" -']) {
      const response = await inject(
        'GET',
        `/api/consumer-insights?brandId=${filterBrand.id}&q=${encodeURIComponent(q)}`,
        owner,
      );
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
      expect(response.json()).toEqual([]);
      expect(response.headers['x-total-count']).toBe('0');
      expect(response.headers.link).toBeUndefined();
    }
  });
});

describe('refusals', () => {
  const badRequest = async (query: string, message: string) => {
    const response = await inject('GET', `/api/consumer-insights?brandId=${walkBrand.id}&${query}`, owner);
    expect(response.statusCode, query).toBe(400);
    expect(response.json(), query).toEqual({ message, code: 'validation' });
  };

  it('answers 400 with a readable message for a bad cursor, limit, order, sentiment or date', async () => {
    const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    const engagedCursor = nextPageCursor((await feed(`brandId=${walkBrand.id}&sort=most-engaged`)).link);
    for (const cursor of [
      'not a cursor',
      'bm90IGpzb24',
      cursorOf(['2026-11-01T12:00:00.000000Z']),
      cursorOf(['2026-02-30T12:00:00.000000Z', crypto.randomUUID()]),
      cursorOf(['2026-11-01T12:00:00Z', crypto.randomUUID()]),
      cursorOf(['2026-11-01T12:00:00.000000Z', 'not-an-id']),
      engagedCursor,
    ]) {
      await badRequest(`cursor=${encodeURIComponent(cursor!)}`, BAD_CURSOR_MESSAGE);
    }
    await badRequest(`sort=most-engaged&cursor=${cursorOf([2 ** 40, crypto.randomUUID()])}`, BAD_CURSOR_MESSAGE);
    await badRequest('limit=abc', 'Limit must be a number');
    await badRequest('limit=0', 'Limit must be at least 1');
    await badRequest('limit=201', 'Limit must be at most 200');
    await badRequest('limit=2.5', 'Limit must be a whole number');
    await badRequest('sort=popular', 'sort must be newest, oldest or most-engaged');
    await badRequest('sentiment=angry', 'sentiment must be positive, negative or neutral');
    await badRequest('channel=tv', 'channel must be one of news, blog, reviews, forum, social, video');
    await badRequest('about=them', 'about must be all, brand or competitors');
    await badRequest('rated=maybe', 'rated must be true or false');
    await badRequest('from=2026-13-01', 'Dates are written as YYYY-MM-DD, such as 2026-12-07');
    await badRequest('to=yesterday', 'Dates are written as YYYY-MM-DD, such as 2026-12-07');
    await badRequest('from=2026-11-12&to=2026-11-11', 'The start date must be on or before the end date');
    await badRequest(`q=${'a'.repeat(201)}`, 'A search is at most 200 characters');
  });

  it('answers 404 for another user’s brand or a missing one, and 401 signed out', async () => {
    const theirs = await inject('GET', `/api/consumer-insights?brandId=${strangerBrandId}`, owner);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Brand not found', code: 'not_found' });
    expect((await inject('GET', `/api/consumer-insights?brandId=${crypto.randomUUID()}`, owner)).statusCode).toBe(404);
    expect((await inject('GET', `/api/consumer-insights?brandId=${walkBrand.id}`)).statusCode).toBe(401);
    const own = await feed(`brandId=${strangerBrandId}`, stranger);
    expect(own.total).toBe(5);
  });
});
