import type { TReportPeriod, TSeriesBucket } from '../../../shared/schemas/sentiment-reports.ts';
import type { Calendar } from './calendar.ts';
import { BASELINE_DAYS } from './spikes.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Periods end when the report is generated and are rolling, not calendar: daily is the last 24
 * hours, weekly the last 7 × 24 hours, monthly the last 30 × 24 hours. So a monthly report made
 * on 12 March at 10:00 covers 10 February 10:00 to 12 March 10:00, and any two reports of the
 * same period are the same length, which the trend's comparison needs.
 */
export const periodLengthMs: Record<TReportPeriod, number> = {
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
  monthly: 30 * DAY_MS,
};

/** A daily report charts hours; a longer one charts calendar days. */
export const periodBucket: Record<TReportPeriod, TSeriesBucket> = {
  daily: 'hour',
  weekly: 'day',
  monthly: 'day',
};

/** What a report looks at: [start, end), the previous period of the same length, and the charts' step. */
export type ReportWindow = {
  start: Date;
  end: Date;
  /** the previous period is [previousStart, start); null when nothing is compared (the overview) */
  previousStart: Date | null;
  bucket: TSeriesBucket;
  /** days from the one holding this instant up to `end` are checked for a spike */
  spikesFrom: Date;
};

export function reportWindow(period: TReportPeriod, now: Date): ReportWindow {
  const length = periodLengthMs[period];
  const start = new Date(now.getTime() - length);
  return {
    start,
    end: now,
    previousStart: new Date(start.getTime() - length),
    bucket: periodBucket[period],
    spikesFrom: start,
  };
}

/**
 * The earliest instant a report's figures read: the previous period, and the baseline days
 * before the first day checked for a spike.
 */
export function loadFrom(window: ReportWindow, calendar: Calendar): Date {
  const firstSpikeDay = calendar.bucketStart(window.spikesFrom.getTime(), 'day');
  const baselineStart = calendar.addDays(firstSpikeDay, -BASELINE_DAYS);
  const previous = window.previousStart?.getTime() ?? window.start.getTime();
  return new Date(Math.min(previous, baselineStart, window.start.getTime()));
}

/** Days checked for a spike in an overview of every insight: the last 30. */
export const OVERVIEW_SPIKE_DAYS = 30;

/**
 * The window of an overview of all of a brand's insights (the consumer insights PDF): from the
 * first insight to now, charted by day up to about three months, by week up to two years and by
 * month beyond, so a chart never has more than about a hundred steps.
 */
export function overviewWindow(first: Date, now: Date): ReportWindow {
  const span = now.getTime() - first.getTime();
  const bucket: TSeriesBucket = span <= 92 * DAY_MS ? 'day' : span <= 730 * DAY_MS ? 'week' : 'month';
  return {
    start: first,
    end: now,
    previousStart: null,
    bucket,
    spikesFrom: new Date(Math.max(first.getTime(), now.getTime() - OVERVIEW_SPIKE_DAYS * DAY_MS)),
  };
}
