/**
 * When the weekly digest goes out: Monday between 08:00 and 08:59 in the reader's own timezone.
 * The hourly job asks this of every reader, so each gets it in their own Monday morning.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const DIGEST_WEEKDAY = 1;
export const DIGEST_HOUR = 8;

export type LocalTime = { year: number; month: number; day: number; weekday: number; hour: number };

/** The wall-clock date and hour at this instant in an IANA timezone. */
export function localTimeIn(timeZone: string, now: Date): LocalTime {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return {
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
    weekday: WEEKDAYS.indexOf(part('weekday') as (typeof WEEKDAYS)[number]),
    hour: Number(part('hour')),
  };
}

/** ISO 8601 week of a calendar date, e.g. '2026-W19' (weeks start on Monday; week 1 holds 4 January). */
export function isoWeekOf(date: Pick<LocalTime, 'year' | 'month' | 'day'>): string {
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day));
  const weekday = day.getUTCDay() || 7;
  // The Thursday of the same week decides the year the week belongs to.
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The digest's week when it is due now in this timezone (Monday, 08:xx), else null. */
export function digestWeekDue(timeZone: string, now: Date): string | null {
  let local: LocalTime;
  try {
    local = localTimeIn(timeZone, now);
  } catch {
    // A timezone this runtime no longer knows: the default one rather than never.
    local = localTimeIn('Europe/London', now);
  }
  if (local.weekday !== DIGEST_WEEKDAY || local.hour !== DIGEST_HOUR) return null;
  return isoWeekOf(local);
}
