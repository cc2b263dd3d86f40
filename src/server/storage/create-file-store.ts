import path from 'node:path';
import type { Config } from '../config.ts';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

export type FileStoreConfig = Pick<Config, 'dataDir' | 'uploadDir' | 'storage'> & {
  mail: Pick<Config['mail'], 'outboxDir'>;
};

/** The store the configuration names: the S3 bucket when S3_BUCKET is set, else the local disk. */
export function createFileStore(config: FileStoreConfig): FileStore {
  const s3 = config.storage.s3;
  if (s3) return createS3FileStore(s3);
  return createLocalFileStore({
    uploads: config.uploadDir,
    outbox: config.mail.outboxDir,
    exports: path.join(config.dataDir, 'exports'),
  });
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
