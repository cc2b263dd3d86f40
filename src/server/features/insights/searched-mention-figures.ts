import { and, type SQL, sql } from 'drizzle-orm';
import { BASELINE_DAYS } from '../../analysis/sentiment-report/spikes.ts';
import type { Database } from '../../db/client.ts';
import { consumerInsights } from '../../db/schema/index.ts';
import type { MentionFigures, SentimentCounts } from './mention-figures.ts';
import {
  aboutConditions,
  addUtcDays,
  collectedWithin,
  type MentionFilterValues,
  mentionConditions,
} from './mention-filters.ts';
import { sourceLabelOf } from './mention-tally.ts';
import { chartedDays, type DayPeriod } from './mention-volume.ts';

/** Which grouping set a row of the one pass answers: the bits of grouping(day, competitor_id, source_label). */
const BY_DAY = 0b011;
const BY_SUBJECT = 0b101;
const BY_SOURCE = 0b110;
const TOTALS = 0b111;

type GroupedRow = {
  grouping_set: number;
  day: string | null;
  competitor_id: string | null;
  source_label: string | null;
  about_ok: boolean | null;
  dated_ok: boolean | null;
  charted: boolean | null;
  in_period: boolean | null;
  mentions: string | number;
  positive: string | number;
  negative: string | number;
  neutral: string | number;
};

/** A condition as a column of the pass: true or false, never null (a null would be a group of its own). */
const flag = (conditions: SQL[]) =>
  conditions.length === 0 ? sql`true` : sql`coalesce((${and(...conditions)}), false)`;

const countsOf = (row: GroupedRow): { mentions: number } & SentimentCounts => ({
  mentions: Number(row.mentions),
  positive: Number(row.positive),
  negative: Number(row.negative),
  neutral: Number(row.neutral),
});

/**
 * The summary's figures for a search, in one pass over the mentions it finds: a search cannot use
 * the day counts (they know no words), and the matches of a common word are spread over the whole
 * table, so each extra pass would read most of it again. Each mention is read once, flagged with the
 * figures it belongs to (whose mentions the filters ask about, the filters' days, the chart's days
 * with their baseline, the chart's days alone), and grouped four ways by GROUPING SETS.
 */
export async function searchedMentionFigures(
  db: Database,
  brandId: string,
  filters: MentionFilterValues,
  period: DayPeriod,
): Promise<MentionFigures> {
  const rows = consumerInsights;
  // every figure's days lie within these: none before the filters' first day less the baseline,
  // none after their last (without dates the totals count every day)
  const reach = collectedWithin(filters.from ? addUtcDays(filters.from, -BASELINE_DAYS) : undefined, filters.to);
  const result = await db.execute(sql`
    select grouping(day, competitor_id, source_label) as grouping_set, day, competitor_id, source_label,
      about_ok, dated_ok, charted, in_period, count(*) as mentions,
      count(*) filter (where sentiment = 'positive') as positive,
      count(*) filter (where sentiment = 'negative') as negative,
      count(*) filter (where sentiment = 'neutral') as neutral
    from (
      select to_char(${rows.collectedAt} at time zone 'UTC', 'YYYY-MM-DD') as day,
        ${rows.competitorId} as competitor_id,
        ${sourceLabelOf(rows)} as source_label,
        coalesce(${rows.sentiment}, 'neutral') as sentiment,
        ${flag(aboutConditions(filters))} as about_ok,
        ${flag(collectedWithin(filters.from, filters.to))} as dated_ok,
        ${flag(collectedWithin(chartedDays(period).from, period.to))} as charted,
        ${flag(collectedWithin(period.from, period.to))} as in_period
      from ${rows}
      where ${and(mentionConditions(brandId, filters, { subject: false, dates: false }), ...reach)}
    ) as matched
    group by grouping sets (
      (about_ok, dated_ok),
      (day, about_ok, charted),
      (competitor_id, in_period),
      (source_label, about_ok, dated_ok)
    )`);
  return figuresOf((result as unknown as { rows: GroupedRow[] }).rows);
}

/** The four groupings' rows, each kept where its own flags hold. */
function figuresOf(grouped: GroupedRow[]): MentionFigures {
  const figures: MentionFigures = {
    totals: { total: 0, positive: 0, negative: 0, neutral: 0 },
    byDay: new Map(),
    bySubject: [],
    bySource: [],
  };
  for (const row of grouped) {
    const { mentions, ...sentiments } = countsOf(row);
    if (row.grouping_set === TOTALS && row.about_ok && row.dated_ok)
      figures.totals = { total: mentions, ...sentiments };
    if (row.grouping_set === BY_DAY && row.about_ok && row.charted && row.day)
      figures.byDay.set(row.day, { day: row.day, total: mentions, ...sentiments });
    if (row.grouping_set === BY_SUBJECT && row.in_period)
      figures.bySubject.push({ competitorId: row.competitor_id, mentions, ...sentiments });
    if (row.grouping_set === BY_SOURCE && row.about_ok && row.dated_ok && row.source_label !== null)
      figures.bySource.push({ label: row.source_label, mentions });
  }
  return figures;
}
