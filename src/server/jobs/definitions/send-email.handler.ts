import { createAiWriter } from '../../ai/provider.ts';
import { sendOutboxMessage } from '../../emails/send.ts';
import { createUploadStorage } from '../../features/uploads/storage.ts';
import { fileStoreOf } from '../../storage/create-file-store.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { sendEmailJob } from './send-email.ts';

export function createSendEmailHandler(deps: JobDependencies): JobHandler<typeof sendEmailJob> {
  const emailDeps = {
    db: deps.database.db,
    config: deps.config,
    uploads: createUploadStorage(fileStoreOf(deps.config)),
    ai: createAiWriter(deps.config.ai, { logger: deps.logger }),
  };
  return async ({ messageId }, job) =>
    sendOutboxMessage({ ...emailDeps, logger: job.logger }, messageId, {
      isFinalAttempt: job.isFinalAttempt,
      signal: job.signal,
    });
}
