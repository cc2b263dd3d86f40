import type { TSentimentLabel } from '../../shared/schemas/insights.ts';
import type {
  TReportQuote,
  TSeries,
  TSpikeAlert,
  TTermCount,
  TTrendDirection,
} from '../../shared/schemas/sentiment-reports.ts';

/**
 * What the two sentiment documents show: a stored sentiment report, or the overview of every
 * insight a brand has (the consumer insights report). Both are built from counted figures only.
 */
export type TSentimentDocument = {
  kind: 'report' | 'overview';
  brandName: string;
  /** 'Monthly' for a report; null for the overview */
  periodName: string | null;
  /** '10 Feb 2026 to 12 Mar 2026' */
  range: string;
  /** 'in the last 30 days', 'since 3 January 2026' */
  span: string;
  totalMentions: number;
  /** out of 5; null when there was no mention (not measured) */
  overallSentiment: number | null;
  percentages: Record<TSentimentLabel, number>;
  counts: Record<TSentimentLabel, number>;
  /** null for the overview, which compares with nothing */
  trend: { direction: TTrendDirection; detail: string } | null;
  series: TSeries;
  topTopics: TTermCount[];
  topKeywords: TTermCount[];
  spikeAlert: TSpikeAlert | null;
  /** which days were checked for a spike, in words: 'in this period', 'in the last 30 days' */
  spikeScope: string;
  quotes: { positive: TReportQuote[]; negative: TReportQuote[] };
  sources: { source: TReportQuote['source']; mentions: number }[];
  /** the written reading of the figures */
  reading: string[];
  writtenBy: 'local' | 'ai';
  /** the overview's most recent insights */
  latest: TReportQuote[];
  /** how the figures are made, in sentences */
  rules: string[];
  /** when the report was generated, or the overview made */
  generatedAt: Date;
};

/** Counts by sentiment from a series that covers the whole window. */
export function countsOf(series: TSeries): Record<TSentimentLabel, number> {
  const counts = { positive: 0, neutral: 0, negative: 0 };
  for (const point of series.points) {
    counts.positive += point.positive;
    counts.neutral += point.neutral;
    counts.negative += point.negative;
  }
  return counts;
}
