/**
 * The ad library's two orders, each with its keyset: a page ends at the key of its last ad and the
 * next starts after it, so ads added or changed meanwhile neither repeat nor skip one.
 *
 * - newest: when the ad was last known to run (seen_at), then id. The key carries seen_at as text
 *   to the microsecond (a JavaScript Date would drop the last three digits and repeat or skip ads
 *   seen within the same millisecond). Each competitor's ads are read down its own index
 *   (competitor_id, seen_at desc, id desc), a page's worth at most, and the few merged.
 * - longest-running: calendar days run (src/shared/ad-running-days.ts, computed by the database
 *   the same way), most first, ads without a first seen date last, then id. The key carries the
 *   day counted as "today", so a list paged across midnight keeps one order.
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { TAdSort } from '../../../shared/schemas/ad-feed.ts';
import { BAD_CURSOR_MESSAGE } from '../../../shared/schemas/paging.ts';
import type { Database } from '../../db/client.ts';
import { adLibraryEntries as ads, competitors } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { afterKey, decodeCursor, type PageKey } from '../../http/paging.ts';
import type { AdFeedScope } from './ad-feed-scope.ts';

export type KeyedAdId = { id: string; key: PageKey };

export type AdFeedOrder = {
  /** The key a client's cursor holds, checked: 400 when it is not one this order wrote. */
  keyOfCursor(cursor: string): PageKey;
  /** The ids of up to `size` ads after `after` (from the start when null), in order, with their keys. */
  readIds(db: Database, scope: AdFeedScope, after: PageKey | null, size: number): Promise<KeyedAdId[]>;
};

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MICROSECOND_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const badCursor = () => new AppError('validation', BAD_CURSOR_MESSAGE);

/** A moment written as the key writes it, and a real one (no 31 February). */
function isKeyTime(text: string): boolean {
  if (!MICROSECOND_TIME.test(text)) return false;
  const milliseconds = Date.parse(`${text.slice(0, 23)}Z`);
  return Number.isFinite(milliseconds) && new Date(milliseconds).toISOString().slice(0, 19) === text.slice(0, 19);
}

/** When the ad was last known to run, as text to the microsecond: the keyset's date, which a Date would cut to the millisecond. */
export const seenAtKeyText = sql<string>`to_char(${ads.seenAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const newest: AdFeedOrder = {
  keyOfCursor(cursor) {
    const key = decodeCursor(cursor, ['string', 'string']);
    if (!isKeyTime(String(key[0])) || !UUID.test(String(key[1]))) throw badCursor();
    return key;
  },
  async readIds(db, scope, after, size) {
    const conditions: SQL[] = [eq(ads.competitorId, competitors.id), scope.adsMatch];
    if (after) {
      conditions.push(
        afterKey([sql`${ads.seenAt}`, sql`${ads.id}`], [sql`${after[0]}::timestamptz`, sql`${after[1]}::uuid`], 'desc'),
      );
    }
    // each competitor's first `size` ads by its own index, then the newest `size` of those
    const perCompetitor = db
      .select({ id: ads.id, seenAt: ads.seenAt, seenKey: seenAtKeyText.as('seen_key') })
      .from(ads)
      .where(and(...conditions))
      // NULLS LAST as the index has it (the columns are never null): otherwise the index cannot give the order
      .orderBy(sql`${ads.seenAt} desc nulls last`, sql`${ads.id} desc nulls last`)
      .limit(size)
      .as('latest');
    const rows = await db
      .select({ id: perCompetitor.id, seenKey: perCompetitor.seenKey })
      .from(competitors)
      .innerJoinLateral(perCompetitor, sql`true`)
      .where(scope.competitorsIn)
      .orderBy(desc(perCompetitor.seenAt), desc(perCompetitor.id))
      .limit(size);
    return rows.map((row) => ({ id: row.id, key: [row.seenKey, row.id] }));
  },
};

/** The UTC day of a moment as days since 1970-01-01. */
const dayNumberOf = (moment: Date) => Math.floor(moment.getTime() / DAY_MS);

/**
 * calendarDaysRun in SQL: (last day - first day + 1) in UTC, at least 1, the last day being today
 * while the ad runs, else its last seen day, else its first; null without a first seen date.
 */
export function daysRunSql(today: SQL): SQL<number | null> {
  const lastDay = sql`case when ${ads.isActive} then ${today}
    else (coalesce(${ads.lastSeenAt}, ${ads.firstSeenAt}) at time zone 'UTC')::date end`;
  return sql<number | null>`case when ${ads.firstSeenAt} is null then null
    else greatest(1, ${lastDay} - (${ads.firstSeenAt} at time zone 'UTC')::date + 1) end`;
}

/** Day number n as a date: 1970-01-01 plus n days. */
const dateOfDayNumber = (dayNumber: number) => sql`(date '1970-01-01' + ${dayNumber}::integer)`;

function longestRunning(now: Date): AdFeedOrder {
  return {
    keyOfCursor(cursor) {
      const key = decodeCursor(cursor, ['nullable-number', 'string', 'number']);
      const [days, id, today] = key;
      if (days !== null && !Number.isSafeInteger(days)) throw badCursor();
      if (!UUID.test(String(id)) || !Number.isSafeInteger(today)) throw badCursor();
      return key;
    },
    async readIds(db, scope, after, size) {
      const today = after ? Number(after[2]) : dayNumberOf(now);
      const days = daysRunSql(dateOfDayNumber(today));
      const conditions: SQL[] = [scope.competitorsIn, scope.adsMatch];
      if (after) {
        const [afterDays, afterId] = after;
        conditions.push(
          afterDays === null
            ? sql`(${days} is null and ${ads.id} < ${afterId}::uuid)`
            : sql`(${days} < ${afterDays} or (${days} = ${afterDays} and ${ads.id} < ${afterId}::uuid) or ${days} is null)`,
        );
      }
      const rows = await db
        .select({ id: ads.id, days: days.mapWith((value) => (value === null ? null : Number(value))) })
        .from(ads)
        .innerJoin(competitors, eq(competitors.id, ads.competitorId))
        .where(and(...conditions))
        .orderBy(sql`${days} desc nulls last`, desc(ads.id))
        .limit(size);
      return rows.map((row) => ({ id: row.id, key: [row.days, row.id, today] }));
    },
  };
}

export function adFeedOrder(sort: TAdSort, now: Date): AdFeedOrder {
  return sort === 'longest-running' ? longestRunning(now) : newest;
}
