/**
 * The database side of a report: the brand's own insights counted by the database (per hour,
 * sentiment and source; and per topic and keyword), and a few rows for the example quotes. The figures themselves are computed by the pure
 * analysis in analysis/sentiment-report.
 */
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, min, type SQL, sql } from 'drizzle-orm';
import type { TReportQuote, TTermCount } from '../../../shared/schemas/sentiment-reports.ts';
import {
  analyseInsights,
  createCalendar,
  loadFrom,
  type ReportCell,
  type ReportFigures,
  type ReportWindow,
  TOP_TERMS,
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

/**
 * The insights from `from` to `end` counted per clock hour, sentiment and source, each hour cut at
 * the period edges (see ReportCell): every figure but the terms comes from these few thousand cells
 * at most, counted by the database instead of read row by row (decision 0012).
 */
async function readCells(db: Database, brandId: string, window: ReportWindow, from: Date): Promise<ReportCell[]> {
  const edges = [window.start, ...(window.previousStart ? [window.previousStart] : [])];
  const edge = sql.join(
    [
      sql`case`,
      ...edges.map(
        (at) =>
          sql`when ${consumerInsights.collectedAt} >= ${at.toISOString()}::timestamptz then ${at.toISOString()}::timestamptz`,
      ),
      sql`else '-infinity'::timestamptz end`,
    ],
    sql` `,
  );
  // the UTC clock hour, whatever the session's time zone
  const hour = sql`date_trunc('hour', ${consumerInsights.collectedAt} at time zone 'UTC') at time zone 'UTC'`;
  const cellStart = sql<string>`greatest(${hour}, ${edge})`.mapWith((value: string | Date) => new Date(value));
  const rows = await db
    .select({
      at: cellStart,
      sentiment: consumerInsights.sentiment,
      source: consumerInsights.source,
      mentions: count(),
      scoreSum: sql<number>`sum(${consumerInsights.sentimentScore})`.mapWith(Number),
    })
    .from(consumerInsights)
    .where(
      and(
        ownInsightsOf(brandId),
        gte(consumerInsights.collectedAt, from),
        lt(consumerInsights.collectedAt, window.end),
      ),
    )
    // by position: the cell's expression carries parameters, which PostgreSQL cannot match twice
    .groupBy(sql`1`, sql`2`, sql`3`);
  // the filter guarantees a sentiment
  return rows as ReportCell[];
}

/**
 * The most mentioned topics or keywords of [start, end): each counted once per insight, trimmed
 * and in lower case, most mentioned first and ties in alphabetical order.
 */
async function topTerms(
  db: Database,
  brandId: string,
  column: typeof consumerInsights.topics | typeof consumerInsights.keywords,
  start: Date,
  end: Date,
): Promise<TTermCount[]> {
  // each insight's terms made distinct on its own row: cheaper than count(distinct id) per term
  const result = await db.execute(sql`
    select term.value as term,
      count(*) as mentions,
      count(*) filter (where ${consumerInsights.sentiment} = 'positive') as positive,
      count(*) filter (where ${consumerInsights.sentiment} = 'negative') as negative
    from ${consumerInsights}
      cross join lateral (
        select distinct lower(btrim(element)) as value from jsonb_array_elements_text(${column}) as elements(element)
      ) as term
    where ${ownInsightsOf(brandId)}
      and ${consumerInsights.collectedAt} >= ${start.toISOString()}::timestamptz
      and ${consumerInsights.collectedAt} < ${end.toISOString()}::timestamptz
      and term.value <> ''
    group by term.value
    order by 2 desc, term.value collate "C" asc
    limit ${TOP_TERMS}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((row) => ({
    term: String(row.term),
    mentions: Number(row.mentions),
    positive: Number(row.positive),
    negative: Number(row.negative),
  }));
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

/**
 * The most confident positive and negative insights of [start, end), newest first among equals;
 * the same words said more than once are quoted once (the most confident, latest saying).
 */
export async function exampleQuotes(db: Database, brandId: string, start: Date, end: Date) {
  const of = async (sentiment: 'positive' | 'negative') => {
    const ranked = db
      .select({
        id: consumerInsights.id,
        rank: sql<number>`row_number() over (
          partition by lower(btrim(${consumerInsights.content}))
          order by ${consumerInsights.confidence} desc nulls last, ${consumerInsights.collectedAt} desc, ${consumerInsights.id}
        )`.as('rank'),
      })
      .from(consumerInsights)
      .where(
        and(
          ownInsightsOf(brandId),
          eq(consumerInsights.sentiment, sentiment),
          gte(consumerInsights.collectedAt, start),
          lt(consumerInsights.collectedAt, end),
        ),
      )
      .as('ranked');
    const rows = await db
      .select({ insight: consumerInsights })
      .from(consumerInsights)
      .innerJoin(ranked, eq(ranked.id, consumerInsights.id))
      .where(eq(ranked.rank, 1))
      .orderBy(desc(consumerInsights.confidence), desc(consumerInsights.collectedAt), asc(consumerInsights.id))
      .limit(QUOTES_PER_SENTIMENT);
    return rows.map((row) => toQuote(row.insight));
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
  // one after another: PGlite is a single connection, and a pool gains little on these
  const cells = await readCells(db, brandId, window, loadFrom(window, calendar));
  const topTopics = await topTerms(db, brandId, consumerInsights.topics, window.start, window.end);
  const topKeywords = await topTerms(db, brandId, consumerInsights.keywords, window.start, window.end);
  const figures = analyseInsights({ cells, topTopics, topKeywords }, window, calendar);
  const quotes = await exampleQuotes(db, brandId, window.start, window.end);
  return { figures, quotes };
}
