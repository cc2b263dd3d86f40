import { openTask } from '../tasks/task-progress.ts';
import { runCompetitorDiscovery } from './run-competitor-discovery.ts';
import { type DiscoveryDeps, type RunOutcome, runBrandDiscovery } from './run-discovery.ts';
import { COMPETITOR_DISCOVERY_KIND } from './source-dtos.ts';

/**
 * Runs one discovery task, a brand's or a competitor's by its kind; safe to run again for the same
 * task (a retried job).
 */
export async function runDiscoveryTask(deps: DiscoveryDeps, taskId: string, signal?: AbortSignal): Promise<RunOutcome> {
  const task = await openTask(deps.db, taskId);
  if (!task?.subjectId) return 'skipped';
  const opened = { ...task, subjectId: task.subjectId };
  return task.kind === COMPETITOR_DISCOVERY_KIND
    ? runCompetitorDiscovery(deps, opened, signal)
    : runBrandDiscovery(deps, opened, signal);
}
