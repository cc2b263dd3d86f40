import type { TSpikeAlert } from '../../../shared/schemas/sentiment-reports.ts';
import type { Calendar } from './calendar.ts';

/** Days before a day that make up its baseline. */
export const BASELINE_DAYS = 28;
/** A day with fewer mentions is too small to call a spike (one complaint of two is 50 %). */
export const SPIKE_MIN_MENTIONS = 5;
/** Days with at least one mention needed among the baseline days; fewer is no baseline, so no alert. */
export const SPIKE_MIN_BASELINE_DAYS = 7;
/** How far above the baseline's mean a day's negative share must be, in standard deviations ... */
export const SPIKE_STD_DEVS = 2;
/** ... and in percentage points, so a brand whose days barely vary is not alerted by a few points. */
export const SPIKE_MIN_POINTS = 20;

export const SPIKE_RULE =
  `A day is a spike when it has at least ${SPIKE_MIN_MENTIONS} mentions and its share of negative mentions is at least ` +
  `${SPIKE_STD_DEVS} standard deviations and ${SPIKE_MIN_POINTS} percentage points above the mean of the daily ` +
  `negative shares of the ${BASELINE_DAYS} days before it (days without mentions left out). With fewer than ` +
  `${SPIKE_MIN_BASELINE_DAYS} such days there is no baseline and no alert.`;

export type DayCount = { mentions: number; negative: number };

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

type Spike = TSpikeAlert & { excess: number };

function spikeOn(dayStart: number, counts: Map<number, DayCount>, calendar: Calendar): Spike | null {
  const day = counts.get(dayStart);
  if (!day || day.mentions < SPIKE_MIN_MENTIONS) return null;
  const shares: number[] = [];
  for (let back = 1; back <= BASELINE_DAYS; back += 1) {
    const previous = counts.get(calendar.addDays(dayStart, -back));
    if (previous && previous.mentions > 0) shares.push((previous.negative / previous.mentions) * 100);
  }
  if (shares.length < SPIKE_MIN_BASELINE_DAYS) return null;
  const mean = shares.reduce((sum, share) => sum + share, 0) / shares.length;
  const stdDev = Math.sqrt(shares.reduce((sum, share) => sum + (share - mean) ** 2, 0) / shares.length);
  const share = (day.negative / day.mentions) * 100;
  if (share < mean + SPIKE_STD_DEVS * stdDev || share < mean + SPIKE_MIN_POINTS) return null;
  return {
    day: calendar.dayKey(dayStart),
    mentions: day.mentions,
    negative: day.negative,
    negativeShare: oneDecimal(share),
    baselineShare: oneDecimal(mean),
    baselineStdDev: oneDecimal(stdDev),
    baselineDays: shares.length,
    otherSpikeDays: [],
    excess: share - mean,
  };
}

/**
 * The spike alert for the days from `fromDayStart` to `end`: the day that stands furthest above
 * its baseline (SPIKE_RULE), naming any other days that met the rule; null when none did.
 * `counts` holds every day's mentions from BASELINE_DAYS before the first day checked.
 */
export function findSpike(
  counts: Map<number, DayCount>,
  fromDayStart: number,
  end: number,
  calendar: Calendar,
): TSpikeAlert | null {
  const spikes: Spike[] = [];
  for (let dayStart = fromDayStart; dayStart < end; dayStart = calendar.nextBucket(dayStart, 'day')) {
    const spike = spikeOn(dayStart, counts, calendar);
    if (spike) spikes.push(spike);
  }
  if (spikes.length === 0) return null;
  const worst = spikes.reduce((top, spike) => (spike.excess > top.excess ? spike : top));
  const { excess: _excess, ...alert } = worst;
  return { ...alert, otherSpikeDays: spikes.filter((spike) => spike !== worst).map((spike) => spike.day) };
}
