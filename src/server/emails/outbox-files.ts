import { z } from 'zod';
import { ZOutboxAttachment } from '../../shared/schemas/outbox.ts';
import type { FileStore } from '../storage/file-store.ts';

/**
 * The stored copy of each composed message, under outbox/ in the file store: <id>.eml is the raw
 * message exactly as it is (or would be) handed to SMTP, and <id>.json its readable parts for the
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

function keysOf(id: string) {
  if (!UUID.test(id)) throw new Error(`Not an outbox message id: ${id}`);
  return { eml: `outbox/${id}.eml`, content: `outbox/${id}.json` };
}

/** Where the outbox lives, for messages about it. */
export const outboxLocationOf = (store: FileStore) => store.locationOf('outbox');

/**
 * Stores the composed message and returns where its .eml is; the .eml goes last, so its presence
 * means both files are complete.
 */
export async function writeStoredMessage(store: FileStore, id: string, raw: Buffer, content: StoredContent) {
  const keys = keysOf(id);
  await store.put(keys.content, Buffer.from(JSON.stringify(content)), { contentType: 'application/json' });
  await store.put(keys.eml, raw, { contentType: 'message/rfc822' });
  return store.locationOf(keys.eml);
}

/** The raw message, or null when it was never composed (or its file is gone). */
export function readStoredEml(store: FileStore, id: string): Promise<Buffer | null> {
  return store.read(keysOf(id).eml);
}

/** The readable parts, or null when the message was never composed or its files are gone or damaged. */
export async function readStoredContent(store: FileStore, id: string): Promise<StoredContent | null> {
  const keys = keysOf(id);
  if (!(await store.exists(keys.eml))) return null;
  const stored = await store.read(keys.content);
  if (!stored) return null;
  try {
    const parsed = ZStoredContent.safeParse(JSON.parse(stored.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

/** Whether the raw message can be downloaded. */
export function hasStoredEml(store: FileStore, id: string): Promise<boolean> {
  return store.exists(keysOf(id).eml).catch(() => false);
}

/** Removes both files of a message; either may already be gone. */
export async function removeStoredMessage(store: FileStore, id: string): Promise<void> {
  const keys = keysOf(id);
  await Promise.all([store.remove(keys.eml), store.remove(keys.content)]);
}
