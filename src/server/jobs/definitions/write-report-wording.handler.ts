import { createAiWriter } from '../../ai/provider.ts';
import { finishReportWording, writeWordingOfReport } from '../../features/sentiment-reports/report-wording.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { writeReportWordingJob } from './write-report-wording.ts';

export function createWriteReportWordingHandler(deps: JobDependencies): JobHandler<typeof writeReportWordingJob> {
  const db = deps.database.db;
  const ai = createAiWriter(deps.config.ai, { logger: deps.logger });
  return async ({ reportId }, job) => {
    try {
      return { writtenBy: await writeWordingOfReport({ db, ai, logger: job.logger }, reportId, job.signal) };
    } catch (error) {
      // The report keeps its local sentences; after the last attempt it stops waiting for others.
      if (job.isFinalAttempt) await finishReportWording(db, reportId);
      throw error;
    }
  };
}
