import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { purgeExpiredSessions } from './purge-expired-sessions.ts';

/** Deletes the sessions whose expiry has passed (by the database's clock) and returns how many. */
export async function deleteExpiredSessions(db: Database): Promise<number> {
  const deleted = await db.delete(sessions).where(lt(sessions.expire, sql`now()`)).returning({ sid: sessions.sid });
  return deleted.length;
}

export function createPurgeExpiredSessionsHandler(
  deps: Pick<JobDependencies, 'database'>,
): JobHandler<typeof purgeExpiredSessions> {
  return async (_payload, { logger }) => {
    const deleted = await deleteExpiredSessions(deps.database.db);
    logger.info({ deleted }, 'expired sessions purged');
    return { deleted };
  };
}
