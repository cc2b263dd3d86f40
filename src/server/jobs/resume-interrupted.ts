import type { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import type { JobLogger } from './define-job.ts';

/** The reason stored on the interrupted attempt. */
export const INTERRUPTED_OUTPUT = { message: 'The process working this job stopped before it finished' };

/**
 * Sends every job still active in these queues back to be worked at once. Only for a process that
 * is known to be the sole worker of its database (embedded mode, where the directory lock proves
 * that the process which started those jobs is gone): elsewhere an active job may be running in a
 * live process, and its lease decides. The interrupted attempt counts as one of the job's attempts,
 * so a job that kills its process every time still ends.
 */
export async function resumeInterruptedJobs(
  boss: PgBoss,
  database: DatabaseHandle,
  schema: string,
  queueNames: string[],
  logger: JobLogger,
): Promise<number> {
  if (queueNames.length === 0) return 0;
  const { rows } = await database.executeSql(
    `select id, name from ${schema}.job where state = 'active' and name = any($1::text[])`,
    [queueNames],
  );
  const byQueue = new Map<string, string[]>();
  for (const { id, name } of rows as Array<{ id: string; name: string }>) {
    byQueue.set(name, [...(byQueue.get(name) ?? []), id]);
  }
  let resumed = 0;
  for (const [name, ids] of byQueue) {
    await boss.fail(name, ids, INTERRUPTED_OUTPUT);
    // fail() waits the job's retry delay; nothing is gained by waiting here, so it runs now.
    for (const id of ids) {
      const { updated } = await boss.update(name, undefined, { id, startAfter: new Date() });
      resumed += updated;
    }
  }
  if (rows.length > 0)
    logger.info({ interrupted: rows.length, resumed }, 'resumed jobs interrupted by a stopped process');
  return resumed;
}
