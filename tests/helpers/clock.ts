import { vi } from 'vitest';

const DAY_MS = 86_400_000;
const NOON_MS = DAY_MS / 2;

/**
 * The next noon, UTC, after the real time: a time of day twelve hours from either midnight, so
 * nothing a test computes from "today" changes while it runs, and never behind the database's own
 * clock (rows stamped by PostgreSQL's now() are never in the test's future).
 */
export function nextUtcNoon(realNow = Date.now()): Date {
  const todayNoon = Math.floor(realNow / DAY_MS) * DAY_MS + NOON_MS;
  return new Date(todayNoon > realNow ? todayNoon : todayNoon + DAY_MS);
}

/**
 * Sets the clock that this test process, and the server it runs in process, read through `Date`,
 * and lets it move on in real time from there. Timers, performance.now() and the database's now()
 * are left alone, so waits, polls and leases behave as usual. Returns the pinned instant.
 */
export function pinClock(at: Date = nextUtcNoon()): Date {
  vi.useFakeTimers({ toFake: ['Date'], now: at, shouldAdvanceTime: true });
  return at;
}

export function unpinClock() {
  vi.useRealTimers();
}
