import { and, desc, eq } from 'drizzle-orm';
import {
  type TPageChange,
  type TPageChanges,
  type TWatchedPage,
  watchedPageKinds,
  ZPageCheck,
} from '../../../shared/schemas/page-watch.ts';
import type { Database } from '../../db/client.ts';
import { competitorPageSnapshots, taskProgress } from '../../db/schema/index.ts';
import { type Actor, taskVisibleTo } from '../../http/access.ts';
import { diffLines } from '../../integrations/page-watch/line-diff.ts';
import { getCompetitorOrThrow } from '../competitors/get-competitor-or-throw.ts';
import { PAGE_WATCH_KIND } from './page-watch-kind.ts';

/** Snapshots shown per page: a year of weekly checks whose content changed every week. */
const SNAPSHOTS_PER_PAGE = 52;

type SnapshotRow = typeof competitorPageSnapshots.$inferSelect;

/** The diffs between consecutive readable snapshots (a failed check in between is passed over). */
function changesOf(newestFirst: SnapshotRow[]): TPageChange[] {
  const readable = newestFirst.filter((row) => row.status === 'ok' && row.content !== null);
  const changes: TPageChange[] = [];
  for (let index = 0; index + 1 < readable.length; index++) {
    const after = readable[index] as SnapshotRow;
    const before = readable[index + 1] as SnapshotRow;
    const diff = diffLines(before.content ?? '', after.content ?? '');
    changes.push({
      fromSnapshotId: before.id,
      toSnapshotId: after.id,
      fromDate: before.capturedAt.toISOString(),
      toDate: after.capturedAt.toISOString(),
      ...diff,
    });
  }
  return changes;
}

async function lastCheckOf(db: Database, actor: Actor, competitorId: string) {
  const [task] = await db
    .select({ result: taskProgress.result })
    .from(taskProgress)
    .where(and(taskVisibleTo(db, actor, { [PAGE_WATCH_KIND]: 'competitor' }), eq(taskProgress.subjectId, competitorId)))
    .orderBy(desc(taskProgress.createdAt))
    .limit(1);
  const parsed = task ? ZPageCheck.safeParse(task.result) : null;
  return parsed?.success ? parsed.data : null;
}

/**
 * GET /api/competitors/{id}/page-changes: each watched page's snapshots and the diffs between them.
 * Open on every plan: what was watched before a downgrade stays readable.
 */
export async function listPageChanges(
  db: Database,
  { actor, competitorId }: { actor: Actor; competitorId: string },
): Promise<TPageChanges> {
  const competitor = await getCompetitorOrThrow(db, actor, competitorId);
  const pages: TWatchedPage[] = [];
  for (const pageKind of watchedPageKinds) {
    const rows = await db
      .select()
      .from(competitorPageSnapshots)
      .where(
        and(
          eq(competitorPageSnapshots.competitorId, competitor.id),
          eq(competitorPageSnapshots.userId, competitor.userId),
          eq(competitorPageSnapshots.pageKind, pageKind),
        ),
      )
      .orderBy(desc(competitorPageSnapshots.capturedAt))
      .limit(SNAPSHOTS_PER_PAGE);
    pages.push({
      pageKind,
      snapshots: rows.map((row) => ({
        id: row.id,
        url: row.url,
        status: row.status,
        error: row.error,
        capturedAt: row.capturedAt.toISOString(),
        lineCount: row.content === null ? null : row.content.split('\n').length,
      })),
      changes: changesOf(rows),
    });
  }
  return {
    competitorId: competitor.id,
    website: competitor.website,
    lastCheck: await lastCheckOf(db, actor, competitor.id),
    pages,
  };
}
