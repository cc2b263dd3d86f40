import { z } from 'zod';
import { ZCsvMapping } from '../../../shared/schemas/insight-sources.ts';
import { ZInsightSource } from '../../../shared/schemas/insights.ts';
import { defineJob } from '../define-job.ts';

/**
 * Imports a CSV file the request already checked (encoding, columns, row count) and stored under
 * `fileKey`: each good row is analysed and stored, bad rows are reported by line. Re-running after a
 * crash is safe: rows already stored are recognised by their content hash.
 */
export const importInsightsCsvJob = defineJob({
  name: 'import-insights-csv',
  payload: z.object({
    taskId: z.uuid(),
    fileKey: z.string().regex(/^[a-f0-9-]+\.csv$/),
    fileName: z.string().max(300),
    mapping: ZCsvMapping,
    source: ZInsightSource,
  }),
  retryLimit: 2,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 900,
  heartbeatSeconds: 15,
});
