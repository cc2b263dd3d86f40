import { asc, eq, sql } from 'drizzle-orm';
import type { TSentimentLabel } from '../../../shared/schemas/insights.ts';
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
import { addUtcDays, type MentionFilterValues } from './mention-filters.ts';
import { type MentionTally, mentionTally } from './mention-tally.ts';
import { type DayPeriod, mentionVolume } from './mention-volume.ts';

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
 * The brand and each of its competitors (every one, with no mentions too) over the period, with
 * the filters other than whose mentions: the brand first, then the loudest competitor.
 */
async function shareOfVoice(
  db: Database,
  brand: { id: string; name: string },
  tally: MentionTally,
): Promise<TShareOfVoiceEntry[]> {
  const [counted, rivals] = await Promise.all([
    db
      .select({ competitorId: tally.competitorId, mentions: tally.mentions, ...tally.sentiments })
      .from(tally.table)
      .where(tally.where)
      .groupBy(tally.competitorId),
    db
      .select({ id: competitors.id, name: competitors.name })
      .from(competitors)
      .where(eq(competitors.brandId, brand.id))
      .orderBy(asc(competitors.name), asc(competitors.id)),
  ]);
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

async function topSources(db: Database, tally: MentionTally) {
  return (
    db
      .select({ label: tally.sourceLabel, mentions: tally.mentions })
      .from(tally.table)
      .where(tally.where)
      // by position: the label's expression carries parameters, which PostgreSQL cannot match twice
      .groupBy(sql`1`)
      .orderBy(sql`2 desc`, sql`1 asc`)
      .limit(TOP_SOURCES)
  );
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
  const matching = mentionTally(brand.id, filters);
  const [[totals], volume, voices, sources] = await Promise.all([
    ctx.db
      .select({ total: matching.mentions, ...matching.sentiments })
      .from(matching.table)
      .where(matching.where),
    mentionVolume(ctx.db, (days) => mentionTally(brand.id, filters, { dates: false }, days), period),
    shareOfVoice(ctx.db, brand, mentionTally(brand.id, filters, { dates: false, subject: false }, period)),
    topSources(ctx.db, matching),
  ]);
  const bySentiment: Record<TSentimentLabel, number> = {
    positive: totals?.positive ?? 0,
    negative: totals?.negative ?? 0,
    neutral: totals?.neutral ?? 0,
  };
  return {
    total: totals?.total ?? 0,
    bySentiment,
    period,
    volume,
    spikeRule: SPIKE_RULE,
    shareOfVoice: voices,
    topSources: sources,
  };
}
