/**
 * A sentiment report's figures from a brand's stored insights: pure, so the rules are tested on
 * fixed rows. Every figure is counted from the insights given; nothing is estimated. The period,
 * trend and spike rules are in window.ts, figures.ts (TREND_RULE) and spikes.ts (SPIKE_RULE).
 */
import type { TInsightSource, TSentimentLabel } from '../../../shared/schemas/insights.ts';
import type {
  TSeries,
  TSeriesPoint,
  TSpikeAlert,
  TTermCount,
  TTrendDirection,
} from '../../../shared/schemas/sentiment-reports.ts';
import { type Calendar, createCalendar } from './calendar.ts';
import { meanScore, oneDecimal, type Tally, TermTally, trendOf, wholePercentages } from './figures.ts';
import { type DayCount, findSpike } from './spikes.ts';
import type { ReportWindow } from './window.ts';

export { type Calendar, createCalendar, REPORT_TIME_ZONE } from './calendar.ts';
export { TREND_RULE } from './figures.ts';
export { SPIKE_RULE } from './spikes.ts';
export { loadFrom, overviewWindow, type ReportWindow, reportWindow } from './window.ts';
export { formatDayKey, localReportWording, type WordingContext } from './wording.ts';

/** What the figures need of one stored insight. */
export type ReportInsightRow = {
  collectedAt: Date;
  sentiment: TSentimentLabel;
  /** 1 to 5 */
  sentimentScore: number;
  topics: readonly string[];
  keywords: readonly string[];
  source: TInsightSource;
};

export type ReportFigures = {
  totalMentions: number;
  counts: Record<TSentimentLabel, number>;
  /** mean score out of 5, one decimal; null with no mention */
  overallSentiment: number | null;
  positivePercentage: number;
  neutralPercentage: number;
  negativePercentage: number;
  trendDirection: TTrendDirection;
  /** null when the window compares with nothing */
  previous: { start: Date; end: Date; mentions: number; overallSentiment: number | null } | null;
  topTopics: TTermCount[];
  topKeywords: TTermCount[];
  series: TSeries;
  spikeAlert: TSpikeAlert | null;
  /** mentions by where they came from, most first */
  sources: { source: TInsightSource; mentions: number }[];
};

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
 * The figures of the insights in [window.start, window.end), the trend against
 * [window.previousStart, window.start), and the spike check of the days from window.spikesFrom.
 * `rows` may hold anything from loadFrom(window) on; rows outside what each figure reads are
 * ignored, including any dated after the window's end.
 */
export function analyseInsights(
  rows: Iterable<ReportInsightRow>,
  window: ReportWindow,
  calendar: Calendar = createCalendar(),
): ReportFigures {
  const start = window.start.getTime();
  const end = window.end.getTime();
  const previousStart = window.previousStart?.getTime() ?? null;
  const current: Tally = { mentions: 0, scoreSum: 0 };
  const previous: Tally = { mentions: 0, scoreSum: 0 };
  const counts: Record<TSentimentLabel, number> = { positive: 0, neutral: 0, negative: 0 };
  const topics = new TermTally();
  const keywords = new TermTally();
  const sources = new Map<TInsightSource, number>();
  const days = new Map<number, DayCount>();
  const { buckets, index } = emptyBuckets(window, calendar);

  for (const row of rows) {
    const at = row.collectedAt.getTime();
    if (at >= end) continue;
    const dayStart = calendar.bucketStart(at, 'day');
    const day = days.get(dayStart) ?? { mentions: 0, negative: 0 };
    day.mentions += 1;
    if (row.sentiment === 'negative') day.negative += 1;
    days.set(dayStart, day);

    if (at >= start) {
      current.mentions += 1;
      current.scoreSum += row.sentimentScore;
      counts[row.sentiment] += 1;
      topics.add(row.topics, row.sentiment);
      keywords.add(row.keywords, row.sentiment);
      sources.set(row.source, (sources.get(row.source) ?? 0) + 1);
      const bucket = index.get(calendar.bucketStart(at, window.bucket));
      if (bucket) {
        bucket.tally.mentions += 1;
        bucket.tally.scoreSum += row.sentimentScore;
        bucket[row.sentiment] += 1;
      }
    } else if (previousStart !== null && at >= previousStart) {
      previous.mentions += 1;
      previous.scoreSum += row.sentimentScore;
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
    topTopics: topics.top(),
    topKeywords: keywords.top(),
    series: { bucket: window.bucket, timeZone: calendar.timeZone, points: buckets.map(toPoint) },
    spikeAlert: findSpike(days, calendar.bucketStart(window.spikesFrom.getTime(), 'day'), end, calendar),
    sources: [...sources.entries()]
      .map(([source, mentions]) => ({ source, mentions }))
      .sort((a, b) => b.mentions - a.mentions || a.source.localeCompare(b.source)),
  };
}
