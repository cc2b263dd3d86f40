import type { Readable } from 'node:stream';
import type { FileStore } from '../../storage/file-store.ts';

/** An upload the database names but the store no longer holds. */
export class StoredFileMissingError extends Error {
  constructor(storageKey: string) {
    super(`The uploaded file ${storageKey} is not in the file store`);
  }
}

/**
 * Uploaded files in the file store under one area ('uploads/' by default), named by random keys
 * only the database maps back to owners.
 */
export function createUploadStorage(store: FileStore, area = 'uploads') {
  const keyOf = (storageKey: string) => {
    if (!/^[a-f0-9-]+\.[a-z0-9]+$/.test(storageKey)) throw new Error(`invalid storage key ${storageKey}`);
    return `${area}/${storageKey}`;
  };
  return {
    async write(storageKey: string, content: Buffer | Readable, contentType = 'application/octet-stream') {
      await store.put(keyOf(storageKey), content, { contentType });
    },
    async read(storageKey: string): Promise<Buffer> {
      const content = await store.read(keyOf(storageKey));
      if (!content) throw new StoredFileMissingError(storageKey);
      return content;
    },
    /** The file as a stream, or null when the store no longer holds it. */
    stream: (storageKey: string) => store.getStream(keyOf(storageKey)),
    remove: (storageKey: string) => store.remove(keyOf(storageKey)),
  };
}

export type UploadStorage = ReturnType<typeof createUploadStorage>;
