/**
 * Dates and ratings as review and survey exports write them, read without guessing: a value that
 * could mean two things, or nothing, is a bad row rather than a made-up date or rating.
 *
 * Dates: ISO 8601 (2024-03-05, 2024-03-05T14:30, with Z or an offset), day first as in en-GB
 * (05/03/2024, 5-3-2024, 05.03.24, with an optional hh:mm[:ss]), and English month names
 * (5 March 2024, March 5, 2024). A date without a time is stored at 12:00 UTC, so it is the same
 * day wherever it is shown; a time without a zone is read as UTC.
 *
 * Ratings: a number from 1 to 5; "n/5" and "n out of 5"; other scales ("8/10", "80%", "n out of
 * 100") placed on 1-5 from a bottom of 0; stars (★★★★☆, ****). A bare number above 5 names no
 * scale and is refused.
 */
import { normaliseRating, ratingNumber } from '../rating.ts';

export type Parsed<T> = { ok: true; value: T | null } | { ok: false; reason: string };

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthNumber(word: string): number | null {
  const lower = word.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return null;
  const index = MONTHS.findIndex((month) => month.startsWith(lower));
  return index === -1 ? null : index + 1;
}

function utcDate(year: number, month: number, day: number, time?: { h: number; m: number; s: number }): Date | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const hasTime = time !== undefined;
  const { h, m, s } = time ?? { h: 12, m: 0, s: 0 };
  if (hasTime && (h > 23 || m > 59 || s > 59)) return null;
  const date = new Date(Date.UTC(year, month - 1, day, h, m, s));
  // 31/02 would roll over into March: it is not a date.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

const TIME = /(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/;
const ISO = new RegExp(`^(\\d{4})-(\\d{2})-(\\d{2})${TIME.source}(\\.\\d+)?(Z|[+-]\\d{2}:?\\d{2})?$`, 'i');
const DAY_FIRST = new RegExp(`^(\\d{1,2})[/.-](\\d{1,2})[/.-](\\d{4}|\\d{2})${TIME.source}$`);
const DAY_MONTH_NAME = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+\.?),?\s+(\d{4})$/i;
const MONTH_NAME_DAY = /^([a-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;

function timeOf(h?: string, m?: string, s?: string) {
  return h === undefined ? undefined : { h: Number(h), m: Number(m), s: Number(s ?? 0) };
}

function parseDateText(text: string): Date | null {
  const iso = ISO.exec(text);
  if (iso) {
    const [, y, mo, d, h, mi, s, , zone] = iso;
    const date = utcDate(Number(y), Number(mo), Number(d), timeOf(h, mi, s));
    if (!date || !zone || zone.toUpperCase() === 'Z') return date;
    // An explicit offset: the same wall time, that many hours from UTC.
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    return new Date(date.getTime() - offsetMinutes * 60_000);
  }
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) {
    const [, d, mo, y, h, mi, s] = dayFirst;
    return utcDate(fullYear(y!), Number(mo), Number(d), timeOf(h, mi, s));
  }
  const named = DAY_MONTH_NAME.exec(text) ?? MONTH_NAME_DAY.exec(text);
  if (named) {
    const dayFirstName = /^\d/.test(text);
    const [day, word] = dayFirstName ? [named[1]!, named[2]!] : [named[2]!, named[1]!];
    const month = monthNumber(word);
    return month ? utcDate(Number(named[3]), month, Number(day)) : null;
  }
  return null;
}

/** A date cell; blank is no date (the import time is used). */
export function parseCsvDate(value: string, now: Date = new Date()): Parsed<Date> {
  const text = value.trim();
  if (!text) return { ok: true, value: null };
  const date = parseDateText(text);
  if (!date) {
    return {
      ok: false,
      reason: `The date "${text.slice(0, 40)}" is not a date we can read (use 2024-03-05 or 05/03/2024)`,
    };
  }
  // A day's slack for time zones; a review from next week is a mistake in the file.
  if (date.getTime() > now.getTime() + 24 * 60 * 60 * 1000) {
    return { ok: false, reason: `The date "${text.slice(0, 40)}" is in the future` };
  }
  return { ok: true, value: date };
}

const STARS = /^([★*]+)([☆]*)$/;
const OUT_OF = /^([\d.,]+)\s*(?:\/|out of|of)\s*([\d.,]+)$/i;
const PERCENT = /^([\d.,]+)\s*%$/;

/** A rating cell on the 1-5 scale; blank is no rating. */
export function parseCsvRating(value: string): Parsed<number> {
  const text = value.trim();
  if (!text) return { ok: true, value: null };
  const refused = (why: string): Parsed<number> => ({ ok: false, reason: `The rating "${text.slice(0, 40)}" ${why}` });
  const stars = STARS.exec(text);
  if (stars) {
    const filled = stars[1]!.length;
    return filled >= 1 && filled <= 5 && filled + stars[2]!.length <= 5
      ? { ok: true, value: filled }
      : refused('is not 1 to 5 stars');
  }
  const outOf = OUT_OF.exec(text);
  if (outOf) {
    const best = ratingNumber(outOf[2]!);
    // Star scales start at one star; other scales (out of 10, 100) start at nought.
    const rating = best === null ? null : normaliseRating(outOf[1]!, best, best === 5 ? 1 : 0);
    return rating === null ? refused('is not a rating we can place on 1 to 5') : { ok: true, value: rating };
  }
  const percent = PERCENT.exec(text);
  if (percent) {
    const rating = normaliseRating(percent[1]!, 100, 0);
    return rating === null ? refused('is not a percentage from 0 to 100') : { ok: true, value: rating };
  }
  const number = ratingNumber(text);
  if (number === null) return refused('is not a number');
  if (number < 1 || number > 5) return refused('is not on a 1 to 5 scale (write other scales as 8/10)');
  return { ok: true, value: number };
}
