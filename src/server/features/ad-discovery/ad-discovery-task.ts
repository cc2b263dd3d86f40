import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  adDiscoveryKinds,
  type TAdDiscoveryKind,
  type TAdDiscoveryTask,
  ZAdDiscoveryResult,
} from '../../../shared/schemas/ad-discovery.ts';
import { countOf } from '../../../shared/words.ts';
import type { Database } from '../../db/client.ts';
import { taskProgress } from '../../db/schema/index.ts';
import { type Actor, getTaskOrThrow, type TaskKinds, taskVisibleTo } from '../../http/access.ts';
import { failStaleTasks, type TaskRow } from '../tasks/task-progress.ts';

export const COMPETITOR_KIND: TAdDiscoveryKind = 'ad-discovery:competitor';
export const BRAND_KIND: TAdDiscoveryKind = 'ad-discovery:brand';

const isAdDiscoveryKind = (kind: string): kind is TAdDiscoveryKind =>
  (adDiscoveryKinds as readonly string[]).includes(kind);

function messageOf(row: TaskRow, result: TAdDiscoveryTask['result']): string {
  if (row.status === 'failed') return row.error ?? 'The ad discovery failed.';
  if (row.status !== 'completed' || !result)
    return row.stage && row.stage !== 'Queued' ? row.stage : 'Ad discovery started';
  const read = result.competitors.reduce((sum, outcome) => sum + outcome.read, 0);
  // the brand's own row is searched too, but it is no competitor: it is named on its own
  const ownRow = result.competitors.find((outcome) => outcome.isOwnBrand);
  const rivals = result.competitors.filter((outcome) => !outcome.isOwnBrand);
  const rivalsFailed = rivals.filter((outcome) => outcome.status === 'failed').length;
  const failures = rivalsFailed
    ? ` ${rivalsFailed} of ${countOf(rivals.length, 'competitor')} could not be searched.`
    : '';
  const ownFailed = ownRow?.status === 'failed' ? ' Your brand could not be searched.' : '';
  const needPage = rivals.filter((outcome) => outcome.status === 'needs_page').length;
  const choose =
    needPage === 0
      ? ''
      : needPage === 1
        ? ' 1 competitor was not searched: choose its Facebook page first.'
        : ` ${needPage} competitors were not searched: choose their Facebook pages first.`;
  const ownNeedsPage =
    ownRow?.status === 'needs_page' ? ' Your brand was not searched: choose its Facebook page first.' : '';
  return `Found ${read} ${read === 1 ? 'ad' : 'ads'}: ${result.added} new, ${result.updated} updated.${failures}${ownFailed}${choose}${ownNeedsPage}`;
}

export function toAdDiscoveryTask(row: TaskRow): TAdDiscoveryTask {
  const parsed = row.result ? ZAdDiscoveryResult.safeParse(row.result) : null;
  const result = parsed?.success ? parsed.data : null;
  const kind = isAdDiscoveryKind(row.kind) ? row.kind : COMPETITOR_KIND;
  return {
    id: row.id,
    kind,
    status: row.status,
    stage: row.stage,
    percent: row.percent,
    error: row.error,
    competitorId: kind === COMPETITOR_KIND ? row.subjectId : null,
    brandId: kind === BRAND_KIND ? row.subjectId : (result?.brandId ?? null),
    result,
    message: messageOf(row, result),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What each kind's subject id names: whoever may see the brand (or the competitor's) sees the task. */
const AD_DISCOVERY_TASK: TaskKinds = { [COMPETITOR_KIND]: 'competitor', [BRAND_KIND]: 'brand' };

/** An ad discovery of a brand the actor may see; any other is a 404. */
export async function getAdDiscoveryTaskOrThrow(db: Database, actor: Actor, taskId: string): Promise<TaskRow> {
  return getTaskOrThrow(db, actor, taskId, AD_DISCOVERY_TASK);
}

/** The actor's own ad discovery still queued or running, if any (one at a time per user), of a brand they may see. */
export async function activeAdDiscoveryOf(db: Database, actor: Actor): Promise<TaskRow | null> {
  // One whose job died without a word must not look as if it still ran.
  await failStaleTasks(db, adDiscoveryKinds, { userId: actor.user.id });
  const [task] = await db
    .select()
    .from(taskProgress)
    .where(
      and(
        eq(taskProgress.userId, actor.user.id),
        taskVisibleTo(db, actor, AD_DISCOVERY_TASK),
        inArray(taskProgress.status, ['queued', 'running']),
      ),
    )
    .orderBy(desc(taskProgress.createdAt))
    .limit(1);
  return task ?? null;
}
