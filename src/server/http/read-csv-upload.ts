import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MAX_CSV_BYTES } from '../../shared/schemas/insight-sources.ts';
import { AppError } from './errors.ts';

export const CSV_TOO_LARGE = 'The file is larger than 20 MB. Split it into smaller files and import each.';

const notMultipartCsv = (fieldNames: string) =>
  new AppError('validation', `Send the CSV file as multipart/form-data in a part named 'file', after ${fieldNames}`);

/**
 * The form fields and the one file of a CSV import, read whole (at most 20 MB): the fields are
 * parsed with the import's own schema. Used by the consumer insights and ad library imports.
 */
export async function readCsvUpload<Fields extends z.ZodType>(
  request: FastifyRequest,
  fieldsSchema: Fields,
  fieldNames: string,
): Promise<{ fields: z.output<Fields>; file: { name: string; bytes: Buffer } }> {
  if (!request.isMultipart()) throw notMultipartCsv(fieldNames);
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  try {
    // The parser stops one byte past the limit, so an oversized file always arrives longer than it.
    for await (const part of request.parts({ limits: { fileSize: MAX_CSV_BYTES + 1, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'file') continue;
        if (part.file.truncated || bytes.length > MAX_CSV_BYTES) throw new AppError('validation', CSV_TOO_LARGE);
        file = { name: part.filename || 'import.csv', bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('validation', CSV_TOO_LARGE);
    request.log.info({ err: error }, 'unreadable CSV upload');
    throw new AppError('validation', 'The upload could not be read. Please try again.');
  }
  if (!file) throw notMultipartCsv(fieldNames);
  return { fields: fieldsSchema.parse(fields), file };
}
