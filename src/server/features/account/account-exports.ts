import { and, desc, eq, lt, sql } from 'drizzle-orm';
import {
  accountExportDownloadUrl,
  exportExpiredMessage,
  exportRunningMessage,
  type TAccountExport,
  type TLatestAccountExport,
} from '../../../shared/schemas/account.ts';
import { accountExports, taskProgress } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { buildAccountExportJob } from '../../jobs/definitions/build-account-export.ts';
import type { FeatureContext } from '../context.ts';
import { STALE_TASK_REASON } from '../tasks/task-progress.ts';
import { failAccountExport } from './build-account-export.ts';
import { openExportFile } from './export-files.ts';

export const ACCOUNT_EXPORT_KIND = 'account-export';
/** An export still preparing after this long has lost its job (attempts expire after 15 minutes each). */
const STALE_EXPORT_MINUTES = 50;

type ExportRow = typeof accountExports.$inferSelect;

/**
 * Exports are personal: each person reaches only their own, by their own user id, never an agency
 * owner's through team access (the zip holds the owner's profile, payments and messages).
 */
const ownExport = (actor: Actor, exportId: string) =>
  and(eq(accountExports.id, exportId), eq(accountExports.userId, actor.user.id));

function toAccountExport(row: ExportRow, progress: { percent: number | null; stage: string | null } | undefined) {
  const expired = row.expiresAt !== null && row.expiresAt.getTime() <= Date.now();
  const ready = row.status === 'ready' && !expired && row.storageKey !== null;
  return {
    id: row.id,
    status: row.status,
    percent: row.status === 'ready' ? 100 : (progress?.percent ?? 0),
    stage: row.status === 'processing' ? (progress?.stage ?? 'Queued') : null,
    sizeBytes: row.sizeBytes,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    downloadUrl: ready ? accountExportDownloadUrl(row.id) : null,
  } satisfies TAccountExport;
}

/** GET /api/account/export: the latest export with its progress, and its download address once ready. */
export async function getLatestAccountExport(ctx: FeatureContext, actor: Actor): Promise<TLatestAccountExport> {
  const [latest] = await ctx.db
    .select({ row: accountExports, percent: taskProgress.percent, stage: taskProgress.stage })
    .from(accountExports)
    .leftJoin(taskProgress, eq(taskProgress.id, accountExports.id))
    .where(eq(accountExports.userId, actor.user.id))
    .orderBy(desc(accountExports.createdAt))
    .limit(1);
  return { export: latest ? toAccountExport(latest.row, latest) : null };
}

/**
 * POST /api/account/export: creates the export (one being prepared at a time per person, 409
 * otherwise) and queues the job that builds it; returns at once with the export to poll. The
 * check and the insert run under a per-person transaction lock, so two clicks make one export.
 */
export async function startAccountExport(ctx: FeatureContext, actor: Actor): Promise<TAccountExport> {
  const { queue } = ctx;
  if (!queue) throw new AppError('upstream_failed', 'Background work is not running on this server');
  const userId = actor.user.id;
  const created = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${ACCOUNT_EXPORT_KIND}:${userId}`}))`);
    const staleBefore = new Date(Date.now() - STALE_EXPORT_MINUTES * 60_000);
    const stale = await tx
      .update(accountExports)
      .set({ status: 'failed', error: STALE_TASK_REASON, completedAt: new Date() })
      .where(
        and(
          eq(accountExports.userId, userId),
          eq(accountExports.status, 'processing'),
          lt(accountExports.createdAt, staleBefore),
        ),
      )
      .returning({ id: accountExports.id });
    for (const { id } of stale) {
      await tx
        .update(taskProgress)
        .set({ status: 'failed', stage: 'Failed', error: STALE_TASK_REASON })
        .where(eq(taskProgress.id, id));
    }
    const [running] = await tx
      .select({ id: accountExports.id })
      .from(accountExports)
      .where(and(eq(accountExports.userId, userId), eq(accountExports.status, 'processing')));
    if (running) throw new AppError('conflict', exportRunningMessage);
    const [row] = (await tx.insert(accountExports).values({ userId }).returning()) as [ExportRow];
    await tx
      .insert(taskProgress)
      .values({ id: row.id, userId, kind: ACCOUNT_EXPORT_KIND, subjectId: row.id, stage: 'Queued', percent: 0 });
    return row;
  });
  try {
    await queue.send(buildAccountExportJob, { exportId: created.id }, { singletonKey: created.id });
  } catch (error) {
    await failAccountExport(ctx.db, created.id, 'The export could not be queued. Please start it again.');
    throw error;
  }
  return toAccountExport(created, { percent: 0, stage: 'Queued' });
}

/**
 * GET /api/account/export/{id}/download: the zip of a ready export of one's own. Another person's
 * id, one still preparing or failed, and one past its 7 days all answer 404 (the last saying so).
 */
export async function openAccountExportDownload(ctx: FeatureContext, actor: Actor, exportId: string) {
  const [row] = await ctx.db.select().from(accountExports).where(ownExport(actor, exportId));
  if (row?.status !== 'ready' || !row.storageKey) throw notFound('Export not found');
  if (!row.expiresAt || row.expiresAt.getTime() <= Date.now()) throw notFound(exportExpiredMessage);
  // Opened before any header is sent, so a zip missing from the store answers a plain JSON 404.
  const stream = await openExportFile(ctx.config, row.storageKey);
  if (!stream) throw notFound(exportExpiredMessage);
  const day = row.createdAt.toISOString().slice(0, 10);
  return { stream, fileName: `brandlens-data-${day}.zip`, sizeBytes: row.sizeBytes };
}
