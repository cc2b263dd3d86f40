import type { TSentimentLabel } from '../../../shared/schemas/insights.ts';

/** Mentions counted by sentiment (a mention stored without one counts as neutral). */
export type SentimentCounts = Record<TSentimentLabel, number>;

/** One UTC day's mentions ('YYYY-MM-DD'). */
export type DayRow = { day: string; total: number } & SentimentCounts;

/** One subject's mentions: the brand's own (competitorId null) or a competitor's. */
export type SubjectRow = { competitorId: string | null; mentions: number } & SentimentCounts;

/** One source label's mentions, as the list names the source ("Reviews · Google"). */
export type SourceRow = { label: string; mentions: number };

/**
 * What the summary is made of, however it was counted (the day counts the database keeps, or one
 * pass over the mentions a search finds): the mentions matching the filters in all (`totals`) and
 * by source label; per UTC day over the chart's days and the spike rule's baseline before them; per
 * subject over the chart's days, whoever the filters ask about (the share of voice compares them all).
 */
export type MentionFigures = {
  totals: { total: number } & SentimentCounts;
  byDay: Map<string, DayRow>;
  bySubject: SubjectRow[];
  bySource: SourceRow[];
};
