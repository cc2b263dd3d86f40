import path from 'node:path';
import type { Config } from '../config.ts';
import { assertFileKey, type FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import type { S3FileStoreOptions } from './s3-file-store.ts';

export type FileStoreConfig = Pick<Config, 'dataDir' | 'uploadDir' | 'storage'> & {
  mail: Pick<Config['mail'], 'outboxDir'>;
};

/** The store the configuration names: the S3 bucket when S3_BUCKET is set, else the local disk. */
export function createFileStore(config: FileStoreConfig): FileStore {
  const s3 = config.storage.s3;
  if (s3) return lazyS3FileStore(s3);
  return createLocalFileStore({
    uploads: config.uploadDir,
    outbox: config.mail.outboxDir,
    exports: path.join(config.dataDir, 'exports'),
  });
}

/**
 * The S3 store, its SDK (some 35 MB resident) loaded at the first file operation rather than when
 * the process starts: a web process may serve for long without touching a file.
 */
function lazyS3FileStore(options: S3FileStoreOptions): FileStore {
  let store: Promise<FileStore> | undefined;
  const loaded = () => {
    store ??= import('./s3-file-store.ts').then((module) => module.createS3FileStore(options));
    return store;
  };
  return {
    put: async (key, body, putOptions) => (await loaded()).put(key, body, putOptions),
    getStream: async (key) => (await loaded()).getStream(key),
    read: async (key) => (await loaded()).read(key),
    remove: async (key) => (await loaded()).remove(key),
    exists: async (key) => (await loaded()).exists(key),
    check: async () => (await loaded()).check(),
    locationOf: (key) => `s3://${options.bucket}/${assertFileKey(key)}`,
  };
}

const stores = new WeakMap<FileStoreConfig, FileStore>();

/** One store per configuration, so a process keeps one S3 client (and its connections) for all its work. */
export function fileStoreOf(config: FileStoreConfig): FileStore {
  let store = stores.get(config);
  if (!store) {
    store = createFileStore(config);
    stores.set(config, store);
  }
  return store;
}
