/**
 * When a scheduled report is due, computed in its own timezone with luxon (never by adding hours
 * to UTC). Rules for the awkward days:
 * - Day of month past the month's end (31 in April, 29-31 in February) runs on the month's last day.
 * - A time that does not exist on a spring-forward day (01:30 in London on the last Sunday of
 *   March) runs at the first valid time after the gap (luxon moves it forward by the gap: 02:30).
 * - A time that happens twice on a fall-back day runs once, at its first occurrence.
 */
import { DateTime } from 'luxon';

export type ReportSchedule = {
  frequency: 'daily' | 'weekly' | 'monthly';
  /** 0-6, Sunday = 0 (weekly) */
  dayOfWeek: number | null;
  /** 1-31 (monthly) */
  dayOfMonth: number | null;
  /** HH:MM, 24-hour */
  timeOfDay: string;
  /** IANA timezone */
  timezone: string;
};

function timeParts(timeOfDay: string): { hour: number; minute: number } {
  const [hour = 9, minute = 0] = timeOfDay.split(':').map((part) => Number.parseInt(part, 10));
  return { hour, minute };
}

/** The slot on a given local calendar day: the first occurrence of the time, or the first time after a gap. */
function slotOn(day: DateTime, timeOfDay: string): DateTime {
  const { hour, minute } = timeParts(timeOfDay);
  // luxon moves a missing local time forward past the gap; a repeated one it may place at either
  // occurrence, so an earlier instant with the same wall-clock time (the clocks went back 30 or 60
  // minutes later) is preferred.
  const slot = DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour, minute },
    { zone: day.zone },
  );
  for (const shift of [60, 30]) {
    const earlier = slot.minus({ minutes: shift });
    if (earlier.hour === slot.hour && earlier.minute === slot.minute && earlier.day === slot.day) return earlier;
  }
  return slot;
}

/** The candidate day in the period that contains `local`: the same day, weekday of its week, or day of its month. */
function candidateDays(schedule: ReportSchedule, local: DateTime): DateTime[] {
  const start = local.startOf('day');
  if (schedule.frequency === 'daily') return [start, start.plus({ days: 1 })];
  if (schedule.frequency === 'weekly') {
    const weekday = schedule.dayOfWeek ?? 1;
    // luxon weekdays are 1 (Monday) to 7 (Sunday); the schedule's are 0 (Sunday) to 6.
    const luxonWeekday = weekday === 0 ? 7 : weekday;
    const offset = (luxonWeekday - start.weekday + 7) % 7;
    const first = start.plus({ days: offset });
    return [first, first.plus({ weeks: 1 })];
  }
  const wanted = schedule.dayOfMonth ?? 1;
  const months = [start.startOf('month'), start.startOf('month').plus({ months: 1 })];
  return months.map((month) => month.set({ day: Math.min(wanted, month.daysInMonth ?? 28) }));
}

/** The first slot strictly after `after`, as a UTC Date. */
export function nextSlotAfter(schedule: ReportSchedule, after: Date): Date {
  const zone = schedule.timezone;
  const local = DateTime.fromJSDate(after, { zone });
  if (!local.isValid) throw new Error(`Unknown timezone ${zone}`);
  for (const day of candidateDays(schedule, local)) {
    const slot = slotOn(day, schedule.timeOfDay);
    if (slot.toMillis() > after.getTime()) return slot.toJSDate();
  }
  // Only reached when both candidates fell before `after` (cannot happen for valid input): try a period on.
  const later = DateTime.fromJSDate(after, { zone }).plus(
    schedule.frequency === 'daily' ? { days: 1 } : schedule.frequency === 'weekly' ? { weeks: 1 } : { months: 1 },
  );
  return nextSlotAfter(schedule, later.toJSDate());
}

/** A slot shown to the user in the report's own timezone: "Monday 2 March 2026, 09:00 GMT". */
export function formatSlot(date: Date, timezone: string): string {
  return DateTime.fromJSDate(date, { zone: timezone }).setLocale('en-GB').toFormat('cccc d LLLL yyyy, HH:mm ZZZZ');
}
