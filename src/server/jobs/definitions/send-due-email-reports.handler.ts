import { createAiWriter } from '../../ai/provider.ts';
import { claimDueReports } from '../../features/email-reports/claim-due-reports.ts';
import { finishPreparingRuns, settleQueuedRuns } from '../../features/email-reports/settle-report-runs.ts';
import { createUploadStorage } from '../../features/uploads/storage.ts';
import { fileStoreOf } from '../../storage/create-file-store.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { JobQueue } from '../queue.ts';
import type { sendDueEmailReports } from './send-due-email-reports.ts';

export function createSendDueEmailReportsHandler(
  deps: JobDependencies,
  queue: JobQueue,
): JobHandler<typeof sendDueEmailReports> {
  const shared = {
    db: deps.database.db,
    config: deps.config,
    queue,
    uploads: createUploadStorage(fileStoreOf(deps.config)),
    ai: createAiWriter(deps.config.ai, { logger: deps.logger }),
  };
  return async (_payload, job) => {
    const claimDeps = { ...shared, logger: job.logger };
    const now = new Date();
    const claimed = await claimDueReports(claimDeps, now);
    const prepared = await finishPreparingRuns(claimDeps, now);
    const settled = await settleQueuedRuns(claimDeps, now);
    return { ...claimed, prepared, settled };
  };
}
