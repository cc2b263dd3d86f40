import type { TMentionSummary, TMentionVolumeDay } from '../../../shared/schemas/mention-feed.ts';

const DAY_MS = 86_400_000;
/** Days are UTC calendar days (the summary counts by UTC day). */
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const fullDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export type VolumePoint = TMentionVolumeDay & { label: string; title: string };

function dayOf(value: string): string {
  return value.slice(0, 10);
}

function utcDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** "3 Dec" on the axis, "Thu, 3 Dec 2026" in the tooltip. */
export function dayLabel(day: string): string {
  return shortDay.format(utcDay(day));
}
export function dayTitle(day: string): string {
  return longDay.format(utcDay(day));
}

/**
 * Every day of the summary's period, in order, with the days the summary does not name as zero:
 * a quiet day is a bar of nothing, not a missing bar that makes the days around it look adjacent.
 */
export function volumeSeries(summary: Pick<TMentionSummary, 'period' | 'volume'>): VolumePoint[] {
  const byDay = new Map(summary.volume.map((point) => [dayOf(point.day), point]));
  const from = utcDay(dayOf(summary.period.from));
  const to = utcDay(dayOf(summary.period.to));
  const points: VolumePoint[] = [];
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to < from) {
    return summary.volume.map((point) => ({
      ...point,
      label: dayLabel(dayOf(point.day)),
      title: dayTitle(dayOf(point.day)),
    }));
  }
  for (let time = from.getTime(); time <= to.getTime(); time += DAY_MS) {
    const day = new Date(time).toISOString().slice(0, 10);
    const known = byDay.get(day);
    points.push({
      day,
      positive: known?.positive ?? 0,
      negative: known?.negative ?? 0,
      neutral: known?.neutral ?? 0,
      total: known?.total ?? 0,
      spike: known?.spike ?? false,
      label: dayLabel(day),
      title: dayTitle(day),
    });
  }
  return points;
}

/** "1 Nov – 30 Nov 2026", "15 Dec 2026 – 14 Jan 2027", or one day alone. */
export function periodText(period: TMentionSummary['period']): string {
  const from = dayOf(period.from);
  const to = dayOf(period.to);
  if (from === to) return fullDay.format(utcDay(to));
  const start = from.slice(0, 4) === to.slice(0, 4) ? dayLabel(from) : fullDay.format(utcDay(from));
  return `${start} – ${fullDay.format(utcDay(to))}`;
}
