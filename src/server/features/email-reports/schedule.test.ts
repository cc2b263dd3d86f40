import { describe, expect, it } from 'vitest';
import { formatSlot, nextSlotAfter, type ReportSchedule } from './schedule.ts';

const daily = (timeOfDay: string, timezone: string): ReportSchedule => ({
  frequency: 'daily',
  dayOfWeek: null,
  dayOfMonth: null,
  timeOfDay,
  timezone,
});
const weekly = (dayOfWeek: number, timeOfDay: string, timezone = 'Europe/London'): ReportSchedule => ({
  ...daily(timeOfDay, timezone),
  frequency: 'weekly',
  dayOfWeek,
});
const monthly = (dayOfMonth: number, timeOfDay = '09:00', timezone = 'Europe/London'): ReportSchedule => ({
  ...daily(timeOfDay, timezone),
  frequency: 'monthly',
  dayOfMonth,
});

/** The next slot after an ISO instant, as an ISO instant in UTC. */
const next = (schedule: ReportSchedule, afterIso: string) => nextSlotAfter(schedule, new Date(afterIso)).toISOString();

describe('nextSlotAfter: daylight saving time', () => {
  it('sends a 09:00 London report at 08:00 UTC in summer and 09:00 UTC in winter', () => {
    // 1 July 2026 is a Wednesday; the next Monday is 6 July (BST), and 7 December (GMT) in winter.
    expect(next(weekly(1, '09:00'), '2026-07-01T00:00:00Z')).toBe('2026-07-06T08:00:00.000Z');
    expect(next(weekly(1, '09:00'), '2026-12-01T00:00:00Z')).toBe('2026-12-07T09:00:00.000Z');
  });

  it('follows London across both changes of 2026 (29 March and 25 October)', () => {
    expect(next(daily('09:00', 'Europe/London'), '2026-03-28T12:00:00Z')).toBe('2026-03-29T08:00:00.000Z');
    expect(next(daily('09:00', 'Europe/London'), '2026-10-24T12:00:00Z')).toBe('2026-10-25T09:00:00.000Z');
  });

  it('follows New York: 09:00 is 14:00 UTC in winter and 13:00 UTC from 8 March 2026', () => {
    expect(next(daily('09:00', 'America/New_York'), '2026-01-15T00:00:00Z')).toBe('2026-01-15T14:00:00.000Z');
    expect(next(daily('09:00', 'America/New_York'), '2026-03-07T20:00:00Z')).toBe('2026-03-08T13:00:00.000Z');
    expect(next(daily('09:00', 'America/New_York'), '2026-10-31T20:00:00Z')).toBe('2026-11-01T14:00:00.000Z');
  });

  it('follows Sydney, whose summer time runs from October to April (southern hemisphere)', () => {
    // January: AEDT, UTC+11; July: AEST, UTC+10; the 09:00 slot falls on the previous UTC day.
    expect(next(daily('09:00', 'Australia/Sydney'), '2026-01-14T12:00:00Z')).toBe('2026-01-14T22:00:00.000Z');
    expect(next(daily('09:00', 'Australia/Sydney'), '2026-07-14T12:00:00Z')).toBe('2026-07-14T23:00:00.000Z');
    // Summer time ends on Sunday 5 April 2026 and starts on Sunday 4 October 2026.
    expect(next(daily('09:00', 'Australia/Sydney'), '2026-04-04T00:00:00Z')).toBe('2026-04-04T23:00:00.000Z');
    expect(next(daily('09:00', 'Australia/Sydney'), '2026-10-03T00:00:00Z')).toBe('2026-10-03T22:00:00.000Z');
  });
});

describe('nextSlotAfter: times that do not exist or happen twice', () => {
  it('sends a time skipped by spring-forward at the same time after the gap (01:30 London becomes 02:30 BST)', () => {
    expect(next(daily('01:30', 'Europe/London'), '2026-03-28T12:00:00Z')).toBe('2026-03-29T01:30:00.000Z');
    // The day after, 01:30 exists again (BST).
    expect(next(daily('01:30', 'Europe/London'), '2026-03-29T01:30:00Z')).toBe('2026-03-30T00:30:00.000Z');
    // New York skips 02:00-03:00 on 8 March 2026: 02:30 is sent at 03:30 EDT.
    expect(next(daily('02:30', 'America/New_York'), '2026-03-08T00:00:00Z')).toBe('2026-03-08T07:30:00.000Z');
    // Sydney skips 02:00-03:00 on 4 October 2026: 02:30 is sent at 03:30 AEDT.
    expect(next(daily('02:30', 'Australia/Sydney'), '2026-10-03T00:00:00Z')).toBe('2026-10-03T16:30:00.000Z');
  });

  it('sends a time that happens twice on fall-back once, at its first occurrence', () => {
    // 25 October 2026 in London: 01:30 BST (00:30 UTC), then 01:30 GMT (01:30 UTC).
    expect(next(daily('01:30', 'Europe/London'), '2026-10-24T12:00:00Z')).toBe('2026-10-25T00:30:00.000Z');
    // Once that slot has gone, the next is the following day, not the repeat an hour later.
    expect(next(daily('01:30', 'Europe/London'), '2026-10-25T00:30:00Z')).toBe('2026-10-26T01:30:00.000Z');
    // 1 November 2026 in New York: 01:30 EDT (05:30 UTC) comes before 01:30 EST (06:30 UTC).
    expect(next(daily('01:30', 'America/New_York'), '2026-11-01T00:00:00Z')).toBe('2026-11-01T05:30:00.000Z');
    expect(next(daily('01:30', 'America/New_York'), '2026-11-01T05:30:00Z')).toBe('2026-11-02T06:30:00.000Z');
    // 5 April 2026 in Sydney: 02:30 AEDT (15:30 UTC on the 4th) before 02:30 AEST.
    expect(next(daily('02:30', 'Australia/Sydney'), '2026-04-04T00:00:00Z')).toBe('2026-04-04T15:30:00.000Z');
  });
});

describe('nextSlotAfter: month ends and leap years', () => {
  it('sends day 31 on the last day of a 30-day month, and of February', () => {
    expect(next(monthly(31), '2026-04-01T00:00:00Z')).toBe('2026-04-30T08:00:00.000Z');
    expect(next(monthly(31), '2026-04-30T08:00:00Z')).toBe('2026-05-31T08:00:00.000Z');
    expect(next(monthly(31), '2026-02-01T00:00:00Z')).toBe('2026-02-28T09:00:00.000Z');
    expect(next(monthly(30), '2026-02-01T00:00:00Z')).toBe('2026-02-28T09:00:00.000Z');
    // Past this month's slot, the next month's.
    expect(next(monthly(31), '2026-01-31T10:00:00Z')).toBe('2026-02-28T09:00:00.000Z');
  });

  it('sends day 29 on 29 February in a leap year (2028) and on 28 February otherwise (2027)', () => {
    expect(next(monthly(29), '2028-02-01T00:00:00Z')).toBe('2028-02-29T09:00:00.000Z');
    expect(next(monthly(31), '2028-02-01T00:00:00Z')).toBe('2028-02-29T09:00:00.000Z');
    expect(next(monthly(29), '2027-02-01T00:00:00Z')).toBe('2027-02-28T09:00:00.000Z');
    expect(next(monthly(29), '2027-02-28T09:00:00Z')).toBe('2027-03-29T08:00:00.000Z');
  });

  it('sends day 1 at the start of the next month, in the month’s own offset', () => {
    expect(next(monthly(1), '2026-03-15T00:00:00Z')).toBe('2026-04-01T08:00:00.000Z');
    expect(next(monthly(1, '00:00', 'Pacific/Auckland'), '2026-12-15T00:00:00Z')).toBe('2026-12-31T11:00:00.000Z');
  });
});

describe('nextSlotAfter: weekly and daily', () => {
  // Wednesday 4 March 2026, 12:00 UTC (GMT in London).
  const wednesdayNoon = '2026-03-04T12:00:00Z';
  const expected = [
    '2026-03-08T09:00:00.000Z', // Sunday
    '2026-03-09T09:00:00.000Z', // Monday
    '2026-03-10T09:00:00.000Z', // Tuesday
    '2026-03-11T09:00:00.000Z', // Wednesday: today's 09:00 has gone
    '2026-03-05T09:00:00.000Z', // Thursday
    '2026-03-06T09:00:00.000Z', // Friday
    '2026-03-07T09:00:00.000Z', // Saturday
  ];
  it.each(expected.map((slot, dayOfWeek) => [dayOfWeek, slot] as const))('weekly on day %i: %s', (day, slot) => {
    expect(next(weekly(day, '09:00'), wednesdayNoon)).toBe(slot);
  });

  it('sends a weekly report later today when its time has not come yet', () => {
    expect(next(weekly(3, '18:00'), wednesdayNoon)).toBe('2026-03-04T18:00:00.000Z');
  });

  it('moves a daily report across midnight, in the report’s timezone rather than UTC’s', () => {
    expect(next(daily('09:00', 'Europe/London'), '2026-03-04T23:30:00Z')).toBe('2026-03-05T09:00:00.000Z');
    expect(next(daily('23:59', 'Europe/London'), '2026-03-04T23:58:00Z')).toBe('2026-03-04T23:59:00.000Z');
    expect(next(daily('00:00', 'Europe/London'), '2026-03-04T23:59:00Z')).toBe('2026-03-05T00:00:00.000Z');
    // 23:30 UTC on 4 March is 08:30 on 5 March in Tokyo: 08:00 has gone, so 6 March 08:00 JST.
    expect(next(daily('08:00', 'Asia/Tokyo'), '2026-03-04T23:30:00Z')).toBe('2026-03-05T23:00:00.000Z');
    // India is UTC+05:30 all year.
    expect(next(daily('09:00', 'Asia/Kolkata'), '2026-03-04T00:00:00Z')).toBe('2026-03-04T03:30:00.000Z');
  });

  it('is strictly after: a slot that is due now schedules the following one', () => {
    expect(next(daily('09:00', 'Europe/London'), '2026-03-04T09:00:00Z')).toBe('2026-03-05T09:00:00.000Z');
    expect(next(weekly(1, '09:00'), '2026-03-02T09:00:00Z')).toBe('2026-03-09T09:00:00.000Z');
    expect(next(monthly(1), '2026-03-01T09:00:00Z')).toBe('2026-04-01T08:00:00.000Z');
  });

  it('refuses a timezone that does not exist', () => {
    expect(() => nextSlotAfter(daily('09:00', 'Mars/Olympus'), new Date())).toThrow('Unknown timezone Mars/Olympus');
  });
});

describe('formatSlot', () => {
  it('says the time in the report’s timezone with its abbreviation', () => {
    expect(formatSlot(new Date('2026-03-02T09:00:00Z'), 'Europe/London')).toBe('Monday 2 March 2026, 09:00 GMT');
    expect(formatSlot(new Date('2026-07-06T08:00:00Z'), 'Europe/London')).toBe('Monday 6 July 2026, 09:00 BST');
    expect(formatSlot(new Date('2026-07-06T08:00:00Z'), 'Asia/Tokyo')).toMatch(/^Monday 6 July 2026, 17:00 /);
  });
});
