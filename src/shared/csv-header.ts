/**
 * The first row of a CSV file, read the same way in the browser (to show the columns for mapping
 * before anything is uploaded) and on the server (before the whole file is parsed): the delimiter,
 * the header names, and a first guess at which column holds what.
 */
import type { TCsvColumnRole } from './schemas/insight-sources.ts';

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type TCsvDelimiter = (typeof CSV_DELIMITERS)[number];

const BOM = '\uFEFF';

/** The first record's text (it may span lines inside quotes). */
function firstRecordText(text: string): string {
  let inQuotes = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (char === '\n' || char === '\r')) return text.slice(0, index);
  }
  return text;
}

/**
 * The delimiter the header row uses most outside quotes: spreadsheet exports in much of Europe use
 * ';', some tools a tab. A header with none of them is one column, read as comma-separated.
 */
export function detectDelimiter(text: string): TCsvDelimiter {
  const header = firstRecordText(text.startsWith(BOM) ? text.slice(1) : text);
  const counts = new Map<TCsvDelimiter, number>(CSV_DELIMITERS.map((delimiter) => [delimiter, 0]));
  let inQuotes = false;
  for (const char of header) {
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && counts.has(char as TCsvDelimiter)) {
      counts.set(char as TCsvDelimiter, (counts.get(char as TCsvDelimiter) ?? 0) + 1);
    }
  }
  let best: TCsvDelimiter = ',';
  for (const delimiter of CSV_DELIMITERS) {
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  }
  return best;
}

/** The header row's fields (RFC 4180 quoting), trimmed. */
export function readHeaderRow(text: string, delimiter: TCsvDelimiter = detectDelimiter(text)): string[] {
  const record = firstRecordText(text.startsWith(BOM) ? text.slice(1) : text);
  const fields: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let index = 0; index < record.length; index++) {
    const char = record[index];
    if (inQuotes) {
      if (char === '"' && record[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') inQuotes = false;
      else field += char;
    } else if (char === '"') inQuotes = true;
    else if (char === delimiter) {
      fields.push(field.trim());
      field = '';
    } else field += char;
  }
  fields.push(field.trim());
  return fields;
}

/** Header words that name each field in common review and survey exports, best first. */
const ROLE_WORDS: Record<TCsvColumnRole, string[]> = {
  content: [
    'content',
    'review',
    'review text',
    'review body',
    'reviewbody',
    'comment',
    'comments',
    'feedback',
    'text',
    'body',
    'message',
    'response',
    'answer',
    'verbatim',
    'description',
  ],
  author: [
    'author',
    'author name',
    'name',
    'reviewer',
    'reviewer name',
    'customer',
    'customer name',
    'user',
    'username',
  ],
  date: [
    'date',
    'review date',
    'created',
    'created at',
    'date created',
    'submitted',
    'submitted at',
    'published',
    'timestamp',
    'time',
  ],
  rating: ['rating', 'stars', 'star rating', 'score', 'review rating', 'rating value'],
  platform: ['platform', 'source', 'site', 'channel', 'website'],
};

const normalised = (header: string) =>
  header
    .toLowerCase()
    .replace(/[_\-.]+/g, ' ')
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Which header names hold each field of an import (a field the file lacks is absent or null). */
export type CsvColumnMapping = { [role: string]: string | null | undefined };

/**
 * The mapping a person most likely wants: an exact header word first, then a header containing
 * one (e.g. "Review Text (English)"). Roles are filled in `order`, and each column is used for
 * one field only. A field may be missing when no header looks like it: the person then chooses.
 */
export function guessColumns<Role extends string>(
  headers: readonly string[],
  roleWords: Record<Role, readonly string[]>,
  order: readonly Role[],
): Partial<Record<Role, string>> {
  const taken = new Set<string>();
  const guess: Partial<Record<Role, string>> = {};
  const names = headers.map((header) => ({ header, name: normalised(header) })).filter((entry) => entry.header);
  for (const role of order) {
    const words = roleWords[role];
    const pick =
      words.map((word) => names.find((entry) => entry.name === word && !taken.has(entry.header))).find(Boolean) ??
      words
        .map((word) => names.find((entry) => entry.name.split(' ').includes(word) && !taken.has(entry.header)))
        .find(Boolean);
    if (pick) {
      guess[role] = pick.header;
      taken.add(pick.header);
    }
  }
  return guess;
}

/** The review and survey mapping: the text first, then the fields whose words are most telling. */
export function guessCsvMapping(headers: readonly string[]): Partial<Record<TCsvColumnRole, string>> {
  return guessColumns(headers, ROLE_WORDS, ['content', 'rating', 'date', 'author', 'platform']);
}

/** Header names the mapping refers to that the file does not have. */
export function missingMappedColumns(mapping: CsvColumnMapping, headers: readonly string[]): string[] {
  const present = new Set(headers);
  return Object.values(mapping).filter(
    (name): name is string => typeof name === 'string' && name !== '' && !present.has(name),
  );
}
