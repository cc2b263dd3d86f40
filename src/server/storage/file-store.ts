import type { Readable } from 'node:stream';

/**
 * Where the product keeps files (uploads, the mail outbox's copies, account exports): the local
 * disk by default, an S3-compatible bucket when several machines share the files. Keys are
 * slash-separated names built by the code from random ids (`uploads/<uuid>.png`); the database
 * maps them to their owners, so a key never comes from a request as it is.
 */
export interface FileStore {
  /** Keeps the body under the key, replacing what was there; a stream is written as it arrives. */
  put(key: string, body: Readable | Buffer, options: { contentType: string }): Promise<void>;
  /** The file as a stream, or null when there is none under the key. */
  getStream(key: string): Promise<Readable | null>;
  /** The whole file (for the small ones drawn into PDFs and e-mails), or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Removes the file; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Rejects when the store cannot be reached or written, for readiness checks. */
  check(): Promise<void>;
  /** Where a key lives, for logs and records: a file path, or s3://bucket/key. */
  locationOf(key: string): string;
}

/** Letters, digits, dots, dashes and underscores, each segment starting with a letter or digit (so never `..`). */
const KEY_FORMAT = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export class InvalidFileKeyError extends Error {
  constructor(key: string) {
    super(`Not a file store key: ${JSON.stringify(key)}`);
  }
}

export function assertFileKey(key: string): string {
  if (key.length > 512 || !KEY_FORMAT.test(key)) throw new InvalidFileKeyError(key);
  return key;
}
