/**
 * Calendar arithmetic in one time zone: which local day, week or month an instant falls in, and
 * when that bucket starts. Reports count days as the people reading them do (Europe/London), so
 * a mention at 23:30 BST on 12 March belongs to 12 March, not to 12 March UTC.
 */
import type { TSeriesBucket } from '../../../shared/schemas/sentiment-reports.ts';
import { REPORT_TIME_ZONE } from '../../../shared/sentiment-report-format.ts';

/** The product's time zone (SPEC §9: e-mail reports default to Europe/London; dates are en-GB). */
export { REPORT_TIME_ZONE };

/** Every zone's offset is a whole number of quarter hours, so wall-clock parts are cached per quarter. */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const mod = (value: number, by: number) => ((value % by) + by) % by;

type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

export type Calendar = {
  readonly timeZone: string;
  /** the local date of an instant, 'YYYY-MM-DD' */
  dayKey(ms: number): string;
  /** the instant the bucket holding `ms` starts (weeks start on Monday) */
  bucketStart(ms: number, bucket: TSeriesBucket): number;
  /** the instant the bucket after the one starting at `startMs` starts */
  nextBucket(startMs: number, bucket: TSeriesBucket): number;
  /** the start of the local day `days` days before or after the day starting at `dayStartMs` */
  addDays(dayStartMs: number, days: number): number;
};

export function createCalendar(timeZone: string = REPORT_TIME_ZONE): Calendar {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const wallClocks = new Map<number, WallClock>();
  const bucketStarts = new Map<string, number>();

  /** Local wall-clock time of the quarter hour holding `ms` (same offset throughout). */
  const wallClockAt = (ms: number): WallClock => {
    const quarter = Math.floor(ms / QUARTER_HOUR_MS);
    let parts = wallClocks.get(quarter);
    if (!parts) {
      const read = Object.fromEntries(
        format.formatToParts(new Date(quarter * QUARTER_HOUR_MS)).map((part) => [part.type, Number(part.value)]),
      );
      parts = {
        year: read.year ?? 0,
        month: read.month ?? 1,
        day: read.day ?? 1,
        hour: read.hour ?? 0,
        minute: read.minute ?? 0,
      };
      wallClocks.set(quarter, parts);
    }
    return parts;
  };

  /** Local time minus UTC at an instant, in milliseconds. */
  const offsetAt = (ms: number): number => {
    const quarterStart = Math.floor(ms / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
    const wall = wallClockAt(ms);
    return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - quarterStart;
  };

  /**
   * The instant a local date begins. Zones change offset away from midnight (London at
   * 01:00 UTC), so a local midnight always exists; two passes settle the offset across a change.
   */
  const localToInstant = (year: number, month: number, day: number): number => {
    const asUtc = Date.UTC(year, month - 1, day);
    const guess = asUtc - offsetAt(asUtc);
    return asUtc - offsetAt(guess);
  };

  const computeBucketStart = (ms: number, bucket: TSeriesBucket): number => {
    // Hours by elapsed time: a local hour that happens twice (clocks going back) is two buckets.
    if (bucket === 'hour') return ms - mod(ms + offsetAt(ms), HOUR_MS);
    const { year, month, day } = wallClockAt(ms);
    if (bucket === 'day') return localToInstant(year, month, day);
    if (bucket === 'month') return localToInstant(year, month, 1);
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    const sinceMonday = (weekday + 6) % 7;
    const monday = new Date(Date.UTC(year, month - 1, day - sinceMonday));
    return localToInstant(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate());
  };

  /** The start of the local day `days` days and `months` months after the day holding `startMs`. */
  const shiftLocalDay = (startMs: number, unit: { days?: number; months?: number }): number => {
    const { year, month, day } = wallClockAt(startMs);
    const shifted = new Date(Date.UTC(year, month - 1 + (unit.months ?? 0), day + (unit.days ?? 0)));
    return localToInstant(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
  };

  return {
    timeZone,
    dayKey(ms) {
      const { year, month, day } = wallClockAt(ms);
      return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    },
    bucketStart(ms, bucket) {
      // Cached per quarter hour: a report of 50,000 mentions asks for a few thousand distinct ones.
      const key = `${bucket}:${Math.floor(ms / QUARTER_HOUR_MS)}`;
      let start = bucketStarts.get(key);
      if (start === undefined) {
        start = computeBucketStart(ms, bucket);
        bucketStarts.set(key, start);
      }
      return start;
    },
    nextBucket(startMs, bucket) {
      // An hour is an hour of elapsed time, even across a change of offset.
      if (bucket === 'hour') return startMs + HOUR_MS;
      if (bucket === 'day') return shiftLocalDay(startMs, { days: 1 });
      if (bucket === 'week') return shiftLocalDay(startMs, { days: 7 });
      return shiftLocalDay(startMs, { months: 1 });
    },
    addDays(dayStartMs, days) {
      return shiftLocalDay(dayStartMs, { days });
    },
  };
}
