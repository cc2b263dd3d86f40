import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isTrackingDue, trackingPeriodOf, trackingSlotOf } from './tracking-slot.ts';

describe('monthly tracking slots', () => {
  it('names the UTC calendar month as the period', () => {
    expect(trackingPeriodOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(trackingPeriodOf(new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
    // 00:30 in Sydney on 1 December is still November in UTC.
    expect(trackingPeriodOf(new Date('2026-11-30T13:30:00Z'))).toBe('2026-11');
  });

  it('gives a brand the same day and hour each month, within days 1-28, on the hour', () => {
    const brandId = randomUUID();
    const november = trackingSlotOf(brandId, '2026-11');
    const february = trackingSlotOf(brandId, '2027-02');
    expect(november.getUTCDate()).toBe(february.getUTCDate());
    expect(november.getUTCHours()).toBe(february.getUTCHours());
    expect(november.getUTCDate()).toBeGreaterThanOrEqual(1);
    expect(november.getUTCDate()).toBeLessThanOrEqual(28);
    expect(february.getUTCMonth()).toBe(1);
    expect(november.getUTCMinutes() + november.getUTCSeconds() + november.getUTCMilliseconds()).toBe(0);
    expect(trackingSlotOf(brandId, '2026-11')).toEqual(november);
  });

  it('spreads brands over the month and the day rather than one moment', () => {
    const slots = Array.from({ length: 500 }, () => trackingSlotOf(randomUUID(), '2026-11'));
    const days = new Set(slots.map((slot) => slot.getUTCDate()));
    const hours = new Set(slots.map((slot) => slot.getUTCHours()));
    expect(days.size).toBeGreaterThan(20);
    expect(hours.size).toBeGreaterThan(20);
  });

  it('is due from its slot to the end of the month, and not before', () => {
    // A slot at 00:00 on the 1st has no "before" in its month (the moment before is October's), so
    // the brand is one with a later slot; one in 672 random ids has that first slot.
    let brandId = randomUUID();
    while (trackingSlotOf(brandId, '2026-11').getTime() === Date.UTC(2026, 10, 1)) brandId = randomUUID();
    const slot = trackingSlotOf(brandId, '2026-11');
    expect(isTrackingDue(brandId, new Date(slot.getTime() - 1))).toBe(false);
    expect(isTrackingDue(brandId, slot)).toBe(true);
    expect(isTrackingDue(brandId, new Date('2026-11-30T23:59:59Z'))).toBe(true);
    // A new month starts over: on 1 December only a slot at 00:00 on the 1st is due.
    const startOfDecember = new Date('2026-12-01T00:00:00Z');
    const nextSlot = trackingSlotOf(brandId, '2026-12');
    expect(isTrackingDue(brandId, startOfDecember)).toBe(nextSlot.getTime() === startOfDecember.getTime());
  });

  it('refuses a malformed period', () => {
    expect(() => trackingSlotOf(randomUUID(), '2026-1')).toThrow(/not a tracking period/);
  });
});
