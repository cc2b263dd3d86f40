import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { users } from '../../db/schema/index.ts';
import { type QueueEmailDeps, queueEmail } from '../../emails/queue-email.ts';
import type { JobLogger } from '../../jobs/define-job.ts';
import { collectWeeklyDigest, digestWindow } from './collect-weekly-digest.ts';
import { digestWeekDue } from './digest-timing.ts';
import { WEEKLY_DIGEST_EMAIL_KIND } from './weekly-digest-email.ts';

export type DigestRun = { due: number; queued: number; nothingToReport: number; failed: number };

/**
 * The hourly run: every reader with the digest on whose local time is Monday 08:xx gets one
 * digest for that ISO week (the week is the key, so a second run in the same hour, or a retry,
 * finds it queued), unless their week had nothing in it.
 */
export async function queueWeeklyDigests(
  deps: QueueEmailDeps & { config: Config; logger: JobLogger },
  now: Date,
): Promise<DigestRun> {
  const readers = await deps.db.select().from(users).where(eq(users.notifyWeeklyDigest, true));
  const run: DigestRun = { due: 0, queued: 0, nothingToReport: 0, failed: 0 };
  const window = digestWindow(now);
  for (const user of readers) {
    const week = digestWeekDue(user.timezone, now);
    if (!week) continue;
    run.due++;
    try {
      const digest = await collectWeeklyDigest(deps.db, deps.config, user, window);
      if (!digest) {
        run.nothingToReport++;
        continue;
      }
      await queueEmail(deps, {
        userId: user.id,
        idempotencyKey: week,
        kind: WEEKLY_DIGEST_EMAIL_KIND,
        params: { userId: user.id, since: window.since.toISOString(), until: window.until.toISOString() },
        recipients: [user.email],
      });
      run.queued++;
    } catch (error) {
      // One reader's failure (an address the mail module refuses) does not hold up the others.
      run.failed++;
      deps.logger.error({ err: error, userId: user.id }, 'weekly digest could not be queued');
    }
  }
  return run;
}
