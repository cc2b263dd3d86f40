import { removeImportFile } from '../../features/insight-sources/import-files.ts';
import { COMPETITOR_DISCOVERY_KIND, DISCOVERY_KIND, IMPORT_KIND } from '../../features/insight-sources/source-dtos.ts';
import { failStaleTasks, failTasksWhoseJobFailed } from '../../features/tasks/task-progress.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import { JOB_SCHEMA } from '../queue.ts';
import { discoverInsightsJob } from './discover-insights.ts';
import type { failStaleInsightTasks } from './fail-stale-insight-tasks.ts';
import { importInsightsCsvJob } from './import-insights-csv.ts';

export function createFailStaleInsightTasksHandler(deps: JobDependencies): JobHandler<typeof failStaleInsightTasks> {
  return async () => {
    const db = deps.database.db;
    const failed = [
      ...(await failStaleTasks(db, [DISCOVERY_KIND, COMPETITOR_DISCOVERY_KIND, IMPORT_KIND])),
      ...(await failTasksWhoseJobFailed(db, JOB_SCHEMA, [discoverInsightsJob.name, importInsightsCsvJob.name])),
    ];
    // An import's uploaded file is only kept while it may still be imported.
    for (const taskId of failed) await removeImportFile(deps.config, taskId);
    return { failed: failed.length };
  };
}
