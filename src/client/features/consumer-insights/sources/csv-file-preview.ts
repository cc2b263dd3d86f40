import { readHeaderRow } from '../../../../shared/csv-header.ts';
import { MAX_CSV_BYTES, type TCsvColumnRole } from '../../../../shared/schemas/insight-sources.ts';

/** Enough of the file to hold its header row, however wide. */
const HEAD_BYTES = 64 * 1024;

export type CsvPreview<Role extends string = TCsvColumnRole> =
  | { ok: true; headers: string[]; guessed: Partial<Record<Role, string>> }
  | { ok: false; problem: string };

/**
 * The header row of a chosen file, read in the browser so the columns can be mapped before the
 * upload, with the import's own guess at the mapping (reviews or ads). Only the size is checked
 * here; the server checks the rest (encoding, structure, rows).
 */
export async function previewCsvFile<Role extends string = TCsvColumnRole>(
  file: File,
  guess: (headers: string[]) => Partial<Record<Role, string>>,
): Promise<CsvPreview<Role>> {
  if (file.size === 0) return { ok: false, problem: 'The file is empty.' };
  if (file.size > MAX_CSV_BYTES) {
    return { ok: false, problem: 'The file is larger than 20 MB. Split it into smaller files and import each.' };
  }
  const head = new TextDecoder('utf-8').decode(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const headers = [...new Set(readHeaderRow(head).filter((header) => header !== ''))];
  if (headers.length === 0) return { ok: false, problem: 'The file has no header row naming its columns.' };
  return { ok: true, headers, guessed: guess(headers) };
}
