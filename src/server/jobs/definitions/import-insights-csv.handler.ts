import { createAiWriter } from '../../ai/provider.ts';
import { removeImportFile } from '../../features/insight-sources/import-files.ts';
import { runCsvImport } from '../../features/insight-sources/run-csv-import.ts';
import { failTask } from '../../features/tasks/task-progress.ts';
import { AppError } from '../../http/errors.ts';
import { CsvRefusedError } from '../../integrations/insight-sources/csv/csv-import.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { importInsightsCsvJob } from './import-insights-csv.ts';

export function createImportInsightsCsvHandler(deps: JobDependencies): JobHandler<typeof importInsightsCsvJob> {
  const importDeps = {
    db: deps.database.db,
    config: deps.config,
    ai: createAiWriter(deps.config.ai, { logger: deps.logger }),
    logger: deps.logger,
  };
  const fail = async (taskId: string, reason: string) => {
    await failTask(importDeps.db, taskId, reason);
    await removeImportFile(importDeps.config, taskId);
  };
  return async (payload, job) => {
    try {
      return { outcome: await runCsvImport({ ...importDeps, logger: job.logger }, payload, job.signal) };
    } catch (error) {
      // A refusal (the plan changed, the file no longer reads) will not change on retry.
      if (error instanceof AppError || error instanceof CsvRefusedError) {
        await fail(payload.taskId, error.message);
        return { outcome: 'failed' };
      }
      job.logger.error({ err: error, taskId: payload.taskId, attempt: job.retryCount }, 'import attempt failed');
      if (job.isFinalAttempt) {
        const detail = error instanceof Error ? error.message : String(error);
        await fail(payload.taskId, `The import could not be completed: ${detail}`);
      }
      throw error;
    }
  };
}
