import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { insightChannelLabels, insightSourceLabels, type TSentimentLabel } from '../../../shared/schemas/insights.ts';
import { consumerInsights, mentionDayCounts } from '../../db/schema/index.ts';
import { aboutConditions, collectedWithin, type MentionFilterValues, mentionConditions } from './mention-filters.ts';

/**
 * Where the feed's figures are counted: the brand's mention_day_counts (one row per UTC day and
 * per value of every filter but the search, kept by the database as mentions are stored) when the
 * filters have no search, else the matching mentions themselves. Both answer the same questions
 * with the same filters: how many, of which sentiment, on which day, about whom, from which source.
 */
export type MentionTally = {
  table: typeof consumerInsights | typeof mentionDayCounts;
  where: SQL;
  mentions: SQL<number>;
  sentiments: Record<TSentimentLabel, SQL<number>>;
  /** the UTC day, 'YYYY-MM-DD' */
  day: SQL<string>;
  competitorId: SQL<string | null>;
  /** the words toInsight shows for the source ("News · Leeds Cycling Blog", "Reviews · Google") */
  sourceLabel: SQL<string>;
};

export type TallyScope = { subject?: boolean; dates?: boolean };

/** A CASE over a column's values giving each its words; the values are the schema's own. */
const labelled = (column: PgColumn, labels: Record<string, string>) =>
  sql.join(
    [
      sql`case ${column}`,
      ...Object.entries(labels).map(([value, label]) => sql`when ${value} then ${label}`),
      sql`end`,
    ],
    sql` `,
  );

export function sourceLabelOf(columns: { channel: PgColumn; source: PgColumn; platform: PgColumn }): SQL<string> {
  return sql<string>`(case when ${columns.channel} is not null
    then ${labelled(columns.channel, insightChannelLabels)}
    else ${labelled(columns.source, insightSourceLabels)} end)
    || coalesce(' · ' || nullif(${columns.platform}, ''), '')`;
}

/** A stored mention without a sentiment is shown as neutral (toInsight), so it counts as neutral. */
function sentimentSums(sentiment: PgColumn, amount: SQL): Record<TSentimentLabel, SQL<number>> {
  const of = (label: TSentimentLabel) =>
    sql<number>`coalesce(sum(${amount}) filter (where coalesce(${sentiment}, 'neutral') = ${label}), 0)`.mapWith(
      Number,
    );
  return { positive: of('positive'), negative: of('negative'), neutral: of('neutral') };
}

/** The same filters as mentionConditions, on the day counts (whose days are the filters' UTC days). */
function dayCountConditions(brandId: string, filters: MentionFilterValues, scope: TallyScope): SQL {
  const { subject = true, dates = true } = scope;
  const counts = mentionDayCounts;
  const conditions: SQL[] = [eq(counts.brandId, brandId), eq(counts.isRelevant, filters.relevance === 'relevant')];
  if (filters.sentiment) conditions.push(eq(counts.sentiment, filters.sentiment));
  if (filters.channel) conditions.push(eq(counts.channel, filters.channel));
  if (filters.source) conditions.push(eq(counts.source, filters.source));
  if (subject) conditions.push(...aboutConditions(filters, counts.competitorId));
  if (dates && filters.from) conditions.push(gte(counts.day, filters.from));
  if (dates && filters.to) conditions.push(lte(counts.day, filters.to));
  if (filters.rated === 'true') conditions.push(eq(counts.rated, true));
  if (filters.rated === 'false') conditions.push(eq(counts.rated, false));
  return and(...conditions) as SQL;
}

/** The tally of the mentions matching `filters`, in the whole of `period` when one is given. */
export function mentionTally(
  brandId: string,
  filters: MentionFilterValues,
  scope: TallyScope = {},
  period?: { from: string; to: string },
): MentionTally {
  if (!filters.q) {
    const counts = mentionDayCounts;
    const where = dayCountConditions(brandId, filters, scope);
    return {
      table: counts,
      where: period ? (and(where, gte(counts.day, period.from), lte(counts.day, period.to)) as SQL) : where,
      mentions: sql<number>`coalesce(sum(${counts.mentions}), 0)`.mapWith(Number),
      sentiments: sentimentSums(counts.sentiment, sql`${counts.mentions}`),
      day: sql<string>`to_char(${counts.day}, 'YYYY-MM-DD')`,
      competitorId: sql<string | null>`${counts.competitorId}`,
      sourceLabel: sourceLabelOf(counts),
    };
  }
  const rows = consumerInsights;
  const where = mentionConditions(brandId, filters, scope);
  return {
    table: rows,
    where: period ? (and(where, ...collectedWithin(period.from, period.to)) as SQL) : where,
    mentions: sql<number>`count(*)`.mapWith(Number),
    sentiments: sentimentSums(rows.sentiment, sql`1`),
    day: sql<string>`to_char(${rows.collectedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
    competitorId: sql<string | null>`${rows.competitorId}`,
    sourceLabel: sourceLabelOf(rows),
  };
}
