/**
 * A CSV export read into rows to import: reviews or survey answers here, ads for the ad library
 * (integrations/ad-sources/csv), each mapping the rows its own way. Refusals (the whole file is
 * turned away and nothing is stored) are CsvRefusedError; rows that cannot be used are reported by
 * their line in the file, and the good rows are kept.
 */
import { parse } from 'csv-parse/sync';
import {
  type CsvColumnMapping,
  detectDelimiter,
  missingMappedColumns,
  type TCsvDelimiter,
} from '../../../../shared/csv-header.ts';
import { MAX_CSV_ROWS, type TBadRow, type TCsvMapping } from '../../../../shared/schemas/insight-sources.ts';
import { MAX_INSIGHT_CONTENT_LENGTH, type TInsightSource } from '../../../../shared/schemas/insights.ts';
import { hasControlCharacters } from '../../../../shared/schemas/text.ts';
import { squash } from '../text.ts';
import { csvSourceOf } from './csv-source.ts';
import { parseCsvDate, parseCsvRating } from './csv-values.ts';
import { decodeCsvBytes } from './text-encoding.ts';

/** The file cannot be imported at all; `message` says why and what to do. */
export class CsvRefusedError extends Error {
  override readonly name = 'CsvRefusedError';
}

export type CsvRow = { line: number; fields: string[] };
export type CsvTable = { delimiter: TCsvDelimiter; headers: string[]; rows: CsvRow[] };

export type CsvItem = {
  line: number;
  content: string;
  author: string | null;
  /** the row's own source column as a kind of insight; null: the kind chosen for the file */
  source: TInsightSource | null;
  platform: string | null;
  /** null: the file gave none; the import time is used */
  date: Date | null;
  /** 1-5 */
  rating: number | null;
};

const count = (value: number) => value.toLocaleString('en-GB');

function refusalFor(error: unknown): CsvRefusedError {
  const { code, lines } = (error ?? {}) as { code?: string; lines?: number };
  const where = typeof lines === 'number' ? ` on line ${lines}` : '';
  const what: Record<string, string> = {
    CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
    CSV_INVALID_CLOSING_QUOTE: 'a quoted field has text after its closing quote',
    CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quoted field has text after its closing quote',
  };
  return new CsvRefusedError(`The file is not valid CSV: ${(code && what[code]) ?? 'it could not be read'}${where}.`);
}

/** The header and the data rows, each with the line it starts on. Blank lines are skipped. */
export function parseCsvText(text: string, maxRows = MAX_CSV_ROWS, what = 'the reviews'): CsvTable {
  const start = text.trimStart();
  if (!start) throw new CsvRefusedError('The file is empty.');
  if (/^[<{[]/.test(start)) {
    const kind = start.startsWith('<') ? 'an HTML or XML document' : 'JSON';
    throw new CsvRefusedError(`The file is ${kind}, not CSV. Export ${what} as a CSV file and import that.`);
  }
  const delimiter = detectDelimiter(text);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as unknown as typeof records;
  } catch (error) {
    throw refusalFor(error);
  }
  const rows: CsvRow[] = [];
  let previousEnd = 0;
  let headers: string[] | null = null;
  for (const { record, info } of records) {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    if (record.every((field) => field.trim() === '')) continue;
    if (!headers) headers = record.map((field) => field.trim());
    else rows.push({ line, fields: record });
  }
  if (!headers) throw new CsvRefusedError('The file is empty.');
  if (rows.length === 0) throw new CsvRefusedError('The file has a header row but no rows to import.');
  if (rows.length > maxRows) {
    throw new CsvRefusedError(
      `The file has ${count(rows.length)} rows; at most ${count(maxRows)} can be imported at once. Split it into smaller files.`,
    );
  }
  const width = headers.length;
  const ragged = rows.filter((row) => row.fields.length !== width).length;
  if (width > 1 && ragged > rows.length / 2) {
    throw new CsvRefusedError(
      `The file is not a CSV table: ${count(ragged)} of ${count(rows.length)} rows have a different number of fields from the header row.`,
    );
  }
  return { delimiter, headers, rows };
}

/** Decodes and parses an uploaded file (see text-encoding.ts for what is refused). */
export function readCsvFile(bytes: Uint8Array, maxRows = MAX_CSV_ROWS, what = 'the reviews'): CsvTable {
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) throw new CsvRefusedError(decoded.message);
  return parseCsvText(decoded.text, maxRows, what);
}

/** Refuses a mapping that names a column the file lacks. */
export function assertMappingFits(table: CsvTable, mapping: CsvColumnMapping): void {
  const missing = missingMappedColumns(mapping, table.headers);
  if (missing.length > 0) {
    const names = missing.map((name) => `"${name}"`).join(', ');
    throw new CsvRefusedError(
      `The file has no column ${names}. Its columns are: ${table.headers.map((header) => `"${header}"`).join(', ')}.`,
    );
  }
}

type Field = { limit: number; label: string };
const AUTHOR: Field = { limit: 200, label: 'author' };

function optionalText(value: string | undefined, field: Field): { value: string | null } | { reason: string } {
  const text = squash(value ?? '');
  if (!text) return { value: null };
  if (hasControlCharacters(text)) return { reason: `The ${field.label} contains a control character` };
  if (text.length > field.limit) return { reason: `The ${field.label} is longer than ${field.limit} characters` };
  return { value: text };
}

function contentProblem(content: string): string | null {
  if (!content.trim()) return 'The content is blank';
  if (content.length > MAX_INSIGHT_CONTENT_LENGTH) {
    return `The content is longer than ${count(MAX_INSIGHT_CONTENT_LENGTH)} characters (${count(content.length)})`;
  }
  if (hasControlCharacters(content, { multiline: true })) return 'The content contains a control character';
  return null;
}

/** One row as an item to import, or the first reason it cannot be used. */
function itemOf(row: CsvRow, columns: Record<keyof TCsvMapping, number>, width: number, now: Date): CsvItem | string {
  if (row.fields.length > width) {
    return `The row has ${row.fields.length} fields but the header has ${width}: text with a comma in it needs quotes`;
  }
  const cell = (index: number) => (index === -1 ? undefined : row.fields[index]);
  const content = (cell(columns.content) ?? '').trim();
  const problem = contentProblem(content);
  if (problem) return problem;
  const author = optionalText(cell(columns.author), AUTHOR);
  if ('reason' in author) return author.reason;
  // The source column is read, never refused: an unknown value is kept as the platform, cleaned.
  const { source, platform } = csvSourceOf(cell(columns.platform));
  const date = parseCsvDate(cell(columns.date) ?? '', now);
  if (!date.ok) return date.reason;
  const rating = parseCsvRating(cell(columns.rating) ?? '');
  if (!rating.ok) return rating.reason;
  return {
    line: row.line,
    content,
    author: author.value,
    source,
    platform,
    date: date.value,
    rating: rating.value,
  };
}

/** The rows to import and the rows that cannot be, by line. The mapping must fit (assertMappingFits). */
export function mapCsvRows(
  table: CsvTable,
  mapping: TCsvMapping,
  now: Date = new Date(),
): { items: CsvItem[]; badRows: TBadRow[] } {
  const indexOf = (name: string | null | undefined) => (name ? table.headers.indexOf(name) : -1);
  const columns = {
    content: indexOf(mapping.content),
    author: indexOf(mapping.author),
    date: indexOf(mapping.date),
    rating: indexOf(mapping.rating),
    platform: indexOf(mapping.platform),
  };
  const items: CsvItem[] = [];
  const badRows: TBadRow[] = [];
  for (const row of table.rows) {
    const item = itemOf(row, columns, table.headers.length, now);
    if (typeof item === 'string') badRows.push({ line: row.line, reason: item });
    else items.push(item);
  }
  return { items, badRows };
}
