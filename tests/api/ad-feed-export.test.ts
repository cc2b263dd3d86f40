import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_CSV_HEADERS } from '../../src/server/features/ad-library/ad-csv-row.ts';
import { EXPORT_BATCH_SIZE } from '../../src/server/features/ad-library/export-ads-csv.ts';
import { guessAdCsvMapping } from '../../src/shared/ad-csv.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { pinClock, unpinClock } from '../helpers/clock.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedManyAds, smallAdLibrary, utcDayStart, walkPages } from '../helpers/seed-ad-feed.ts';
import { seedAds, seedCompetitor } from '../helpers/seed-competitors.ts';

// Running days count from today: the clock is set (noon UTC, moving on from there).
const now = pinClock();
afterAll(() => unpinClock());

let target: TestApp;
let owner: string;
let brandId: string;
let bigBrandId: string;
let beanThere: { id: string; userId: string };
const BIG_ADS_EACH = 600;

const get = (url: string) => target.app.inject({ method: 'GET', url, headers: { cookie: owner } });

/** The ad ids (the sources') of the list with these filters, page after page, in its order. */
async function listedAdIds(query: string): Promise<string[]> {
  const pages = await walkPages(target, owner, `/api/ad-library?${query}&limit=200`);
  return pages.flatMap((page) => page.body.map((ad) => String(ad.adId)));
}

type Row = Record<string, string>;

async function exported(query: string): Promise<{ body: string; rows: Row[]; headers: Record<string, unknown> }> {
  const response = await get(`/api/ad-library/export.csv?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const rows = parse(response.body, { bom: true, columns: true }) as Row[];
  return { body: response.body, rows, headers: response.headers };
}

/** A multipart body as the import dialog sends it: the fields, then the file. */
function importRequest(fields: Record<string, string>, file: string) {
  const boundary = `----brandlens${crypto.randomUUID()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ads.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([Buffer.from(parts.join('')), Buffer.from(file), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: owner },
  };
}

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('export-owner@example.com');
  await setPlan(target.database, 'export-owner@example.com', 'agency');
  const create = async (name: string) =>
    (
      await target.app.inject({ method: 'POST', url: '/api/brands', payload: { name }, headers: { cookie: owner } })
    ).json();
  const brand = await create('Acme Café & Co');
  brandId = brand.id;
  const library = smallAdLibrary(now);
  beanThere = await seedCompetitor(target.database, brand, 'Bean There');
  const grindHouse = await seedCompetitor(target.database, brand, 'Grind House');
  await seedAds(target.database, beanThere, library.beanThere);
  await seedAds(target.database, grindHouse, library.grindHouse);
  const big = await create('Big Co');
  bigBrandId = big.id;
  for (const name of ['North', 'South']) {
    const competitor = await seedCompetitor(target.database, big, name);
    await seedManyAds(target.database, competitor, { count: BIG_ADS_EACH, prefix: `${name}-`, seenAround: now });
  }
});
afterAll(async () => {
  await target.close();
});

describe('CSV export', () => {
  it('sends the filtered view as a CSV file named for the brand and day, in the list’s order', async () => {
    const { body, rows, headers } = await exported(`brandId=${brandId}&platform=meta`);
    expect(headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(headers['content-disposition']).toBe(
      `attachment; filename="brandlens-acme-cafe-co-ads-${now.toISOString().slice(0, 10)}.csv"`,
    );
    expect(body.startsWith('\uFEFF')).toBe(true);
    expect(body.split('\r\n')[0]).toBe(`\uFEFF${AD_CSV_HEADERS.join(',')}`);
    expect(rows.map((row) => row['Ad id'])).toEqual(await listedAdIds(`brandId=${brandId}&platform=meta`));
    expect(rows.map((row) => row['Ad id'])).toEqual(['bt-sale', 'bt-cafe', 'gh-brulee']);
    const [sale, cafe] = rows;
    // a running ad's last seen cell is blank: the import reads that as "still running"
    expect(sale).toMatchObject({
      'Competitor name': 'Bean There',
      Platform: 'meta',
      Title: 'Summer sale',
      'First seen': utcDayStart(now, 40, 10).toISOString(),
      'Last seen': '',
      Status: 'running',
      'Running days': '41',
    });
    expect(cafe).toMatchObject({
      'Last seen': utcDayStart(now, 31, 23).toISOString(),
      Status: 'stopped',
      'Running days': '30',
    });
  });

  it('quotes cells and keeps text that looks like a formula from being run', async () => {
    const { body, rows } = await exported(`brandId=${brandId}`);
    const brulee = rows.find((row) => row['Ad id'] === 'gh-brulee')!;
    expect(brulee['Ad text']).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(brulee.Title).toBe('Crème brûlée');
    const old = rows.find((row) => row['Ad id'] === 'gh-old')!;
    expect(old['Ad text']).toBe('Hiring baristas, "quoted" and, commas\nand a second line');
  });

  it('exports by longest running, as the list orders it', async () => {
    const query = `brandId=${brandId}&sort=longest-running`;
    const { rows } = await exported(query);
    expect(rows.map((row) => row['Ad id'])).toEqual(await listedAdIds(query));
    const days = rows.map((row) => Number(row['Running days']));
    expect(days).toEqual([...days].sort((a, b) => b - a));
  });

  it('exports a library larger than one batch, every ad once, in the list’s order', async () => {
    const query = `brandId=${bigBrandId}`;
    const { rows } = await exported(query);
    expect(rows.length).toBe(BIG_ADS_EACH * 2);
    expect(rows.length).toBeGreaterThan(EXPORT_BATCH_SIZE);
    expect(rows.map((row) => row['Ad id'])).toEqual(await listedAdIds(query));
    const running = (await exported(`${query}&status=running`)).rows.map((row) => row['Ad id']);
    expect(running).toEqual(await listedAdIds(`${query}&status=running`));
  });

  it('can be imported again, adding nothing and keeping what runs and what stopped', async () => {
    const query = `brandId=${brandId}&competitorId=${beanThere.id}`;
    const { body } = await exported(query);
    const mapping = guessAdCsvMapping(AD_CSV_HEADERS);
    // the import dialog recognises every column it can import
    expect(Object.keys(mapping).sort()).toEqual(
      ['adId', 'adText', 'adTitle', 'adType', 'campaignObjective', 'competitor', 'firstSeenAt', 'imageUrl']
        .concat(['landingPageUrl', 'lastSeenAt', 'platform'])
        .sort(),
    );
    const before = (await get(`/api/ad-library/summary?${query}`)).json();
    const response = await target.app.inject({
      method: 'POST',
      url: '/api/ad-library/import',
      ...importRequest({ brandId, mapping: JSON.stringify(mapping) }, body),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ rows: 3, added: 0, updated: 3, badRowCount: 0 });
    const after = (await get(`/api/ad-library/summary?${query}`)).json();
    expect(after).toMatchObject({ total: before.total, running: before.running, stopped: before.stopped });
  });
});
