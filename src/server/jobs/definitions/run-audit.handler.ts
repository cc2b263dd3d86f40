import { createAiWriter } from '../../ai/provider.ts';
import { markFailed, runAudit } from '../../features/audits/run-audit.ts';
import { queueScoreDropEmail } from '../../features/brand-tracking/queue-score-drop-email.ts';
import { notifyAuditFinished } from '../../features/notifications/notify-audit-finished.ts';
import { queueAuditCompleteEmail } from '../../features/notifications/queue-audit-complete-email.ts';
import { createUploadStorage } from '../../features/uploads/storage.ts';
import { fileStoreOf } from '../../storage/create-file-store.ts';
import type { JobDependencies, JobHandler, JobLogger } from '../define-job.ts';
import type { JobQueue } from '../queue.ts';
import type { runAuditJob } from './run-audit.ts';

export function createRunAuditHandler(deps: JobDependencies, queue?: JobQueue): JobHandler<typeof runAuditJob> {
  const auditDeps = {
    db: deps.database.db,
    config: deps.config,
    uploads: createUploadStorage(fileStoreOf(deps.config)),
    ai: createAiWriter(deps.config.ai, { logger: deps.logger }),
    logger: deps.logger,
    crawlResolver: deps.crawlResolver,
    renderChromium: deps.renderChromium,
  };

  /** The owner's notifications, each on its own; the audit is done whatever happens to its e-mails. */
  async function notifyOwner(auditId: string, logger: JobLogger) {
    if (!queue) return;
    for (const [what, queueNotification] of [
      ['audit complete', queueAuditCompleteEmail],
      ['score drop', queueScoreDropEmail],
    ] as const) {
      try {
        await queueNotification({ db: auditDeps.db, config: deps.config, queue }, auditId);
      } catch (error) {
        logger.error({ err: error, auditId }, `${what} e-mail could not be queued`);
      }
    }
  }

  return async ({ auditId }, job) => {
    try {
      const outcome = await runAudit({ ...auditDeps, logger: job.logger }, auditId, job.signal);
      // The bell, completed or failed; 'skipped' covers a retry after a crash before this (added once).
      await notifyAuditFinished(auditDeps.db, auditId);
      // 'skipped' also covers a retry after a crash between completing the audit and queueing its
      // e-mail; the e-mail's key is the audit, so one queued before is not queued twice.
      if (outcome !== 'failed') await notifyOwner(auditId, job.logger);
      return { outcome };
    } catch (error) {
      job.logger.error({ err: error, auditId, attempt: job.retryCount }, 'audit attempt failed');
      // Unexpected failures are retried; after the last attempt the audit says why it stopped.
      if (job.isFinalAttempt) {
        const detail = error instanceof Error ? error.message : String(error);
        await markFailed(auditDeps.db, auditId, `The audit could not be completed: ${detail}`);
        await notifyAuditFinished(auditDeps.db, auditId);
      }
      throw error;
    }
  };
}
