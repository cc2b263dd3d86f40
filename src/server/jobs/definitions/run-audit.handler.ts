import { createAiWriter } from '../../ai/provider.ts';
import { markFailed, runAudit } from '../../features/audits/run-audit.ts';
import { createUploadStorage } from '../../features/uploads/storage.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { runAuditJob } from './run-audit.ts';

export function createRunAuditHandler(deps: JobDependencies): JobHandler<typeof runAuditJob> {
  const auditDeps = {
    db: deps.database.db,
    config: deps.config,
    uploads: createUploadStorage(deps.config.uploadDir),
    ai: createAiWriter(deps.config.ai, { logger: deps.logger }),
    logger: deps.logger,
    crawlResolver: deps.crawlResolver,
  };
  return async ({ auditId }, job) => {
    try {
      return { outcome: await runAudit({ ...auditDeps, logger: job.logger }, auditId, job.signal) };
    } catch (error) {
      job.logger.error({ err: error, auditId, attempt: job.retryCount }, 'audit attempt failed');
      // Unexpected failures are retried; after the last attempt the audit says why it stopped.
      if (job.isFinalAttempt) {
        const detail = error instanceof Error ? error.message : String(error);
        await markFailed(auditDeps.db, auditId, `The audit could not be completed: ${detail}`);
      }
      throw error;
    }
  };
}
