import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accountExports } from '../../db/schema/index.ts';
import type { FileStoreConfig } from '../../storage/create-file-store.ts';
import { removeExportFile } from './export-files.ts';

/**
 * Deletes the zips of exports whose 7 days have passed and forgets where they were; the rows stay,
 * so the Settings card can say the last export expired. Returns how many zips were deleted.
 */
export async function purgeExpiredAccountExports(db: Database, config: FileStoreConfig, now = new Date()) {
  const expired = await db
    .select({ id: accountExports.id, storageKey: accountExports.storageKey })
    .from(accountExports)
    .where(and(isNotNull(accountExports.storageKey), lte(accountExports.expiresAt, now)));
  for (const { id, storageKey } of expired) {
    if (!storageKey) continue;
    await removeExportFile(config, storageKey);
    await db.update(accountExports).set({ storageKey: null }).where(eq(accountExports.id, id));
  }
  return expired.length;
}
