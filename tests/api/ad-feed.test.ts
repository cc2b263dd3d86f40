import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adLibraryEntries } from '../../src/server/db/schema/index.ts';
import { BAD_CURSOR_MESSAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../src/shared/schemas/paging.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { pinClock, unpinClock } from '../helpers/clock.ts';
import { setPlan } from '../helpers/seed.ts';
import {
  getPage,
  insertAdSeenAt,
  seedManyAds,
  smallAdLibrary,
  utcDayStart,
  walkPages,
} from '../helpers/seed-ad-feed.ts';
import { seedAds, seedCompetitor } from '../helpers/seed-competitors.ts';

// Running days count from today: the clock is set (noon UTC, moving on from there).
const now = pinClock();
afterAll(() => unpinClock());

const DAY = 86_400_000;
const dayStart = (days: number, hours = 0) => utcDayStart(now, days, hours);
const smallLibrary = smallAdLibrary(now);
const dayText = (days: number) => dayStart(days).toISOString().slice(0, 10);

let target: TestApp;
let owner: string;
let stranger: string;
type Competitor = { id: string; userId: string; brandId: string };
let brand: { id: string; userId: string };
let beanThere: Competitor;
let grindHouse: Competitor;
let emptyCup: Competitor;
let strangerBrandId: string;
let strangerCompetitor: Competitor;
let otherBrandCompetitor: Competitor;
let pagingBrandId: string;
let pagingCompetitors: Competitor[];
/** the small library's ads by their ad id */
const idOf = new Map<string, string>();

const PAGING_ADS_EACH = 370;

async function brandOf(cookie: string, name: string) {
  const response = await target.app.inject({
    method: 'POST',
    url: '/api/brands',
    payload: { name },
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; userId: string };
}

const get = (url: string, cookie?: string) =>
  target.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** The ad ids (source ids) of every ad of the small library matching a query, in the list's order. */
async function adIdsOf(query: string): Promise<string[]> {
  const pages = await walkPages(target, owner, `/api/ad-library?brandId=${brand.id}&limit=200${query}`);
  return pages.flatMap((page) => page.body.map((ad) => String(ad.adId)));
}

const idsIn = (list: string[]) => [...list].sort();

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('feed-owner@example.com');
  stranger = await target.signInAs('feed-stranger@example.com');
  await setPlan(target.database, 'feed-owner@example.com', 'agency');
  await setPlan(target.database, 'feed-stranger@example.com', 'smb');
  brand = await brandOf(owner, 'Acme Café & Co');
  const otherBrand = await brandOf(owner, 'Acme Tea');
  const paging = await brandOf(owner, 'Paging Co');
  pagingBrandId = paging.id;
  const strangerBrand = await brandOf(stranger, 'Rival Roasters');
  strangerBrandId = strangerBrand.id;
  beanThere = await seedCompetitor(target.database, brand, 'Bean There');
  grindHouse = await seedCompetitor(target.database, brand, 'Grind House');
  emptyCup = await seedCompetitor(target.database, brand, 'Empty Cup');
  otherBrandCompetitor = await seedCompetitor(target.database, otherBrand, 'Leaf Lovers');
  strangerCompetitor = await seedCompetitor(target.database, strangerBrand, 'Other');
  await seedAds(target.database, strangerCompetitor, [{ platform: 'meta', adId: 's-1', adText: 'Summer sale' }]);
  pagingCompetitors = [];
  for (const [index, name] of ['North', 'South', 'West'].entries()) {
    const competitor = await seedCompetitor(target.database, paging, name);
    pagingCompetitors.push(competitor);
    await seedManyAds(target.database, competitor, { count: PAGING_ADS_EACH, prefix: `p${index}-`, seenAround: now });
  }
  const seeded = [
    ...(await seedAds(target.database, beanThere, smallLibrary.beanThere)),
    ...(await seedAds(target.database, grindHouse, smallLibrary.grindHouse)),
  ];
  for (const ad of seeded) idOf.set(ad.adId!, ad.id);
});
afterAll(async () => {
  await target.close();
});

describe('paging', () => {
  const pagingUrl = (query = '') => `/api/ad-library?brandId=${pagingBrandId}${query}`;

  it('gives 50 ads by default and up to 200, with the total and a Link to the next page', async () => {
    const total = PAGING_ADS_EACH * pagingCompetitors.length;
    const first = await getPage(target, owner, pagingUrl());
    expect(first.ids).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(first.total).toBe(total);
    expect(first.next).toContain(`brandId=${pagingBrandId}`);
    expect(new URL(first.next!).searchParams.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
    const widest = await getPage(target, owner, pagingUrl(`&limit=${MAX_PAGE_SIZE}`));
    expect(widest.ids).toHaveLength(MAX_PAGE_SIZE);
    expect(widest.ids.slice(0, DEFAULT_PAGE_SIZE)).toEqual(first.ids);
  });

  it('gives every ad exactly once, newest first, while ads are added between pages', async () => {
    const original = await target.database.db
      .select({ id: adLibraryEntries.id })
      .from(adLibraryEntries)
      .where(
        inArray(
          adLibraryEntries.competitorId,
          pagingCompetitors.map((competitor) => competitor.id),
        ),
      );
    const newer: string[] = [];
    const older: string[] = [];
    const pages = await walkPages(target, owner, pagingUrl('&limit=200'), async (page, index) => {
      const last = page.body.at(-1)!;
      const competitor = pagingCompetitors[0]!;
      // newer than every ad (before the cursor), as new as the page's last ad, and older than all
      const tomorrow = new Date(now.getTime() + DAY).toISOString();
      newer.push(await insertAdSeenAt(target.database, competitor, `new-${index}`, tomorrow));
      await insertAdSeenAt(target.database, competitor, `tie-${index}`, String(last.lastSeenAt));
      older.push(
        await insertAdSeenAt(target.database, competitor, `old-${index}`, dayStart(900 + index).toISOString()),
      );
    });
    const seen = pages.flatMap((page) => page.ids);
    expect(new Set(seen).size, 'no ad twice').toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(original.map((row) => row.id)));
    // ads added after the cursor are reached; those added before it are not
    expect(seen).toEqual(expect.arrayContaining(older));
    expect(seen.filter((id) => newer.includes(id))).toEqual([]);
    expect(pages[0]!.total).toBe(original.length);
    expect(pages.at(-1)!.next).toBeNull();
    expect(pages.slice(0, -1).every((page) => page.ids.length === 200 && page.next)).toBe(true);
    // newest first: the seen times never rise from one ad to the next
    const times = pages.flatMap((page) => page.body.map((ad) => String(ad.lastSeenAt ?? ad.firstSeenAt)));
    expect(times.every((time, index) => index === 0 || time <= times[index - 1]!)).toBe(true);
  });

  it('gives every ad exactly once by longest running, while ads are added between pages', async () => {
    const before = (await getPage(target, owner, pagingUrl('&limit=1'))).total;
    const pages = await walkPages(target, owner, pagingUrl('&sort=longest-running&limit=170'), async (_page, index) => {
      await insertAdSeenAt(
        target.database,
        pagingCompetitors[1]!,
        `long-${index}`,
        dayStart(1).toISOString(),
        dayStart(5000).toISOString(),
      );
      await insertAdSeenAt(target.database, pagingCompetitors[1]!, `short-${index}`, dayStart(2).toISOString());
    });
    const seen = pages.flatMap((page) => page.ids);
    expect(new Set(seen).size).toBe(seen.length);
    // every ad there at the start, and each short one added after the cursor
    expect(seen.length).toBe(before + pages.length - 1);
    const days = pages.flatMap((page) => page.body.map((ad) => ad.runningDays as number));
    expect(days.every((value, index) => index === 0 || value <= days[index - 1]!)).toBe(true);
  });
});

describe('filters and search', () => {
  it('filters by competitor, platform, media type, placement and status', async () => {
    expect(idsIn(await adIdsOf(`&competitorId=${grindHouse.id}`))).toEqual(['gh-brulee', 'gh-old', 'gh-summer']);
    expect(await adIdsOf(`&competitorId=${emptyCup.id}`)).toEqual([]);
    expect(idsIn(await adIdsOf('&platform=meta'))).toEqual(['bt-cafe', 'bt-sale', 'gh-brulee']);
    expect(idsIn(await adIdsOf('&mediaType=image'))).toEqual(['bt-cafe', 'gh-brulee']);
    expect(idsIn(await adIdsOf('&publisherPlatform=instagram'))).toEqual(['bt-sale', 'gh-brulee']);
    expect(idsIn(await adIdsOf('&status=running'))).toEqual(['bt-sale', 'gh-summer']);
    expect(idsIn(await adIdsOf('&status=stopped'))).toEqual(['bt-cafe', 'bt-latte', 'gh-brulee', 'gh-old']);
    expect(idsIn(await adIdsOf(`&competitorId=${beanThere.id}&status=stopped&q=cafe`))).toEqual([
      'bt-cafe',
      'bt-latte',
    ]);
  });

  it('keeps the ads that ran on any day from `from` to `to`, both included (UTC)', async () => {
    // day 31: the café ad's last day (23:00) and the running sale (since day 40)
    expect(idsIn(await adIdsOf(`&from=${dayText(31)}&to=${dayText(31)}`))).toEqual(['bt-cafe', 'bt-sale']);
    expect(idsIn(await adIdsOf(`&from=${dayText(30)}&to=${dayText(30)}`))).toEqual(['bt-sale']);
    // the sale was first seen at 10:00 on day 40
    expect(idsIn(await adIdsOf(`&to=${dayText(40)}`))).toEqual(['bt-cafe', 'bt-sale', 'gh-brulee', 'gh-old']);
    expect(idsIn(await adIdsOf(`&to=${dayText(41)}`))).toEqual(['bt-cafe', 'gh-brulee', 'gh-old']);
    expect(idsIn(await adIdsOf(`&from=${dayText(10)}`))).toEqual(['bt-latte', 'bt-sale', 'gh-summer']);
    expect(idsIn(await adIdsOf(`&from=${dayText(9)}`))).toEqual(['bt-sale', 'gh-summer']);
  });

  it('searches titles and texts: words, a quoted phrase, accents either way', async () => {
    expect(await adIdsOf('&q=espresso')).toEqual(['bt-sale']);
    expect(idsIn(await adIdsOf('&q=summer%20sale'))).toEqual(['bt-sale', 'gh-summer']);
    expect(await adIdsOf(`&q=${encodeURIComponent('"summer sale"')}`)).toEqual(['bt-sale']);
    expect(idsIn(await adIdsOf('&q=cafe'))).toEqual(['bt-cafe', 'bt-latte']);
    expect(idsIn(await adIdsOf(`&q=${encodeURIComponent('CAFÉ')}`))).toEqual(['bt-cafe', 'bt-latte']);
    expect(await adIdsOf(`&q=${encodeURIComponent('brûlée')}`)).toEqual(['gh-brulee']);
    expect(await adIdsOf('&q=creme%20brulee')).toEqual(['gh-brulee']);
    expect(await adIdsOf(`&q=${encodeURIComponent('sale -espresso')}`)).toEqual(['gh-summer']);
    const nothing = await getPage(target, owner, `/api/ad-library?brandId=${brand.id}&q=zeppelin`);
    expect(nothing).toMatchObject({ ids: [], total: 0, next: null });
    // punctuation alone searches for no word: nothing found, no error
    expect(await adIdsOf(`&q=${encodeURIComponent('"!! &')}`)).toEqual([]);
  });

  it('orders by calendar days run, ads without a first seen date last', async () => {
    const clockBrand = await brandOf(owner, 'Clock Co');
    const clockCompetitor = await seedCompetitor(target.database, clockBrand, 'Ticks');
    const ads = [
      // [ad id, running, first seen, last seen, calendar days run (UTC, both ends)]
      ['late-start', true, dayStart(10, 23.99), now, 11],
      ['early-start', true, dayStart(10), now, 11],
      ['stopped-eleven', false, dayStart(30, 12), dayStart(20, 0.01), 11],
      ['short', false, dayStart(5, 23), dayStart(3, 1), 3],
      ['no-last', false, dayStart(7, 12), null, 1],
      ['today', true, dayStart(0, 0.5), now, 1],
      ['hundred', false, dayStart(100), dayStart(1), 100],
      ['unknown-running', true, null, now, null],
      ['unknown-stopped', false, null, dayStart(2), null],
    ] as const;
    const rows = await seedAds(
      target.database,
      clockCompetitor,
      ads.map(([adId, isActive, firstSeenAt, lastSeenAt]) => ({
        platform: 'meta',
        adId,
        isActive,
        firstSeenAt,
        lastSeenAt,
      })),
    );
    const expectedDays = new Map(ads.map(([adId, , , , days]) => [adId, days as number | null]));
    const expected = rows
      .map((row) => ({ id: row.id, days: expectedDays.get(row.adId as never)! }))
      .sort((a, b) => (b.days ?? -1) - (a.days ?? -1) || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    const pages = await walkPages(
      target,
      owner,
      `/api/ad-library?brandId=${clockBrand.id}&sort=longest-running&limit=2`,
    );
    expect(pages.flatMap((page) => page.ids)).toEqual(expected);
    for (const ad of pages.flatMap((page) => page.body)) {
      expect(ad.runningDays, String(ad.adId)).toBe(expectedDays.get(ad.adId as never));
    }
  });
});

describe('summary', () => {
  type Seeded = {
    ad: (typeof smallLibrary.beanThere)[number] | (typeof smallLibrary.grindHouse)[number];
    competitor: Competitor;
  };
  const seeded = (): Seeded[] => [
    ...smallLibrary.beanThere.map((ad) => ({ ad, competitor: beanThere })),
    ...smallLibrary.grindHouse.map((ad) => ({ ad, competitor: grindHouse })),
  ];
  const names = () =>
    new Map([
      [beanThere.id, 'Bean There'],
      [grindHouse.id, 'Grind House'],
      [emptyCup.id, 'Empty Cup'],
    ]);
  const byCount = <T extends { ads: number }>(list: T[], label: (entry: T) => string) =>
    list.sort((a, b) => b.ads - a.ads || label(a).localeCompare(label(b)));

  /** The summary counted here, from the rows as seeded. */
  function expectedSummary(kept: Seeded[], covered: Competitor[]) {
    const placements = kept.flatMap(({ ad }) => (ad as { publisherPlatforms?: string[] }).publisherPlatforms ?? []);
    const platforms = [...new Set(kept.map(({ ad }) => ad.platform))];
    return {
      total: kept.length,
      running: kept.filter(({ ad }) => ad.isActive).length,
      stopped: kept.filter(({ ad }) => !ad.isActive).length,
      byPlatform: byCount(
        platforms.map((platform) => ({ platform, ads: kept.filter(({ ad }) => ad.platform === platform).length })),
        (entry) => entry.platform,
      ),
      byCompetitor: byCount(
        covered.map((competitor) => {
          const own = kept.filter((entry) => entry.competitor === competitor);
          return {
            competitorId: competitor.id,
            name: names().get(competitor.id)!,
            isOwnBrand: false,
            ads: own.length,
            running: own.filter(({ ad }) => ad.isActive).length,
          };
        }),
        (entry) => entry.name,
      ),
      byPublisherPlatform: byCount(
        [...new Set(placements)].map((name) => ({
          publisherPlatform: name,
          ads: placements.filter((placement) => placement === name).length,
        })),
        (entry) => entry.publisherPlatform,
      ),
    };
  }

  const summaryOf = async (query: string) => {
    const response = await get(`/api/ad-library/summary?brandId=${brand.id}${query}`, owner);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('counts the whole library, by platform, competitor (none left out) and placement', async () => {
    expect(await summaryOf('')).toEqual(expectedSummary(seeded(), [beanThere, grindHouse, emptyCup]));
  });

  it('counts with the same filters as the list', async () => {
    const metaStopped = seeded().filter(({ ad }) => ad.platform === 'meta' && !ad.isActive);
    expect(await summaryOf('&platform=meta&status=stopped')).toEqual(
      expectedSummary(metaStopped, [beanThere, grindHouse, emptyCup]),
    );
    const brulee = seeded().filter(({ ad }) => ad.adId === 'gh-brulee');
    expect(await summaryOf(`&competitorId=${grindHouse.id}&q=creme`)).toEqual(expectedSummary(brulee, [grindHouse]));
    const query = `&from=${dayText(31)}&to=${dayText(10)}&q=cafe%20OR%20sale`;
    const listed = await getPage(target, owner, `/api/ad-library?brandId=${brand.id}${query}`);
    expect((await summaryOf(query)).total).toBe(listed.total);
    expect(listed.total).toBe(3);
  });
});

describe('refusals', () => {
  const listUrl = (query: string) => `/api/ad-library?brandId=${brand.id}${query}`;
  const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');

  it('answers 400 with a readable message for a bad cursor, limit, sort, status, date or search', async () => {
    const newestCursor = new URL((await getPage(target, owner, listUrl('&limit=1'))).next!).searchParams.get('cursor')!;
    const cases: [string, string][] = [
      ['&cursor=not%20a%20cursor', BAD_CURSOR_MESSAGE],
      [`&cursor=${cursorOf(['x'])}`, BAD_CURSOR_MESSAGE],
      [`&cursor=${cursorOf(['2026-02-30T10:00:00.000000Z', crypto.randomUUID()])}`, BAD_CURSOR_MESSAGE],
      [`&cursor=${cursorOf(['2026-02-03T10:00:00.000000Z', 'not-a-uuid'])}`, BAD_CURSOR_MESSAGE],
      [`&sort=longest-running&cursor=${newestCursor}`, BAD_CURSOR_MESSAGE],
      ['&limit=0', 'Limit must be at least 1'],
      ['&limit=201', 'Limit must be at most 200'],
      ['&limit=ten', 'Limit must be a number'],
      ['&sort=oldest', 'sort must be newest or longest-running'],
      ['&status=paused', 'status must be running or stopped'],
      ['&from=2026-13-01', 'Dates are written as YYYY-MM-DD, such as 2026-12-07'],
      ['&from=2026-03-02&to=2026-03-01', 'The start date must be on or before the end date'],
      [`&q=${'a'.repeat(201)}`, 'A search is at most 200 characters'],
      ['&q=sale%07', 'Search contains a control character'],
    ];
    for (const [query, message] of cases) {
      for (const route of ['/api/ad-library', '/api/ad-library/export.csv', '/api/ad-library/summary']) {
        const paged = query.includes('cursor') || query.includes('limit');
        if (paged && route !== '/api/ad-library') continue;
        if (query.includes('sort') && route === '/api/ad-library/summary') continue;
        const response = await get(`${route}?brandId=${brand.id}${query}`, owner);
        expect(response.statusCode, `${route} ${query}`).toBe(400);
        expect(response.json(), `${route} ${query}`).toEqual({ code: 'validation', message });
      }
    }
  });

  it("answers 404 for another user's brand or competitor, or a competitor of another brand", async () => {
    for (const route of ['/api/ad-library', '/api/ad-library/summary', '/api/ad-library/export.csv']) {
      expect((await get(`${route}?brandId=${strangerBrandId}`, owner)).statusCode, route).toBe(404);
      expect((await get(`${route}?brandId=${brand.id}`, stranger)).statusCode, route).toBe(404);
      const theirs = await get(`${route}?brandId=${brand.id}&competitorId=${strangerCompetitor.id}`, owner);
      expect(theirs.statusCode, route).toBe(404);
      expect(theirs.json()).toEqual({ code: 'not_found', message: 'Competitor not found' });
      const elsewhere = await get(`${route}?brandId=${brand.id}&competitorId=${otherBrandCompetitor.id}`, owner);
      expect(elsewhere.statusCode, route).toBe(404);
    }
  });

  it('answers 401 signed out', async () => {
    for (const route of ['/api/ad-library', '/api/ad-library/summary', '/api/ad-library/export.csv']) {
      expect((await get(`${route}?brandId=${brand.id}`)).statusCode, route).toBe(401);
    }
  });

  it('never reads another brand’s ads into the list, however it is searched', async () => {
    const [strangerAd] = await target.database.db
      .select({ id: adLibraryEntries.id })
      .from(adLibraryEntries)
      .where(eq(adLibraryEntries.competitorId, strangerCompetitor.id));
    expect(await adIdsOf('&q=summer')).not.toContain('s-1');
    expect((await getPage(target, owner, listUrl('&q=summer'))).ids).not.toContain(strangerAd!.id);
  });
});
