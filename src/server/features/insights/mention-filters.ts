import { and, eq, gte, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TMentionFilters } from '../../../shared/schemas/mention-feed.ts';
import { consumerInsights } from '../../db/schema/index.ts';
import { foldSearchWords } from '../../db/schema/search.ts';

/** The feed's filters once the brand is known to be the actor's (its id comes from the brand row). */
export type MentionFilterValues = Omit<TMentionFilters, 'brandId'>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant a UTC day ('YYYY-MM-DD') begins. */
export const utcDayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
/** The UTC day `days` days after (or before) another. */
export const addUtcDays = (day: string, days: number) =>
  new Date(utcDayStart(day).getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** Mentions collected from the start of the UTC day `from` to the end of the UTC day `to`. */
export function collectedWithin(from: string | undefined, to: string | undefined): SQL[] {
  return [
    ...(from ? [gte(consumerInsights.collectedAt, utcDayStart(from))] : []),
    ...(to ? [lt(consumerInsights.collectedAt, utcDayStart(addUtcDays(to, 1)))] : []),
  ];
}

/**
 * A search as typed, on the generated search vector: the words folded as the vector folds them
 * (case and accents), read by websearch_to_tsquery so "a quoted phrase" must appear as written and
 * -word must not appear. Text with no letter or digit has no word to look for: it finds nothing
 * (websearch_to_tsquery would make an empty query of it, which matches nothing, with a notice).
 */
export function matchesSearch(search: string): SQL {
  const folded = foldSearchWords(search);
  if (!/[\p{L}\p{N}]/u.test(folded)) return sql`false`;
  return sql`${consumerInsights.searchVector} @@ websearch_to_tsquery('simple', ${folded})`;
}

/**
 * Whose mentions: the brand's own (no competitor), its competitors', or one competitor's, on the
 * mentions' competitor column or another table's (the day counts').
 */
export function aboutConditions(
  filters: Pick<MentionFilterValues, 'about' | 'competitorId'>,
  competitorId: PgColumn = consumerInsights.competitorId,
): SQL[] {
  const conditions: SQL[] = [];
  if (filters.about === 'brand') conditions.push(isNull(competitorId));
  if (filters.about === 'competitors') conditions.push(isNotNull(competitorId));
  if (filters.competitorId) conditions.push(eq(competitorId, filters.competitorId));
  return conditions;
}

/**
 * The one WHERE of the feed: the page, its total, the summary and the export all filter with it,
 * so they always agree. The brand and relevance come first, as the feed's indexes begin with them.
 * `subject: false` leaves out whose mentions (the share of voice compares them all), `dates: false`
 * the filters' days (the summary's chart reads its own period).
 */
export function mentionConditions(
  brandId: string,
  filters: MentionFilterValues,
  { subject = true, dates = true }: { subject?: boolean; dates?: boolean } = {},
): SQL {
  const conditions: SQL[] = [
    eq(consumerInsights.brandId, brandId),
    eq(consumerInsights.isRelevant, filters.relevance === 'relevant'),
  ];
  if (filters.q) conditions.push(matchesSearch(filters.q));
  if (filters.sentiment) conditions.push(eq(consumerInsights.sentiment, filters.sentiment));
  if (filters.channel) conditions.push(eq(consumerInsights.channel, filters.channel));
  if (filters.source) conditions.push(eq(consumerInsights.source, filters.source));
  if (subject) conditions.push(...aboutConditions(filters));
  if (dates) conditions.push(...collectedWithin(filters.from, filters.to));
  if (filters.rated === 'true') conditions.push(isNotNull(consumerInsights.rating));
  if (filters.rated === 'false') conditions.push(isNull(consumerInsights.rating));
  return and(...conditions) as SQL;
}
