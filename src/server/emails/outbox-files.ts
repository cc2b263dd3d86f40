import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ZOutboxAttachment } from '../../shared/schemas/outbox.ts';

/**
 * The stored copy of each composed message, under DATA_DIR/outbox: <id>.eml is the raw message
 * exactly as it is (or would be) handed to SMTP, and <id>.json its readable parts for the
 * administrator's screen (the server has no MIME parser of its own). Files are found by the
 * message's id, never by a path taken from the database.
 */

const ZStoredContent = z.object({
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z.array(ZOutboxAttachment),
});
export type StoredContent = z.infer<typeof ZStoredContent>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filesOf(outboxDir: string, id: string) {
  if (!UUID.test(id)) throw new Error(`Not an outbox message id: ${id}`);
  return { eml: path.join(outboxDir, `${id}.eml`), content: path.join(outboxDir, `${id}.json`) };
}

export function emlPathOf(outboxDir: string, id: string): string {
  return filesOf(outboxDir, id).eml;
}

/** Written beside its final name and renamed, so a reader never sees half a file. */
async function writeWhole(file: string, data: Buffer | string) {
  const partial = `${file}.${process.pid}.partial`;
  await fs.promises.writeFile(partial, data);
  await fs.promises.rename(partial, file);
}

/** Stores the composed message; the .eml goes last, so its presence means both files are complete. */
export async function writeStoredMessage(outboxDir: string, id: string, raw: Buffer, content: StoredContent) {
  const files = filesOf(outboxDir, id);
  await fs.promises.mkdir(outboxDir, { recursive: true });
  await writeWhole(files.content, JSON.stringify(content));
  await writeWhole(files.eml, raw);
  return files.eml;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The raw message, or null when it was never composed (or its file is gone). */
export async function readStoredEml(outboxDir: string, id: string): Promise<Buffer | null> {
  try {
    return await fs.promises.readFile(filesOf(outboxDir, id).eml);
  } catch (error) {
    if (missing(error)) return null;
    throw error;
  }
}

/** The readable parts, or null when the message was never composed or its files are gone or damaged. */
export async function readStoredContent(outboxDir: string, id: string): Promise<StoredContent | null> {
  const files = filesOf(outboxDir, id);
  try {
    await fs.promises.access(files.eml);
    const parsed = ZStoredContent.safeParse(JSON.parse(await fs.promises.readFile(files.content, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch (error) {
    if (missing(error) || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** Whether the raw message can be downloaded. */
export async function hasStoredEml(outboxDir: string, id: string): Promise<boolean> {
  try {
    await fs.promises.access(filesOf(outboxDir, id).eml);
    return true;
  } catch {
    return false;
  }
}
