import { buildAccountExport, failAccountExport } from '../../features/account/build-account-export.ts';
import { createUploadStorage } from '../../features/uploads/storage.ts';
import { fileStoreOf } from '../../storage/create-file-store.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { buildAccountExportJob } from './build-account-export.ts';

export function createBuildAccountExportHandler(deps: JobDependencies): JobHandler<typeof buildAccountExportJob> {
  const uploads = createUploadStorage(fileStoreOf(deps.config));
  return async ({ exportId }, job) => {
    try {
      const outcome = await buildAccountExport(
        { db: deps.database.db, config: deps.config, uploads, logger: job.logger },
        exportId,
      );
      return { outcome };
    } catch (error) {
      job.logger.error({ err: error, exportId, attempt: job.retryCount }, 'account export attempt failed');
      if (job.isFinalAttempt) {
        await failAccountExport(
          deps.database.db,
          exportId,
          'Your data export could not be prepared. Please try again.',
        );
      }
      throw error;
    }
  };
}
