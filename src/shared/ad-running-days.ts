const DAY_MS = 86_400_000;

/** The UTC calendar day a moment falls on, as a number of days since 1970-01-01. */
const utcDayNumber = (moment: Date) => Math.floor(moment.getTime() / DAY_MS);

/**
 * Days an ad ran, counted the way ad libraries state dates: calendar days in UTC, the first and the
 * last day both included. An ad shown from 25 November to 7 December ran 13 days; an ad first shown
 * today has run 1 day, whatever the time of day. Every card, report, PDF and e-mail counts with this.
 */
export function calendarDaysRun(firstDay: Date, lastDay: Date): number {
  return Math.max(1, utcDayNumber(lastDay) - utcDayNumber(firstDay) + 1);
}

export const RUNNING_DAYS_RULE =
  'Running days are calendar days in UTC, the first and the last both counted: an ad shown from 25 November to 7 December ran 13 days.';
