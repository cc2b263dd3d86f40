/**
 * A sentiment report's figures from a brand's stored insights: pure, so the rules are tested on
 * fixed data. Every figure is counted from the insights given; nothing is estimated. The period,
 * trend and spike rules are in window.ts, figures.ts (TREND_RULE) and spikes.ts (SPIKE_RULE).
 *
 * The insights come in as cells: the mentions of one sentiment and source within one hour, which
 * the database counts (decision 0012), cut at the period's edges so that every cell lies wholly
 * inside or outside each period. A single insight is a cell of one mention.
 */
import type { TInsightSource, TSentimentLabel } from '../../../shared/schemas/insights.ts';
import type { TSeriesPoint } from '../../../shared/schemas/sentiment-reports.ts';
import { type Calendar, createCalendar } from './calendar.ts';
import { meanScore, oneDecimal, type Tally, trendOf, wholePercentages } from './figures.ts';
import type { ReportFigures, ReportInput } from './report-types.ts';
import { type DayCount, findSpike } from './spikes.ts';
import type { ReportWindow } from './window.ts';

export { type Calendar, createCalendar, REPORT_TIME_ZONE } from './calendar.ts';
export { TOP_TERMS, TREND_RULE } from './figures.ts';
export type { ReportCell, ReportFigures, ReportInput } from './report-types.ts';
export { SPIKE_RULE } from './spikes.ts';
export { loadFrom, overviewWindow, type ReportWindow, reportWindow } from './window.ts';
export { formatDayKey, localReportWording, type WordingContext } from './wording.ts';

type Bucket = { start: number; tally: Tally } & Record<TSentimentLabel, number>;

function emptyBuckets(window: ReportWindow, calendar: Calendar): { buckets: Bucket[]; index: Map<number, Bucket> } {
  const buckets: Bucket[] = [];
  const end = window.end.getTime();
  let start = calendar.bucketStart(window.start.getTime(), window.bucket);
  for (; start < end; start = calendar.nextBucket(start, window.bucket)) {
    buckets.push({ start, tally: { mentions: 0, scoreSum: 0 }, positive: 0, neutral: 0, negative: 0 });
  }
  return { buckets, index: new Map(buckets.map((bucket) => [bucket.start, bucket])) };
}

function toPoint(bucket: Bucket): TSeriesPoint {
  const { mentions } = bucket.tally;
  return {
    start: new Date(bucket.start).toISOString(),
    mentions,
    positive: bucket.positive,
    neutral: bucket.neutral,
    negative: bucket.negative,
    averageSentiment: meanScore(bucket.tally),
    negativeShare: mentions === 0 ? null : oneDecimal((bucket.negative / mentions) * 100),
  };
}

/**
 * The figures of the cells in [window.start, window.end), the trend against
 * [window.previousStart, window.start), and the spike check of the days from window.spikesFrom.
 * The cells may cover anything from loadFrom(window) on; cells outside what each figure reads are
 * ignored, including any dated after the window's end.
 */
export function analyseInsights(
  input: ReportInput,
  window: ReportWindow,
  calendar: Calendar = createCalendar(),
): ReportFigures {
  const start = window.start.getTime();
  const end = window.end.getTime();
  const previousStart = window.previousStart?.getTime() ?? null;
  const current: Tally = { mentions: 0, scoreSum: 0 };
  const previous: Tally = { mentions: 0, scoreSum: 0 };
  const counts: Record<TSentimentLabel, number> = { positive: 0, neutral: 0, negative: 0 };
  const sources = new Map<TInsightSource, number>();
  const days = new Map<number, DayCount>();
  const { buckets, index } = emptyBuckets(window, calendar);

  for (const cell of input.cells) {
    const at = cell.at.getTime();
    if (at >= end || cell.mentions <= 0) continue;
    const dayStart = calendar.bucketStart(at, 'day');
    const day = days.get(dayStart) ?? { mentions: 0, negative: 0 };
    day.mentions += cell.mentions;
    if (cell.sentiment === 'negative') day.negative += cell.mentions;
    days.set(dayStart, day);

    if (at >= start) {
      current.mentions += cell.mentions;
      current.scoreSum += cell.scoreSum;
      counts[cell.sentiment] += cell.mentions;
      sources.set(cell.source, (sources.get(cell.source) ?? 0) + cell.mentions);
      const bucket = index.get(calendar.bucketStart(at, window.bucket));
      if (bucket) {
        bucket.tally.mentions += cell.mentions;
        bucket.tally.scoreSum += cell.scoreSum;
        bucket[cell.sentiment] += cell.mentions;
      }
    } else if (previousStart !== null && at >= previousStart) {
      previous.mentions += cell.mentions;
      previous.scoreSum += cell.scoreSum;
    }
  }

  const [positivePercentage = 0, neutralPercentage = 0, negativePercentage = 0] = wholePercentages([
    counts.positive,
    counts.neutral,
    counts.negative,
  ]);
  return {
    totalMentions: current.mentions,
    counts,
    overallSentiment: meanScore(current),
    positivePercentage,
    neutralPercentage,
    negativePercentage,
    trendDirection: window.previousStart ? trendOf(current, previous) : 'neutral',
    previous: window.previousStart
      ? {
          start: window.previousStart,
          end: window.start,
          mentions: previous.mentions,
          overallSentiment: meanScore(previous),
        }
      : null,
    topTopics: input.topTopics,
    topKeywords: input.topKeywords,
    series: { bucket: window.bucket, timeZone: calendar.timeZone, points: buckets.map(toPoint) },
    spikeAlert: findSpike(days, calendar.bucketStart(window.spikesFrom.getTime(), 'day'), end, calendar),
    sources: [...sources.entries()]
      .map(([source, mentions]) => ({ source, mentions }))
      .sort((a, b) => b.mentions - a.mentions || a.source.localeCompare(b.source)),
  };
}
