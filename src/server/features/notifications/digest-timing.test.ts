import { describe, expect, it } from 'vitest';
import { digestWeekDue, isoWeekOf, localTimeIn } from './digest-timing.ts';

describe('isoWeekOf', () => {
  it('numbers weeks as ISO 8601 does, across year ends', () => {
    expect(isoWeekOf({ year: 2026, month: 5, day: 4 })).toBe('2026-W19');
    // 1 January 2027 is a Friday: it belongs to the last week of 2026.
    expect(isoWeekOf({ year: 2027, month: 1, day: 1 })).toBe('2026-W53');
    // 29 December 2025 is a Monday in week 1 of 2026.
    expect(isoWeekOf({ year: 2025, month: 12, day: 29 })).toBe('2026-W01');
  });
});

describe('digestWeekDue', () => {
  it('is due on Monday 08:00-08:59 local time only', () => {
    // London is on BST (UTC+1) in May.
    expect(digestWeekDue('Europe/London', new Date('2026-05-04T07:00:00Z'))).toBe('2026-W19');
    expect(digestWeekDue('Europe/London', new Date('2026-05-04T07:59:59Z'))).toBe('2026-W19');
    expect(digestWeekDue('Europe/London', new Date('2026-05-04T06:59:59Z'))).toBeNull();
    expect(digestWeekDue('Europe/London', new Date('2026-05-04T08:00:00Z'))).toBeNull();
    expect(digestWeekDue('Europe/London', new Date('2026-05-05T07:30:00Z'))).toBeNull();
    // and on GMT in January
    expect(digestWeekDue('Europe/London', new Date('2026-01-05T08:30:00Z'))).toBe('2026-W02');
  });

  it("takes the reader's own timezone, half-hour offsets included", () => {
    const instant = new Date('2026-05-04T02:45:00Z');
    expect(localTimeIn('Asia/Kolkata', instant)).toMatchObject({ weekday: 1, hour: 8 });
    expect(digestWeekDue('Asia/Kolkata', instant)).toBe('2026-W19');
    expect(digestWeekDue('Europe/London', instant)).toBeNull();
    // Sunday evening in UTC is already Monday morning in Auckland.
    expect(digestWeekDue('Pacific/Auckland', new Date('2026-05-03T20:30:00Z'))).toBe('2026-W19');
  });

  it('falls back to London time for a timezone the runtime does not know', () => {
    expect(digestWeekDue('Not/AZone', new Date('2026-05-04T07:30:00Z'))).toBe('2026-W19');
  });
});
