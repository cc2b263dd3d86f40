import path from 'node:path';
import type { Config } from '../../config.ts';
import { createUploadStorage } from '../uploads/storage.ts';

/**
 * Uploaded CSV files wait here for their import job, beside the uploads (UPLOAD_DIR/imports), so
 * a deployment that shares its upload storage between processes shares these too. Each is removed
 * when its import ends.
 */
export function importFiles(config: Pick<Config, 'uploadDir'>) {
  return createUploadStorage(path.join(config.uploadDir, 'imports'));
}

export const importFileKey = (taskId: string) => `${taskId}.csv`;

export async function removeImportFile(config: Pick<Config, 'uploadDir'>, taskId: string): Promise<void> {
  await importFiles(config)
    .remove(importFileKey(taskId))
    .catch(() => {});
}
