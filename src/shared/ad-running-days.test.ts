import { describe, expect, it } from 'vitest';
import { calendarDaysRun } from './ad-running-days.ts';

const at = (iso: string) => new Date(iso);

describe('calendarDaysRun', () => {
  it('counts calendar days with the first and the last included', () => {
    expect(calendarDaysRun(at('2026-11-25T00:00:00Z'), at('2026-12-07T00:00:00Z'))).toBe(13);
    expect(calendarDaysRun(at('2026-11-25T18:30:00Z'), at('2026-12-07T07:31:00Z'))).toBe(13);
  });

  it('counts an ad first shown today as one day, at any time of day', () => {
    expect(calendarDaysRun(at('2026-12-07T00:00:00Z'), at('2026-12-07T00:00:30Z'))).toBe(1);
    expect(calendarDaysRun(at('2026-12-07T00:01:00Z'), at('2026-12-07T23:59:00Z'))).toBe(1);
  });

  it('turns at midnight UTC, not after 24 hours', () => {
    expect(calendarDaysRun(at('2026-12-07T23:59:00Z'), at('2026-12-08T00:01:00Z'))).toBe(2);
    expect(calendarDaysRun(at('2026-12-05T07:31:00Z'), at('2026-12-07T07:30:00Z'))).toBe(3);
  });

  it('counts by UTC dates whatever the offset a date was written with', () => {
    expect(calendarDaysRun(at('2026-12-07T01:00:00+02:00'), at('2026-12-07T22:00:00-03:00'))).toBe(3);
  });

  it('never counts fewer than one day, even when the last date precedes the first', () => {
    expect(calendarDaysRun(at('2026-12-07T12:00:00Z'), at('2026-12-05T12:00:00Z'))).toBe(1);
  });
});
