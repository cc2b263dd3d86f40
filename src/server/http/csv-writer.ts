/**
 * CSV as files people open in a spreadsheet: RFC 4180 (fields quoted when they hold a comma, a
 * quote or a line break, quotes doubled, lines ending CRLF), in UTF-8 with a byte order mark so
 * Excel reads accents right. A cell that a spreadsheet would run as a formula (starting with =, +,
 * -, @, or a tab or carriage return before one) is written with a leading apostrophe, as OWASP
 * advises for CSV injection: text someone else wrote (an ad's copy) stays text.
 */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // numbers are written as numbers (-3 is a count, not a formula); NaN or Infinity as nothing
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** `attachment; filename="..."` for an ASCII file name (brandSlug makes them so). */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
