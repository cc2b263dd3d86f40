import { asc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_SUMMARY_DAYS,
  MAX_SUMMARY_DAYS,
  summaryPeriodTooLongMessage,
  type TMentionFilters,
  type TMentionSummary,
  TOP_SOURCES,
  type TShareOfVoiceEntry,
} from '../../../shared/schemas/mention-feed.ts';
import { SPIKE_RULE } from '../../analysis/sentiment-report/spikes.ts';
import type { Database } from '../../db/client.ts';
import { competitors } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import type { FeatureContext } from '../context.ts';
import type { MentionFigures, SourceRow, SubjectRow } from './mention-figures.ts';
import { addUtcDays, type MentionFilterValues } from './mention-filters.ts';
import { mentionTally } from './mention-tally.ts';
import { chartedDays, countByDay, type DayPeriod, mentionVolume } from './mention-volume.ts';
import { searchedMentionFigures } from './searched-mention-figures.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The filters' days; else the last DEFAULT_SUMMARY_DAYS UTC days to today, or from one given day. */
export function summaryPeriod(filters: Pick<MentionFilterValues, 'from' | 'to'>, now = new Date()): DayPeriod {
  const today = now.toISOString().slice(0, 10);
  const to = filters.to ?? (filters.from && filters.from > today ? filters.from : today);
  const from = filters.from ?? addUtcDays(to, 1 - DEFAULT_SUMMARY_DAYS);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > MAX_SUMMARY_DAYS) throw new AppError('validation', summaryPeriodTooLongMessage);
  return { from, to };
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * The brand and each of its competitors (every one, with no mentions too) over the period: the
 * brand first, then the loudest competitor.
 */
function shareOfVoice(
  brand: { name: string },
  rivals: { id: string; name: string }[],
  counted: SubjectRow[],
): TShareOfVoiceEntry[] {
  const bySubject = new Map(counted.map((row) => [row.competitorId, row]));
  const all = counted.reduce((sum, row) => sum + row.mentions, 0);
  const entryOf = (competitorId: string | null, name: string): TShareOfVoiceEntry => {
    const row = bySubject.get(competitorId);
    const mentions = row?.mentions ?? 0;
    return {
      competitorId,
      name,
      mentions,
      share: all === 0 ? 0 : oneDecimal((mentions / all) * 100),
      positive: row?.positive ?? 0,
      negative: row?.negative ?? 0,
      neutral: row?.neutral ?? 0,
    };
  };
  const rivalEntries = rivals.map((rival) => entryOf(rival.id, rival.name)).sort((a, b) => b.mentions - a.mentions);
  return [entryOf(null, brand.name), ...rivalEntries];
}

/** The most mentioned source labels, then by label. */
const topSources = (bySource: SourceRow[]) =>
  [...bySource]
    .sort((a, b) => b.mentions - a.mentions || a.label.localeCompare(b.label, 'en-GB'))
    .slice(0, TOP_SOURCES);

/** The figures from the day counts the database keeps (filters without a search): a few rows a day. */
async function countedMentionFigures(
  db: Database,
  brandId: string,
  filters: MentionFilterValues,
  period: DayPeriod,
): Promise<MentionFigures> {
  const matching = mentionTally(brandId, filters);
  const subjects = mentionTally(brandId, filters, { dates: false, subject: false }, period);
  const [[totals], byDay, bySubject, bySource] = await Promise.all([
    db
      .select({ total: matching.mentions, ...matching.sentiments })
      .from(matching.table)
      .where(matching.where),
    countByDay(db, mentionTally(brandId, filters, { dates: false }, chartedDays(period))),
    db
      .select({ competitorId: subjects.competitorId, mentions: subjects.mentions, ...subjects.sentiments })
      .from(subjects.table)
      .where(subjects.where)
      .groupBy(subjects.competitorId),
    db
      .select({ label: matching.sourceLabel, mentions: matching.mentions })
      .from(matching.table)
      .where(matching.where)
      // by position: the label's expression carries parameters, which PostgreSQL cannot match twice
      .groupBy(sql`1`),
  ]);
  return { totals: totals ?? { total: 0, positive: 0, negative: 0, neutral: 0 }, byDay, bySubject, bySource };
}

/**
 * Every figure the feed shows beside its list, counted by the database (aggregates only, never a
 * row read back): the total and sentiments of the mentions matching the filters, their top
 * sources, the period's chart with its spike days, and the share of voice of the brand and its
 * competitors over the period.
 */
export async function summariseMentions(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, input }: { actor: Actor; input: TMentionFilters },
): Promise<TMentionSummary> {
  const { brandId, ...filters } = input;
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  const period = summaryPeriod(filters);
  const [figures, rivals] = await Promise.all([
    (filters.q ? searchedMentionFigures : countedMentionFigures)(ctx.db, brand.id, filters, period),
    ctx.db
      .select({ id: competitors.id, name: competitors.name })
      .from(competitors)
      .where(eq(competitors.brandId, brand.id))
      .orderBy(asc(competitors.name), asc(competitors.id)),
  ]);
  const { total, ...bySentiment } = figures.totals;
  return {
    total,
    bySentiment,
    period,
    volume: mentionVolume(figures.byDay, period),
    spikeRule: SPIKE_RULE,
    shareOfVoice: shareOfVoice(brand, rivals, figures.bySubject),
    topSources: topSources(figures.bySource),
  };
}
