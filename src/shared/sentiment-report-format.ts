/**
 * How sentiment reports are shown, the same in the browser and in the PDFs: the sentiment band
 * of a score out of 5, the chart labels (Europe/London, en-GB) and the trend's words.
 */
import type { TReportPeriod, TSentimentReport, TSeriesBucket, TTrendDirection } from './schemas/sentiment-reports.ts';
import { previousPeriodSpans } from './schemas/sentiment-reports.ts';
import { type ScoreBand, scoreBand } from './scoring-bands.ts';

export const REPORT_TIME_ZONE = 'Europe/London';

/** A score out of 5 in the score bands (SPEC §9) scaled to 100: 4.0+ good, 3.0-3.9 fair, below 3 poor. */
export function sentimentBand(score: number): ScoreBand {
  return scoreBand(score * 20);
}

export const trendLabels: Record<TTrendDirection, string> = {
  improving: 'Improving',
  declining: 'Declining',
  neutral: 'Neutral',
};

/** What the trend compared, in words: 'from 3.4 over 120 mentions in the previous 30 days'. */
export function trendDetail(report: Pick<TSentimentReport, 'reportPeriod' | 'insights' | 'trendDirection'>): string {
  const { previous } = report.insights;
  const span = previousPeriodSpans[report.reportPeriod as TReportPeriod];
  if (previous.mentions === 0 || previous.overallSentiment === null) return `No mentions in ${span} to compare with`;
  const mentions = `${previous.mentions.toLocaleString('en-GB')} ${previous.mentions === 1 ? 'mention' : 'mentions'}`;
  return `${report.trendDirection === 'neutral' ? 'Against' : 'From'} ${previous.overallSentiment.toFixed(1)} over ${mentions} in ${span}`;
}

const formats = {
  hour: new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: REPORT_TIME_ZONE }),
  day: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: REPORT_TIME_ZONE }),
  month: new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: REPORT_TIME_ZONE }),
  long: new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: REPORT_TIME_ZONE,
  }),
  longHour: new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: REPORT_TIME_ZONE,
  }),
};

/** A chart step's label: '14:00', '12 Mar', 'w/c 9 Mar', 'Mar 2026'. */
export function bucketLabel(startIso: string, bucket: TSeriesBucket): string {
  const date = new Date(startIso);
  if (bucket === 'hour') return formats.hour.format(date);
  if (bucket === 'day') return formats.day.format(date);
  if (bucket === 'week') return `w/c ${formats.day.format(date)}`;
  return formats.month.format(date);
}

/** A chart step in full, for tooltips: '12 Mar, 14:00', '12 Mar 2026', 'Week of 9 Mar 2026'. */
export function bucketTitle(startIso: string, bucket: TSeriesBucket): string {
  const date = new Date(startIso);
  if (bucket === 'hour') return formats.longHour.format(date);
  if (bucket === 'day') return formats.long.format(date);
  if (bucket === 'week') return `Week of ${formats.long.format(date)}`;
  return formats.month.format(date);
}

/** '12 Mar 2026' */
export function shortDate(iso: string): string {
  return formats.long.format(new Date(iso));
}

/** A report's span: '10 Feb 2026, 10:00 to 12 Mar 2026, 10:00' for daily, dates only otherwise. */
export function periodRange(report: Pick<TSentimentReport, 'startDate' | 'endDate' | 'reportPeriod'>): string {
  if (report.reportPeriod === 'daily') {
    return `${formats.longHour.format(new Date(report.startDate))} to ${formats.longHour.format(new Date(report.endDate))}`;
  }
  return `${shortDate(report.startDate)} to ${shortDate(report.endDate)}`;
}

/** A YYYY-MM-DD day: '12 Mar 2026'. */
export function dayKeyLabel(day: string): string {
  return formats.long.format(new Date(`${day}T12:00:00Z`));
}
