import { calendarDaysRun, RUNNING_DAYS_RULE } from '../../../shared/ad-running-days.ts';
import {
  competitorReportPeriodDays,
  type TCompetitorReportPeriod,
} from '../../../shared/schemas/competitor-reports.ts';
import type { AdFacts, CompetitiveWindow } from './types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The period's window: the last 1, 7, 30 or 90 days to now, or the chosen dates from the start of
 * the first to the end of the last (UTC), never past now.
 */
export function competitiveWindow(
  period: TCompetitorReportPeriod,
  now: Date,
  chosen?: { startDate?: string; endDate?: string },
): CompetitiveWindow {
  if (period === 'custom') {
    const start = new Date(`${chosen?.startDate}T00:00:00.000Z`);
    const end = new Date(Math.min(now.getTime(), Date.parse(`${chosen?.endDate}T23:59:59.999Z`)));
    return { start, end };
  }
  return { start: new Date(now.getTime() - competitorReportPeriodDays[period] * DAY_MS), end: now };
}

/** When the ad was first seen; an ad entered without dates counts from when it was stored. */
export const seenFrom = (ad: AdFacts) => ad.firstSeenAt ?? ad.createdAt;

/** When it was last seen: the end of the window while it is active. */
export function seenTo(ad: AdFacts, window: CompetitiveWindow): Date {
  return ad.isActive ? window.end : (ad.lastSeenAt ?? seenFrom(ad));
}

/** Running at any time in the window: first seen before it ends, and active or last seen after it starts. */
export function seenInWindow(ad: AdFacts, window: CompetitiveWindow): boolean {
  return seenFrom(ad).getTime() < window.end.getTime() && seenTo(ad, window).getTime() >= window.start.getTime();
}

/** Calendar days from first to last seen (to the window's end while active); null without a first-seen date. */
export function runningDays(ad: AdFacts, window: CompetitiveWindow): number | null {
  if (!ad.firstSeenAt) return null;
  const end = Math.min(seenTo(ad, window).getTime(), window.end.getTime());
  return calendarDaysRun(ad.firstSeenAt, new Date(end));
}

/** ISO 8601 week of a date (UTC): '2026-W07', and the Monday it starts. */
export function isoWeekOf(date: Date): { week: string; weekStart: string } {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  const monday = new Date(day.getTime() - (weekday - 1) * DAY_MS);
  const thursday = new Date(day.getTime() + (4 - weekday) * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((thursday.getTime() - yearStart) / DAY_MS + 1) / 7);
  return {
    week: `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`,
    weekStart: monday.toISOString().slice(0, 10),
  };
}

export const WINDOW_RULE = `An ad is counted when it ran at any time in the period: first seen before the period ended, and still active or last seen after it began. An ad entered without dates counts from when it was added. Running days run from first seen to last seen, or to the end of the period while the ad is active. ${RUNNING_DAYS_RULE}`;
