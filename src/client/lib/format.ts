/** Dates, numbers and money in British English, through Intl. */

const LOCALE = 'en-GB';

type DateInput = Date | string | number | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A calendar date alone (2025-05-28) is that day wherever the reader is, not UTC midnight, so
  // prerendered pages and the browser show the same day.
  const dateOnly = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (dateOnly) return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]));
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });
const longDateFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'long', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit' });

/** 3 Mar 2025; an empty string for a missing or invalid date. */
export function formatDate(value: DateInput, fallback = ''): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : fallback;
}

/** 3 March 2025 */
export function formatLongDate(value: DateInput, fallback = ''): string {
  const date = toDate(value);
  return date ? longDateFormat.format(date) : fallback;
}

/** 3 Mar 2025, 14:05 */
export function formatDateTime(value: DateInput, fallback = ''): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : fallback;
}

/** 14:05 */
export function formatTime(value: DateInput, fallback = ''): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : fallback;
}

const relativeFormat = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
const relativeSteps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** '5 minutes ago', 'yesterday', 'in 2 days' */
export function formatRelative(value: DateInput, now: Date = new Date(), fallback = ''): string {
  const date = toDate(value);
  if (!date) return fallback;
  let amount = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of relativeSteps) {
    if (Math.abs(amount) < size) return relativeFormat.format(Math.round(amount), unit);
    amount /= size;
  }
  return fallback;
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

/**
 * £19 or £19.50: whole amounts without pence. The amount is in major units (pounds) unless
 * `minorUnits` is set, as with amounts from a payment provider (1900 → £19).
 */
export function formatCurrency(amount: number, currency = 'GBP', options: { minorUnits?: boolean } = {}): string {
  const value = options.minorUnits ? amount / 100 : amount;
  const whole = Number.isInteger(value);
  const key = `${currency.toUpperCase()}:${whole}`;
  let format = currencyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    currencyFormats.set(key, format);
  }
  return format.format(value);
}

const numberFormat = new Intl.NumberFormat(LOCALE);
const compactFormat = new Intl.NumberFormat(LOCALE, { notation: 'compact', maximumFractionDigits: 1 });

/** 12,345 */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** 12K, 1.2M */
export function formatCompactNumber(value: number): string {
  return compactFormat.format(value);
}

const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 });

/** A ratio from 0 to 1 as a whole percentage: 0.87 → 87% */
export function formatPercent(ratio: number): string {
  return percentFormat.format(ratio);
}
