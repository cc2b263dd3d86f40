import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { EXPORT_RETENTION_DAYS } from '../../../shared/schemas/account.ts';
import type { Database } from '../../db/client.ts';
import { accountExports, type uploadedFiles, users } from '../../db/schema/index.ts';
import type { JobLogger } from '../../jobs/define-job.ts';
import type { FileStoreConfig } from '../../storage/create-file-store.ts';
import { completeTask, failTask, type ProgressReporter, progressReporter, share } from '../tasks/task-progress.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import { type AccountOwner, exportSections } from './account-data.ts';
import { exportScratchPathOf, exportStorageKey, removeExportFile, storeExportFile } from './export-files.ts';
import { createZipFileWriter } from './zip-file-writer.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type BuildExportDeps = {
  db: Database;
  config: FileStoreConfig;
  uploads: Pick<UploadStorage, 'read'>;
  logger: JobLogger;
};

type ZipWriter = ReturnType<typeof createZipFileWriter>;
type UploadRow = typeof uploadedFiles.$inferSelect;

const encoder = new TextEncoder();
const jsonBytes = (value: unknown) => encoder.encode(`${JSON.stringify(value, null, 2)}\n`);

/** Types whose bytes deflate well; everything else (PNG, JPEG, WebP, PDF) is compressed already. */
const compressible = (mimetype: string) => mimetype.startsWith('text/') || mimetype === 'image/svg+xml';

/** uploads/<first part of its key>-<its name>, unique by the key and safe on any file system. */
function zipNameOfUpload(file: UploadRow): string {
  const safeName = file.originalName.replace(/[^\w.\- ]+/g, '_').slice(-120) || 'file';
  return `uploads/${file.storageKey.slice(0, 8)}-${safeName}`;
}

function readme(owner: AccountOwner, createdAt: Date): string {
  const lines = [
    `Brandlens data export for ${owner.email}, made ${createdAt.toISOString()}.`,
    '',
    'Each JSON file holds every record of one kind that your account owns, as stored:',
    '',
    ...exportSections.map((section) => `  ${section.file}: ${section.description}`),
    '  uploads/: the files you uploaded; uploaded-files.json names each one (fileInZip)',
    '',
    'Share links and API token secrets are not included: they would let someone else act as you.',
  ];
  return `${lines.join('\n')}\n`;
}

async function addTables(deps: BuildExportDeps, zip: ZipWriter, owner: AccountOwner, progress: () => Promise<void>) {
  const uploads: UploadRow[] = [];
  for (const section of exportSections) {
    const rows = await section.rows(deps.db, owner);
    if (section.file === 'uploaded-files.json') {
      uploads.push(...(rows as UploadRow[]));
      continue;
    }
    await zip.add(section.file, jsonBytes(section.file === 'profile.json' ? (rows[0] ?? null) : rows));
    await progress();
  }
  return uploads;
}

/** Adds each upload; a file missing on disk is named in uploaded-files.json with fileInZip null. */
async function addUploads(deps: BuildExportDeps, zip: ZipWriter, files: UploadRow[], progress: () => Promise<void>) {
  const listed: (UploadRow & { fileInZip: string | null })[] = [];
  for (const file of files) {
    const content = await deps.uploads.read(file.storageKey).catch(() => null);
    if (content) {
      const name = zipNameOfUpload(file);
      await zip.add(name, content, { compress: compressible(file.mimetype) });
      listed.push({ ...file, fileInZip: name });
    } else {
      deps.logger.warn({ storageKey: file.storageKey }, 'uploaded file missing on disk; left out of the export');
      listed.push({ ...file, fileInZip: null });
    }
    await progress();
  }
  await zip.add('uploaded-files.json', jsonBytes(listed));
}

/** Writes the zip to its scratch file, then streams it into the file store; returns its size. */
async function writeZip(deps: BuildExportDeps, owner: AccountOwner, storageKey: string, report: ProgressReporter) {
  const partial = exportScratchPathOf(deps.config, storageKey);
  await fs.promises.mkdir(path.dirname(partial), { recursive: true });
  const zip = createZipFileWriter(partial);
  try {
    // Tables first, then one step per upload: the total is known once the uploads are listed.
    let done = 0;
    let total = exportSections.length;
    const step = async (stage: string) => {
      done += 1;
      await report(stage, share(done, total) * 100);
    };
    await zip.add('README.txt', encoder.encode(readme(owner, new Date())));
    const uploads = await addTables(deps, zip, owner, () => step('Collecting your records'));
    total += uploads.length;
    await addUploads(deps, zip, uploads, () => step(`Adding your uploaded files`));
    zip.finish();
  } catch (error) {
    zip.abandon();
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  const { size } = await fs.promises.stat(partial);
  try {
    await storeExportFile(deps.config, storageKey, partial);
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  return size;
}

/**
 * The export job's work: every table's rows of the account and its uploaded files, zipped under
 * DATA_DIR/exports, then the export marked ready for 7 days. An export that is no longer being
 * prepared (done already, failed, or its account deleted meanwhile) is left alone, and a zip
 * finished after its account was deleted is removed at once.
 */
export async function buildAccountExport(deps: BuildExportDeps, exportId: string): Promise<'ready' | 'skipped'> {
  const [row] = await deps.db
    .select({ status: accountExports.status, userId: accountExports.userId, email: users.email })
    .from(accountExports)
    .innerJoin(users, eq(users.id, accountExports.userId))
    .where(eq(accountExports.id, exportId));
  if (row?.status !== 'processing') return 'skipped';
  const owner = { id: row.userId, email: row.email };
  const storageKey = exportStorageKey(exportId);
  const sizeBytes = await writeZip(deps, owner, storageKey, progressReporter(deps.db, exportId));
  const completedAt = new Date();
  const marked = await deps.db
    .update(accountExports)
    .set({
      status: 'ready',
      storageKey,
      sizeBytes,
      error: null,
      completedAt,
      expiresAt: new Date(completedAt.getTime() + EXPORT_RETENTION_DAYS * DAY_MS),
    })
    .where(and(eq(accountExports.id, exportId), eq(accountExports.status, 'processing')))
    .returning({ id: accountExports.id });
  if (marked.length === 0) {
    await removeExportFile(deps.config, storageKey);
    return 'skipped';
  }
  await completeTask(deps.db, exportId, { sizeBytes });
  return 'ready';
}

/** Marks an export failed with a reason the person can read. */
export async function failAccountExport(db: Database, exportId: string, reason: string): Promise<void> {
  await db
    .update(accountExports)
    .set({ status: 'failed', error: reason, completedAt: new Date() })
    .where(and(eq(accountExports.id, exportId), eq(accountExports.status, 'processing')));
  await failTask(db, exportId, reason);
}
