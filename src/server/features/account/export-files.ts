import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';

/**
 * Export zips on local disk under DATA_DIR/exports, named by the export's id: a path is never
 * taken from the database, only built from an id checked here.
 */
const STORAGE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.zip$/;

export const exportsDirOf = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'exports');

export const exportStorageKey = (exportId: string) => `${exportId}.zip`;

export function exportPathOf(config: Pick<Config, 'dataDir'>, storageKey: string): string {
  if (!STORAGE_KEY.test(storageKey)) throw new Error(`invalid export storage key ${storageKey}`);
  return path.join(exportsDirOf(config), storageKey);
}

export async function removeExportFile(config: Pick<Config, 'dataDir'>, storageKey: string): Promise<void> {
  await fs.promises.rm(exportPathOf(config, storageKey), { force: true });
  await fs.promises.rm(`${exportPathOf(config, storageKey)}.partial`, { force: true });
}
