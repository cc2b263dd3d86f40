/**
 * The database side of a report: one bounded read of the brand's own insights for the figures,
 * and a few rows for the example quotes. The figures themselves are computed by the pure
 * analysis in analysis/sentiment-report.
 */
import { and, asc, desc, eq, gte, isNotNull, isNull, lt, min, type SQL } from 'drizzle-orm';
import type { TReportQuote } from '../../../shared/schemas/sentiment-reports.ts';
import {
  analyseInsights,
  createCalendar,
  loadFrom,
  type ReportFigures,
  type ReportInsightRow,
  type ReportWindow,
} from '../../analysis/sentiment-report/index.ts';
import type { Database } from '../../db/client.ts';
import { consumerInsights } from '../../db/schema/index.ts';

/** Example quotes of each sentiment a report keeps. */
export const QUOTES_PER_SENTIMENT = 3;
/** A quote longer than this is cut (the full text stays on the insight). */
export const QUOTE_MAX_CHARS = 600;

/**
 * What a report counts: the brand's own insights (not those about its competitors), kept as
 * relevant, with a sentiment.
 */
function ownInsightsOf(brandId: string): SQL {
  return and(
    eq(consumerInsights.brandId, brandId),
    isNull(consumerInsights.competitorId),
    eq(consumerInsights.isRelevant, true),
    isNotNull(consumerInsights.sentiment),
    isNotNull(consumerInsights.sentimentScore),
  ) as SQL;
}

/** Whether the brand has any insight of its own at all (SPEC §5: a report needs one). */
export async function brandHasInsights(db: Database, brandId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: consumerInsights.id })
    .from(consumerInsights)
    .where(ownInsightsOf(brandId))
    .limit(1);
  return Boolean(found);
}

/** When the brand's first own insight was collected; null when it has none. */
export async function firstInsightAt(db: Database, brandId: string): Promise<Date | null> {
  const [row] = await db
    .select({ first: min(consumerInsights.collectedAt) })
    .from(consumerInsights)
    .where(ownInsightsOf(brandId));
  return row?.first ? new Date(row.first) : null;
}

async function readRows(db: Database, brandId: string, from: Date, end: Date): Promise<ReportInsightRow[]> {
  const rows = await db
    .select({
      collectedAt: consumerInsights.collectedAt,
      sentiment: consumerInsights.sentiment,
      sentimentScore: consumerInsights.sentimentScore,
      topics: consumerInsights.topics,
      keywords: consumerInsights.keywords,
      source: consumerInsights.source,
    })
    .from(consumerInsights)
    .where(and(ownInsightsOf(brandId), gte(consumerInsights.collectedAt, from), lt(consumerInsights.collectedAt, end)));
  // the filter above guarantees both are set
  return rows as ReportInsightRow[];
}

function toQuote(row: typeof consumerInsights.$inferSelect): TReportQuote {
  const content = row.content.trim();
  return {
    insightId: row.id,
    sentiment: row.sentiment ?? 'neutral',
    sentimentScore: row.sentimentScore ?? 3,
    confidence: row.confidence ?? 0,
    content: content.length > QUOTE_MAX_CHARS ? `${content.slice(0, QUOTE_MAX_CHARS - 1).trimEnd()}…` : content,
    source: row.source,
    platform: row.platform,
    authorName: row.authorName,
    authorHandle: row.authorHandle,
    sourceUrl: row.sourceUrl,
    collectedAt: row.collectedAt.toISOString(),
  };
}

/** The most confident positive and negative insights of [start, end), newest first among equals. */
export async function exampleQuotes(db: Database, brandId: string, start: Date, end: Date) {
  const of = async (sentiment: 'positive' | 'negative') => {
    const rows = await db
      .select()
      .from(consumerInsights)
      .where(
        and(
          ownInsightsOf(brandId),
          eq(consumerInsights.sentiment, sentiment),
          gte(consumerInsights.collectedAt, start),
          lt(consumerInsights.collectedAt, end),
        ),
      )
      .orderBy(desc(consumerInsights.confidence), desc(consumerInsights.collectedAt), asc(consumerInsights.id))
      .limit(QUOTES_PER_SENTIMENT);
    return rows.map(toQuote);
  };
  const [positive, negative] = await Promise.all([of('positive'), of('negative')]);
  return { positive, negative };
}

/** The latest insights of the brand, for the overview's list. */
export async function latestInsights(db: Database, brandId: string, before: Date, limit: number) {
  const rows = await db
    .select()
    .from(consumerInsights)
    .where(and(ownInsightsOf(brandId), lt(consumerInsights.collectedAt, before)))
    .orderBy(desc(consumerInsights.collectedAt), asc(consumerInsights.id))
    .limit(limit);
  return rows.map(toQuote);
}

export type MeasuredInsights = {
  figures: ReportFigures;
  quotes: { positive: TReportQuote[]; negative: TReportQuote[] };
};

/** The figures and example quotes of a window over the brand's own insights. */
export async function measureInsights(db: Database, brandId: string, window: ReportWindow): Promise<MeasuredInsights> {
  const calendar = createCalendar();
  const rows = await readRows(db, brandId, loadFrom(window, calendar), window.end);
  const figures = analyseInsights(rows, window, calendar);
  const quotes = await exampleQuotes(db, brandId, window.start, window.end);
  return { figures, quotes };
}
