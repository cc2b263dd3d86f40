import type { TCsvImportFields, TImportTask } from '../../../shared/schemas/insight-sources.ts';
import { taskProgress } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import {
  assertMappingFits,
  CsvRefusedError,
  mapCsvRows,
  readCsvFile,
} from '../../integrations/insight-sources/csv/csv-import.ts';
import { importInsightsCsvJob } from '../../jobs/definitions/import-insights-csv.ts';
import { insightRoomForBrand } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { failTask } from '../tasks/task-progress.ts';
import { importFileKey, importFiles, removeImportFile } from './import-files.ts';
import { IMPORT_KIND, toImportTask } from './source-dtos.ts';

const SHOWN_BAD_ROWS = 3;

/**
 * Checks a CSV file whole before anything is stored (encoding, CSV structure, size in rows, the
 * mapping's columns, at least one usable row): a refusal is a 400 with the reason. A file that
 * passes is kept for the import job, which analyses and stores its rows while the task reports
 * progress; the request returns at once with the task.
 */
export async function startCsvImport(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: { fields: TCsvImportFields; fileName: string; bytes: Buffer } },
): Promise<TImportTask> {
  const { fields, fileName, bytes } = input;
  const brand = await getBrandOrThrow(ctx.db, actor, fields.brandId);
  await insightRoomForBrand(ctx.db, brand);

  let usable: number;
  try {
    const table = readCsvFile(bytes);
    assertMappingFits(table, fields.mapping);
    const { items, badRows } = mapCsvRows(table, fields.mapping);
    usable = items.length;
    if (usable === 0) {
      const shown = badRows
        .slice(0, SHOWN_BAD_ROWS)
        .map((row) => `line ${row.line}: ${row.reason}`)
        .join('; ');
      const more = badRows.length > SHOWN_BAD_ROWS ? `; and ${badRows.length - SHOWN_BAD_ROWS} more` : '';
      throw new CsvRefusedError(`None of the rows can be imported (${shown}${more}).`);
    }
  } catch (error) {
    if (error instanceof CsvRefusedError) throw new AppError('validation', error.message);
    throw error;
  }
  if (!ctx.queue) throw new AppError('upstream_failed', 'Background work is not running on this server');

  const [task] = await ctx.db
    .insert(taskProgress)
    .values({ userId: actor.user.id, kind: IMPORT_KIND, subjectId: brand.id, stage: 'Queued', percent: 0 })
    .returning();
  const taskId = task!.id;
  try {
    await importFiles(ctx.config).write(importFileKey(taskId), bytes);
    await ctx.queue.send(
      importInsightsCsvJob,
      {
        taskId,
        fileKey: importFileKey(taskId),
        fileName: fileName.slice(0, 300),
        mapping: fields.mapping,
        source: fields.source,
      },
      { singletonKey: taskId },
    );
  } catch (error) {
    await failTask(ctx.db, taskId, 'The import could not be queued. Please import the file again.');
    await removeImportFile(ctx.config, taskId);
    throw error;
  }
  return toImportTask(task!);
}
