import { sql } from 'drizzle-orm';
import type { TMentionVolumeDay } from '../../../shared/schemas/mention-feed.ts';
import { createCalendar } from '../../analysis/sentiment-report/calendar.ts';
import { BASELINE_DAYS, type DayCount, findSpike } from '../../analysis/sentiment-report/spikes.ts';
import type { Database } from '../../db/client.ts';
import type { DayRow } from './mention-figures.ts';
import { addUtcDays, utcDayStart } from './mention-filters.ts';
import type { MentionTally } from './mention-tally.ts';

/** A period of whole UTC days, both included ('YYYY-MM-DD'). */
export type DayPeriod = { from: string; to: string };

/** The summary's days are UTC days, as the feed's from/to filters are. */
const utcCalendar = createCalendar('UTC');

/** Mentions per UTC day by sentiment, counted by the database. */
export async function countByDay(db: Database, tally: MentionTally): Promise<Map<string, DayRow>> {
  const rows = await db
    .select({ day: tally.day, total: tally.mentions, ...tally.sentiments })
    .from(tally.table)
    .where(tally.where)
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day, row]));
}

/** Whether each day of the period meets the sentiment reports' spike rule (SPIKE_RULE). */
function spikeDaysOf(byDay: Map<string, DayRow>, period: DayPeriod): Set<string> {
  const counts = new Map<number, DayCount>();
  for (const row of byDay.values()) {
    counts.set(utcDayStart(row.day).getTime(), { mentions: row.total, negative: row.negative });
  }
  const alert = findSpike(
    counts,
    utcDayStart(period.from).getTime(),
    utcDayStart(addUtcDays(period.to, 1)).getTime(),
    utcCalendar,
  );
  return new Set(alert ? [alert.day, ...alert.otherSpikeDays] : []);
}

/** The days the chart reads: its period and, before it, the spike rule's baseline (counted, not charted). */
export const chartedDays = (period: DayPeriod): DayPeriod => ({
  from: addUtcDays(period.from, -BASELINE_DAYS),
  to: period.to,
});

/**
 * The chart: every UTC day of the period (days without mentions as zeros) with its mentions by
 * sentiment, and whether it is a spike. The spike rule compares each day with the BASELINE_DAYS
 * before it, so `byDay` has those too (chartedDays).
 */
export function mentionVolume(byDay: Map<string, DayRow>, period: DayPeriod): TMentionVolumeDay[] {
  const spikes = spikeDaysOf(byDay, period);
  const volume: TMentionVolumeDay[] = [];
  for (let day = period.from; day <= period.to; day = addUtcDays(day, 1)) {
    const row = byDay.get(day);
    volume.push({
      day,
      positive: row?.positive ?? 0,
      negative: row?.negative ?? 0,
      neutral: row?.neutral ?? 0,
      total: row?.total ?? 0,
      spike: spikes.has(day),
    });
  }
  return volume;
}
