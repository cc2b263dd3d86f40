import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type FileStoreConfig, fileStoreOf } from '../../storage/create-file-store.ts';

/**
 * Export zips in the file store under exports/, named by the export's id: a key is never taken
 * from the database as it is, only built from an id checked here. A zip is built on local disk
 * (DATA_DIR/exports, a scratch area) and then streamed into the store.
 */
const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.zip$/;

export const exportStorageKey = (exportId: string) => `${exportId}.zip`;

function checked(storageKey: string): string {
  if (!STORAGE_KEY.test(storageKey)) throw new Error(`invalid export storage key ${storageKey}`);
  return storageKey;
}

const objectKeyOf = (storageKey: string) => `exports/${checked(storageKey)}`;

/** Where the zip is assembled before it is stored. */
export function exportScratchPathOf(config: Pick<FileStoreConfig, 'dataDir'>, storageKey: string): string {
  return path.join(config.dataDir, 'exports', `${checked(storageKey)}.partial`);
}

/** Moves a finished zip from its scratch file into the store. */
export async function storeExportFile(config: FileStoreConfig, storageKey: string, scratchPath: string) {
  await fileStoreOf(config).put(objectKeyOf(storageKey), fs.createReadStream(scratchPath), {
    contentType: 'application/zip',
  });
  await fs.promises.rm(scratchPath, { force: true });
}

/** The stored zip as a stream, or null when it is gone. */
export function openExportFile(config: FileStoreConfig, storageKey: string): Promise<Readable | null> {
  return fileStoreOf(config).getStream(objectKeyOf(storageKey));
}

export async function removeExportFile(config: FileStoreConfig, storageKey: string): Promise<void> {
  await fileStoreOf(config).remove(objectKeyOf(storageKey));
  await fs.promises.rm(exportScratchPathOf(config, storageKey), { force: true });
}
