/**
 * The import job's work: read the checked file again, keep its good rows that are not stored yet
 * (content hash: importing the same file twice adds nothing), analyse and store them, and report
 * the bad rows by line.
 */
import { eq } from 'drizzle-orm';
import {
  MAX_REPORTED_BAD_ROWS,
  type TCsvMapping,
  type TImportResult,
} from '../../../shared/schemas/insight-sources.ts';
import type { TInsightSource } from '../../../shared/schemas/insights.ts';
import type { AiLogger, AiWriter } from '../../ai/provider.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { brands } from '../../db/schema/index.ts';
import { assertMappingFits, mapCsvRows, readCsvFile } from '../../integrations/insight-sources/csv/csv-import.ts';
import { relevantByDefinition } from '../insights/store-insights.ts';
import { completeTask, failTask, openTask, progressReporter, share } from '../tasks/task-progress.ts';
import { importFiles, removeImportFile } from './import-files.ts';
import { keepNewInsights } from './keep-new-insights.ts';
import type { RunOutcome } from './run-discovery.ts';

export type ImportDeps = { db: Database; config: Config; ai: AiWriter | null; logger: AiLogger };

export type ImportJob = {
  taskId: string;
  fileKey: string;
  fileName: string;
  mapping: TCsvMapping;
  source: TInsightSource;
};

const STAGE = { read: 5, find: 10, analyse: 15, store: 85, done: 99 } as const;

export async function runCsvImport(deps: ImportDeps, job: ImportJob, signal?: AbortSignal): Promise<RunOutcome> {
  const { db } = deps;
  const task = await openTask(db, job.taskId);
  if (!task?.subjectId) {
    await removeImportFile(deps.config, job.taskId);
    return 'skipped';
  }
  const [brand] = await db.select().from(brands).where(eq(brands.id, task.subjectId));
  const fail = async (reason: string) => {
    await failTask(db, job.taskId, reason);
    await removeImportFile(deps.config, job.taskId);
    return 'failed' as const;
  };
  if (!brand) return fail('The brand was deleted before its import ran.');
  const progress = progressReporter(db, job.taskId);
  await progress(`Reading ${job.fileName}`, STAGE.read);
  const bytes = await importFiles(deps.config)
    .read(job.fileKey)
    .catch(() => null);
  if (!bytes) return fail('The uploaded file is no longer available. Please import it again.');

  const table = readCsvFile(bytes);
  assertMappingFits(table, job.mapping);
  // "Now" is when the file was imported: a row without a date gets that time, on every attempt.
  const importedAt = task.createdAt;
  const { items, badRows } = mapCsvRows(table, job.mapping, importedAt);
  await progress(`Finding new rows among ${items.length}`, STAGE.find);
  const kept = await keepNewInsights(
    { db, ai: deps.ai, logger: deps.logger, signal },
    brand,
    items.map((item) => ({
      origin: 0,
      content: item.content,
      source: item.source ?? job.source,
      platform: item.platform,
      authorName: item.author,
      collectedAt: item.date ?? importedAt,
      rating: item.rating,
      // The person chose the file as feedback about the brand.
      relevance: relevantByDefinition('imported'),
    })),
    {
      since: task.createdAt,
      onAnalysed: (done, total) =>
        progress(
          `Analysing ${done} of ${total} rows`,
          STAGE.analyse + (STAGE.store - STAGE.analyse) * share(done, total),
        ),
      onStored: (done, total) =>
        progress(`Storing ${done} of ${total} insights`, STAGE.store + (STAGE.done - STAGE.store) * share(done, total)),
    },
  );
  const result: TImportResult = {
    brandId: brand.id,
    fileName: job.fileName,
    rows: table.rows.length,
    added: kept.added.length,
    duplicates: kept.duplicates,
    notKeptForPlan: kept.notKeptForPlan,
    badRowCount: badRows.length,
    badRows: badRows.slice(0, MAX_REPORTED_BAD_ROWS),
  };
  signal?.throwIfAborted();
  await completeTask(db, job.taskId, result);
  await removeImportFile(deps.config, job.taskId);
  return 'completed';
}
