/**
 * When in a month a brand's tracking audit is due. Every brand gets its own hour, spread over the
 * first 28 days (every month has them) and the 24 hours by a hash of its id, so the month's audits
 * do not all start at midnight on the 1st. The hash is stable: a brand's slot is the same hour of
 * the same day every month, and every process computes the same one.
 */
import { createHash } from 'node:crypto';

/** The last day every month has. */
const SLOT_DAYS = 28;

/** The tracking period (UTC calendar month) a time falls in: '2026-11'. */
export function trackingPeriodOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The start of the hour, in UTC, at which the brand's audit of a period ('2026-11') is due. */
export function trackingSlotOf(brandId: string, period: string): Date {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) throw new Error(`"${period}" is not a tracking period (YYYY-MM)`);
  const digest = createHash('sha256').update(brandId).digest();
  const day = (digest.readUInt32BE(0) % SLOT_DAYS) + 1;
  const hour = digest.readUInt32BE(4) % 24;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, day, hour));
}

/** Whether the brand's slot in the period of `at` has come by `at`. */
export function isTrackingDue(brandId: string, at: Date): boolean {
  return trackingSlotOf(brandId, trackingPeriodOf(at)).getTime() <= at.getTime();
}
