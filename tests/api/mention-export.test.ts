import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerInsights } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedCompetitor } from '../helpers/seed-competitors.ts';
import { seedBrand } from '../helpers/seed-insights.ts';
import { seedMentionSeries } from '../helpers/seed-mention-series.ts';

let target: TestApp;
let owner: string;
let stranger: string;
let brand: { id: string; userId: string };
let bulkBrandId: string;
let strangerBrandId: string;

const HEADER = [
  'date',
  'subject',
  'sentiment',
  'corrected',
  'score',
  'source',
  'channel',
  'author',
  'handle',
  'rating',
  'engagement',
  'link',
  'content',
];
const BULK = 2345;

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('export-owner@example.com');
  stranger = await target.signInAs('export-stranger@example.com');
  await setPlan(target.database, 'export-owner@example.com', 'agency');
  await setPlan(target.database, 'export-stranger@example.com', 'smb');

  brand = await seedBrand(target.database, 'export-owner@example.com', 'Café Export & Co.');
  const rival = await seedCompetitor(target.database, brand, 'Rival "Rolls"');
  const base = { brandId: brand.id, userId: brand.userId, confidence: 0.8 };
  await target.database.db.insert(consumerInsights).values([
    {
      ...base,
      content: '=HYPERLINK("http://evil.example","Click me")',
      sentiment: 'negative',
      sentimentScore: 1,
      source: 'social_media',
      channel: 'forum',
      platform: 'Hacker News',
      authorName: '@admin',
      authorHandle: '+44 20 7946 0000',
      sourceUrl: 'https://news.example.com/item?id=1',
      engagement: -3,
      collectedAt: new Date('2026-11-02T08:30:00.000Z'),
    },
    {
      ...base,
      content: 'Slow service, cold "flat white",\nand a long wait',
      sentiment: 'negative',
      sentimentScore: 2,
      source: 'reviews',
      channel: 'reviews',
      platform: 'Google',
      authorName: 'Zoë',
      rating: 2,
      engagement: 4,
      competitorId: rival.id,
      collectedAt: new Date('2026-11-01T10:00:00.123Z'),
    },
    {
      ...base,
      content: '-1 star would be too many',
      sentiment: 'negative',
      sentimentScore: 2,
      engineSentiment: 'neutral',
      sentimentCorrectedAt: new Date('2026-11-04T00:00:00Z'),
      source: 'feedback',
      collectedAt: new Date('2026-11-03T00:00:00Z'),
    },
    {
      ...base,
      content: 'Lovely croissants',
      sentiment: 'positive',
      sentimentScore: 5,
      source: 'surveys',
      collectedAt: new Date('2026-11-02T09:00:00Z'),
    },
  ]);

  const bulkBrand = await seedBrand(target.database, 'export-owner@example.com', 'Bulk Beans');
  bulkBrandId = bulkBrand.id;
  await seedMentionSeries(target.database, bulkBrand, BULK, {
    // three a second: rows of the same second (and more than a batch) come in the list's order
    collectedAt: sql`'2026-10-01T00:00:00Z'::timestamptz + (g / 3) * interval '1 second'`,
    sentiment: sql`(array['positive', 'negative', 'neutral'])[g % 3 + 1]`,
  });

  const strangerBrand = await seedBrand(target.database, 'export-stranger@example.com', 'Stranger Beans');
  strangerBrandId = strangerBrand.id;
});
afterAll(async () => {
  await target.close();
});

const download = (query: string, cookie: string | null = owner) =>
  target.app.inject({
    method: 'GET',
    url: `/api/consumer-insights/export.csv?${query}`,
    headers: cookie ? { cookie } : {},
  });
const rowsOf = (body: string) => parse(body, { bom: true }) as string[][];

describe('GET /api/consumer-insights/export.csv', () => {
  it('downloads the filtered view in its order, quoted, with formulas neutralised', async () => {
    const response = await download(`brandId=${brand.id}&sentiment=negative&sort=oldest`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="brandlens-cafe-export-co-mentions-${day}.csv"`,
    );
    expect(response.body.startsWith('\uFEFFdate,subject,')).toBe(true);
    expect(response.body).toContain('\r\n');
    expect(rowsOf(response.body)).toEqual([
      HEADER,
      [
        '2026-11-01T10:00:00.123Z',
        'Rival "Rolls"',
        'negative',
        'no',
        '2',
        'Reviews · Google',
        'Reviews',
        'Zoë',
        '',
        '2',
        '4',
        '',
        'Slow service, cold "flat white",\nand a long wait',
      ],
      [
        '2026-11-02T08:30:00.000Z',
        'Café Export & Co.',
        'negative',
        'no',
        '1',
        'Forum · Hacker News',
        'Forum',
        "'@admin",
        "'+44 20 7946 0000",
        '',
        '-3',
        'https://news.example.com/item?id=1',
        `'=HYPERLINK("http://evil.example","Click me")`,
      ],
      [
        '2026-11-03T00:00:00.000Z',
        'Café Export & Co.',
        'negative',
        'yes',
        '2',
        'Feedback',
        '',
        '',
        '',
        '',
        '0',
        '',
        "'-1 star would be too many",
      ],
    ]);
  });

  it('takes the feed’s other filters and search', async () => {
    const rival = rowsOf((await download(`brandId=${brand.id}&about=competitors`)).body);
    expect(rival.slice(1).map((row) => row[1])).toEqual(['Rival "Rolls"']);
    const searched = rowsOf((await download(`brandId=${brand.id}&q=CROISSANTS`)).body);
    expect(searched.slice(1).map((row) => row[12])).toEqual(['Lovely croissants']);
    expect(rowsOf((await download(`brandId=${brand.id}&q=zebra`)).body)).toEqual([HEADER]);
    const found = rowsOf((await download(`brandId=${brand.id}&q=${encodeURIComponent('"flat white"')}`)).body);
    expect(found.slice(1).map((row) => row[12])).toEqual(['Slow service, cold "flat white",\nand a long wait']);
    const dated = rowsOf((await download(`brandId=${brand.id}&from=2026-11-02&to=2026-11-02`)).body);
    expect(dated.slice(1).map((row) => row[0])).toEqual(['2026-11-02T09:00:00.000Z', '2026-11-02T08:30:00.000Z']);
  });

  it('streams every row of a large brand once, in batches, in the list’s order', async () => {
    const response = await download(`brandId=${bulkBrandId}&sentiment=negative`);
    expect(response.statusCode).toBe(200);
    const rows = rowsOf(response.body).slice(1);
    const list = await target.app.inject({
      method: 'GET',
      url: `/api/consumer-insights?brandId=${bulkBrandId}&sentiment=negative&limit=1`,
      headers: { cookie: owner },
    });
    const total = Number(list.headers['x-total-count']);
    expect(total).toBeGreaterThan(780);
    expect(rows).toHaveLength(total);
    const contents = rows.map((row) => row[12]);
    expect(new Set(contents).size).toBe(total);
    const dates = rows.map((row) => Date.parse(row[0]!));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(contents[0]).toBe(list.json()[0].content);

    const all = rowsOf((await download(`brandId=${bulkBrandId}&sort=most-engaged`)).body);
    expect(all).toHaveLength(BULK + 1);
  });

  it('answers 404 for another user’s brand, 401 signed out, 400 for a bad filter', async () => {
    const foreign = await download(`brandId=${strangerBrandId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Brand not found', code: 'not_found' });
    // its owner downloads it: no mentions yet, the header alone
    expect(rowsOf((await download(`brandId=${strangerBrandId}`, stranger)).body)).toEqual([HEADER]);
    expect((await download(`brandId=${brand.id}`, null)).statusCode).toBe(401);
    const bad = await download(`brandId=${brand.id}&sort=loudest`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('sort must be newest, oldest or most-engaged');
  });
});
