import { type FileStoreConfig, fileStoreOf } from '../../storage/create-file-store.ts';
import { createUploadStorage } from '../uploads/storage.ts';

/**
 * Uploaded CSV files wait here for their import job, beside the uploads (uploads/imports/ in the
 * file store, UPLOAD_DIR/imports on local disk), so every process that may run the import can
 * read them. Each is removed when its import ends.
 */
export function importFiles(config: FileStoreConfig) {
  return createUploadStorage(fileStoreOf(config), 'uploads/imports');
}

export const importFileKey = (taskId: string) => `${taskId}.csv`;

export async function removeImportFile(config: FileStoreConfig, taskId: string): Promise<void> {
  await importFiles(config)
    .remove(importFileKey(taskId))
    .catch(() => {});
}
