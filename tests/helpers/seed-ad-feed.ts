import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { nextPageLink, TOTAL_COUNT_HEADER } from '../../src/shared/schemas/paging.ts';
import type { TestApp } from './app.ts';

const DAY_MS = 86_400_000;

/** Midnight UTC `days` days before the day of `now`, plus `hours`. */
export const utcDayStart = (now: Date, days: number, hours = 0) =>
  new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - days * DAY_MS + hours * 3_600_000);

/**
 * The small library, every ad with what the filters read: Bean There's running summer sale, its
 * stopped café ad last seen late on day 31, a cafe latte on TikTok; Grind House's reversed "sale
 * summer", a crème brûlée ad whose text starts like a formula, and an old LinkedIn ad.
 */
export function smallAdLibrary(now: Date) {
  const dayStart = (days: number, hours = 0) => utcDayStart(now, days, hours);
  return {
    beanThere: [
      {
        platform: 'meta' as const,
        adId: 'bt-sale',
        adTitle: 'Summer sale',
        adText: 'Summer sale on espresso machines',
        isActive: true,
        firstSeenAt: dayStart(40, 10),
        lastSeenAt: now,
        metaMediaType: 'video' as const,
        publisherPlatforms: ['facebook', 'instagram'],
        source: 'meta' as const,
      },
      {
        platform: 'meta' as const,
        adId: 'bt-cafe',
        adTitle: 'Café crème',
        adText: 'Try our café crème today',
        isActive: false,
        firstSeenAt: dayStart(60, 12),
        lastSeenAt: dayStart(31, 23),
        metaMediaType: 'image' as const,
        publisherPlatforms: ['facebook'],
        source: 'meta' as const,
      },
      {
        platform: 'tiktok' as const,
        adId: 'bt-latte',
        adText: 'cafe latte for everyone',
        isActive: false,
        firstSeenAt: dayStart(20),
        lastSeenAt: dayStart(10, 1),
        source: 'tiktok' as const,
      },
    ],
    grindHouse: [
      {
        platform: 'google' as const,
        adId: 'gh-summer',
        adText: 'sale summer: the season of savings',
        isActive: true,
        firstSeenAt: dayStart(5),
        lastSeenAt: dayStart(0, 6),
        source: 'manual' as const,
      },
      {
        platform: 'meta' as const,
        adId: 'gh-brulee',
        adTitle: 'Crème brûlée',
        adText: '=HYPERLINK("http://evil.example","Click")',
        isActive: false,
        firstSeenAt: dayStart(90),
        lastSeenAt: dayStart(61, 12),
        metaMediaType: 'image' as const,
        publisherPlatforms: ['instagram', 'messenger'],
        source: 'meta' as const,
      },
      {
        platform: 'linkedin' as const,
        adId: 'gh-old',
        adText: 'Hiring baristas, "quoted" and, commas\nand a second line',
        isActive: false,
        firstSeenAt: dayStart(200),
        lastSeenAt: dayStart(150),
        source: 'csv' as const,
      },
    ],
  };
}

/**
 * `count` ads of a competitor in one INSERT ... SELECT over generate_series, numbered from `from`:
 * platforms in turn (meta, tiktok, google), one in four stopped, one in five a summer sale. The
 * running ones were all last seen within 17 microseconds of `seenAround`: hundreds of ads in the
 * same millisecond, many at the same microsecond, so a page boundary falls among equal times.
 */
export async function seedManyAds(
  database: DatabaseHandle,
  competitor: { id: string; userId: string },
  { count, from = 1, prefix, seenAround }: { count: number; from?: number; prefix: string; seenAround: Date },
) {
  const around = seenAround.toISOString();
  await database.db.execute(sql`
    insert into ad_library_entries (user_id, competitor_id, platform, ad_id, ad_title, ad_text, is_active,
      first_seen_at, last_seen_at, source)
    select ${competitor.userId}::uuid, ${competitor.id}::uuid,
      (array['meta', 'tiktok', 'google'])[1 + g % 3],
      ${prefix} || g,
      'Ad ' || g,
      case when g % 5 = 0 then 'Summer sale, offer ' || g else 'Fresh coffee, offer ' || g end,
      g % 4 <> 0,
      ${around}::timestamptz - (g % 90) * interval '1 day' - (g % 11) * interval '1 microsecond',
      case when g % 4 = 0
        then least(${around}::timestamptz, ${around}::timestamptz - (g % 90) * interval '1 day' + (g % 13) * interval '1 day')
        else ${around}::timestamptz - (g % 17) * interval '1 microsecond' end,
      'meta'
    from generate_series(${from}::integer, ${from + count - 1}::integer) as g`);
}

/** One ad inserted as a connector would, last seen at `seenAt` (to the microsecond, as text). */
export async function insertAdSeenAt(
  database: DatabaseHandle,
  competitor: { id: string; userId: string },
  adId: string,
  seenAt: string,
  firstSeenAt = seenAt,
) {
  const result = await database.db.execute(sql`
    insert into ad_library_entries (user_id, competitor_id, platform, ad_id, ad_text, is_active, first_seen_at,
      last_seen_at, source)
    values (${competitor.userId}::uuid, ${competitor.id}::uuid, 'meta', ${adId}, 'Inserted while paging', false,
      ${firstSeenAt}::timestamptz, ${seenAt}::timestamptz, 'meta')
    returning id`);
  return (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
}

export type FeedPage = { ids: string[]; total: number; next: string | null; body: Record<string, unknown>[] };

/** GET one page as the client would; `url` may be the absolute address a Link header names. */
export async function getPage(target: TestApp, cookie: string, url: string): Promise<FeedPage> {
  const { pathname, search } = new URL(url, 'http://localhost');
  const response = await target.app.inject({ method: 'GET', url: `${pathname}${search}`, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  const body = response.json() as Record<string, unknown>[];
  return {
    ids: body.map((ad) => String(ad.id)),
    total: Number(response.headers[TOTAL_COUNT_HEADER]),
    next: nextPageLink(response.headers.link as string | undefined),
    body,
  };
}

/**
 * Every page from `url` on, following Link rel="next"; `between` runs after each page that has a
 * next one (to change the library meanwhile).
 */
export async function walkPages(
  target: TestApp,
  cookie: string,
  url: string,
  between: (page: FeedPage, index: number) => Promise<void> = async () => {},
): Promise<FeedPage[]> {
  const pages: FeedPage[] = [];
  let address: string | null = url;
  while (address) {
    const page = await getPage(target, cookie, address);
    pages.push(page);
    if (page.next) await between(page, pages.length - 1);
    address = page.next;
  }
  return pages;
}
