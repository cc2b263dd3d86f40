import { and, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/index.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import { JOB_SCHEMA } from '../queue.ts';
import type { failStaleEmails } from './fail-stale-emails.ts';
import { sendEmailJob } from './send-email.ts';

export const STALE_EMAIL_REASON =
  'Sending stopped during its last attempt (the worker stopped), so the message was not sent';

/** Messages still queued or sending whose job has no attempt left. */
export async function failEmailsWhoseJobFailed(db: Database): Promise<number> {
  const failedJobs = sql`select data->>'messageId' from ${sql.identifier(JOB_SCHEMA)}.job where name = ${sendEmailJob.name} and state = 'failed'`;
  const failed = await db
    .update(outboxMessages)
    .set({ status: 'failed', lastError: STALE_EMAIL_REASON })
    .where(
      and(inArray(outboxMessages.status, ['queued', 'sending']), sql`${outboxMessages.id}::text in (${failedJobs})`),
    )
    .returning({ id: outboxMessages.id });
  return failed.length;
}

export function createFailStaleEmailsHandler(deps: JobDependencies): JobHandler<typeof failStaleEmails> {
  return async () => ({ failed: await failEmailsWhoseJobFailed(deps.database.db) });
}
