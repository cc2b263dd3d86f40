/** The shapes a sentiment report's figures are made from and made into (see index.ts). */
import type { TInsightSource, TSentimentLabel } from '../../../shared/schemas/insights.ts';
import type { TSeries, TSpikeAlert, TTermCount, TTrendDirection } from '../../../shared/schemas/sentiment-reports.ts';

/**
 * Mentions of one sentiment and source collected within one clock hour, on one side of each
 * period edge. `at` is any instant in that span (the database gives its start).
 */
export type ReportCell = {
  at: Date;
  sentiment: TSentimentLabel;
  source: TInsightSource;
  mentions: number;
  /** the sum of their scores out of 5 */
  scoreSum: number;
};

/** What the figures are made from: the cells, and the top topics and keywords of the period. */
export type ReportInput = {
  cells: Iterable<ReportCell>;
  topTopics: TTermCount[];
  topKeywords: TTermCount[];
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
