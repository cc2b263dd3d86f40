import {
  TIKTOK_DISCOVERY_KIND,
  type TTikTokDiscoveryTask,
  ZTikTokDiscoveryResult,
} from '../../../shared/schemas/tiktok-ads.ts';
import type { Database } from '../../db/client.ts';
import { type Actor, getTaskOrThrow, type TaskKinds } from '../../http/access.ts';
import type { TaskRow } from '../tasks/task-progress.ts';

const TIKTOK_TASK: TaskKinds = { [TIKTOK_DISCOVERY_KIND]: 'competitor' };

function messageOf(row: TaskRow, result: TTikTokDiscoveryTask['result']): string {
  if (row.status === 'failed') return row.error ?? 'The TikTok ad discovery failed.';
  if (row.status !== 'completed' || !result)
    return row.stage && row.stage !== 'Queued' ? row.stage : 'TikTok ad discovery started';
  const capped = result.capped ? ' More ads remain: they are read on the next run.' : '';
  return `Found ${result.read} TikTok ${result.read === 1 ? 'ad' : 'ads'}: ${result.added} new, ${result.updated} updated.${capped}`;
}

export function toTikTokDiscoveryTask(row: TaskRow): TTikTokDiscoveryTask {
  const parsed = row.result ? ZTikTokDiscoveryResult.safeParse(row.result) : null;
  const result = parsed?.success ? parsed.data : null;
  return {
    id: row.id,
    status: row.status,
    stage: row.stage,
    percent: row.percent,
    error: row.error,
    competitorId: row.subjectId,
    result,
    message: messageOf(row, result),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A TikTok discovery of a competitor whose brand the actor may see; any other is a 404. */
export function getTikTokDiscoveryTaskOrThrow(db: Database, actor: Actor, taskId: string): Promise<TaskRow> {
  return getTaskOrThrow(db, actor, taskId, TIKTOK_TASK);
}
