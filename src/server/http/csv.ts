/**
 * Writing CSV (RFC 4180) for downloads: cells quoted when they hold a comma, a quote or a line
 * break, lines ending in CRLF. A text cell that a spreadsheet would run as a formula (one starting
 * with = + - @, or a tab or carriage return that hides such a start) gets a leading apostrophe, so
 * opening an export never runs what someone wrote in a review (OWASP's CSV injection advice).
 * Numbers are written as numbers: -3 is a count, not a formula.
 */
export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * Marks the file as UTF-8 for spreadsheet programs, which otherwise read accents in the local
 * code page; CSV readers (csv-parse's `bom`) skip it.
 */
export const UTF8_BOM = '\uFEFF';
