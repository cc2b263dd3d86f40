/**
 * Progress of long work that has no record of its own (task_progress: discoveries, imports): the
 * job moves a row's stage and percent as real work is done, and ends it completed with a result or
 * failed with a reason the user can read. Every write is guarded by the row's status, so a stale
 * attempt (its task already ended or swept) changes nothing. Reads for a user go through
 * getTaskOrThrow in http/access.ts: a task is seen by whoever may see its brand.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { taskProgress } from '../../db/schema/index.ts';
import { storableJson, storableText } from '../../db/storable.ts';
import { notifyTaskFinished } from '../notifications/notify-task-finished.ts';

export type TaskRow = typeof taskProgress.$inferSelect;

const OPEN = ['queued', 'running'] as const;

/** How far through `total` items `done` is, as 0-1 (all done when there was nothing to do). */
export function share(done: number, total: number): number {
  return total > 0 ? Math.min(1, done / total) : 1;
}

/** Moves the bar; it never goes back, and unchanged values are not written again. */
export type ProgressReporter = (stage: string, percent: number) => Promise<void>;

/**
 * Writes stage and percent of a running task, at most every `minIntervalMs` unless the stage
 * text's first word changes, so a loop over thousands of items does not write thousands of times.
 */
export function progressReporter(db: Database, taskId: string, minIntervalMs = 250): ProgressReporter {
  let lastPercent = -1;
  let lastStage = '';
  let lastWrite = 0;
  return async (stage, percent) => {
    if (!Number.isFinite(percent)) return;
    const rounded = Math.max(lastPercent, Math.min(99, Math.round(percent)));
    const now = Date.now();
    const sameStep = stage.split(' ')[0] === lastStage.split(' ')[0];
    if (rounded === lastPercent && stage === lastStage) return;
    if (sameStep && now - lastWrite < minIntervalMs) return;
    lastPercent = rounded;
    lastStage = stage;
    lastWrite = now;
    await db
      .update(taskProgress)
      .set({ status: 'running', stage: storableText(stage).slice(0, 200), percent: rounded })
      .where(and(eq(taskProgress.id, taskId), inArray(taskProgress.status, OPEN)));
  };
}

/** The bell tells whoever started the task how it ended (only the attempt that ended it gets a row). */
async function notifyEnded(db: Database, ended: TaskRow[]): Promise<void> {
  for (const task of ended) await notifyTaskFinished(db, task);
}

export async function completeTask(db: Database, taskId: string, result: Record<string, unknown>): Promise<void> {
  const ended = await db
    .update(taskProgress)
    .set({ status: 'completed', stage: 'Complete', percent: 100, result: storableJson(result), error: null })
    .where(and(eq(taskProgress.id, taskId), inArray(taskProgress.status, OPEN)))
    .returning();
  await notifyEnded(db, ended);
}

export async function failTask(
  db: Database,
  taskId: string,
  error: string,
  result: Record<string, unknown> | null = null,
): Promise<void> {
  const ended = await db
    .update(taskProgress)
    .set({
      status: 'failed',
      stage: 'Failed',
      error: storableText(error).slice(0, 2000),
      ...(result ? { result: storableJson(result) } : {}),
    })
    .where(and(eq(taskProgress.id, taskId), inArray(taskProgress.status, OPEN)))
    .returning();
  await notifyEnded(db, ended);
}

/** A task's row as a job sees it; null when it has ended (a retry after completion does nothing). */
export async function openTask(db: Database, taskId: string): Promise<TaskRow | null> {
  const [task] = await db.select().from(taskProgress).where(eq(taskProgress.id, taskId));
  return task && (task.status === 'queued' || task.status === 'running') ? task : null;
}

export const STALE_TASK_MINUTES = 20;
export const STALE_TASK_REASON = 'The work stopped before it finished. Please start it again.';

/**
 * Fails tasks of these kinds that are still open but have not moved for STALE_TASK_MINUTES (their
 * job died on its last attempt, or was never queued), optionally only one user's. Returns their ids.
 */
export async function failStaleTasks(
  db: Database,
  kinds: readonly string[],
  options: { userId?: string; now?: Date } = {},
): Promise<string[]> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - STALE_TASK_MINUTES * 60_000);
  const conditions = [
    inArray(taskProgress.kind, [...kinds]),
    inArray(taskProgress.status, OPEN),
    lt(taskProgress.updatedAt, cutoff),
  ];
  if (options.userId) conditions.push(eq(taskProgress.userId, options.userId));
  const failed = await db
    .update(taskProgress)
    .set({ status: 'failed', stage: 'Failed', error: STALE_TASK_REASON })
    .where(and(...conditions))
    .returning();
  await notifyEnded(db, failed);
  return failed.map((row) => row.id);
}

/** Fails open tasks whose job (in pg-boss's table, by its taskId) failed for good. Returns their ids. */
export async function failTasksWhoseJobFailed(
  db: Database,
  jobSchema: string,
  jobNames: readonly string[],
): Promise<string[]> {
  const failedJobs = sql`select data->>'taskId' from ${sql.identifier(jobSchema)}.job where name in (${sql.join(
    jobNames.map((name) => sql`${name}`),
    sql`, `,
  )}) and state = 'failed'`;
  const failed = await db
    .update(taskProgress)
    .set({ status: 'failed', stage: 'Failed', error: STALE_TASK_REASON })
    .where(and(inArray(taskProgress.status, OPEN), sql`${taskProgress.id}::text in (${failedJobs})`))
    .returning();
  await notifyEnded(db, failed);
  return failed.map((row) => row.id);
}
