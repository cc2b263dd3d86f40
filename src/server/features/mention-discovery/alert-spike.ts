/**
 * The spike alert of the daily discovery: when a daily run adds mentions and one of the last two
 * days meets SPIKE_RULE (the same rule the sentiment reports apply), the brand's owner is e-mailed
 * once for that brand and day (the outbox's idempotency key), while their "mention spikes"
 * notification is on. Manual discoveries alert nothing: the person is looking already.
 */
import { eq } from 'drizzle-orm';
import type { ReportWindow } from '../../analysis/sentiment-report/window.ts';
import { brands, mentionDiscoveryRuns, users } from '../../db/schema/index.ts';
import { type QueueEmailDeps, queueEmail } from '../../emails/queue-email.ts';
import { measureInsights } from '../sentiment-reports/measure-insights.ts';
import { MENTION_SPIKE_EMAIL_KIND, type SpikeParams } from './mention-spike-email.ts';

const DAY_MS = 86_400_000;

/** The spike among the last two days' relevant mentions, as the sentiment reports find it. */
export async function recentSpikeOf(db: QueueEmailDeps['db'], brandId: string, now: Date) {
  const window: ReportWindow = {
    start: new Date(now.getTime() - 2 * DAY_MS),
    end: now,
    previousStart: null,
    bucket: 'day',
    spikesFrom: new Date(now.getTime() - 2 * DAY_MS),
  };
  const { figures } = await measureInsights(db, brandId, window);
  return figures.spikeAlert;
}

/** After a daily discovery's task completed with new mentions: the alert, once per brand and day. */
export async function alertSpikeAfterDailyDiscovery(
  deps: QueueEmailDeps,
  task: { id: string; subjectId: string | null; result: unknown },
  now = new Date(),
): Promise<boolean> {
  const added = (task.result as { added?: number } | null)?.added ?? 0;
  if (!task.subjectId || added === 0) return false;
  const [run] = await deps.db.select().from(mentionDiscoveryRuns).where(eq(mentionDiscoveryRuns.taskId, task.id));
  if (!run) return false;
  const [owner] = await deps.db
    .select({ id: users.id, email: users.email, notify: users.notifyMentionSpikes })
    .from(brands)
    .innerJoin(users, eq(users.id, brands.userId))
    .where(eq(brands.id, task.subjectId));
  if (!owner?.notify) return false;
  const spike = await recentSpikeOf(deps.db, task.subjectId, now);
  if (!spike) return false;
  const params: SpikeParams = {
    brandId: task.subjectId,
    userId: owner.id,
    day: spike.day,
    mentions: spike.mentions,
    negativeShare: spike.negativeShare,
    baselineShare: spike.baselineShare,
  };
  await queueEmail(deps, {
    userId: owner.id,
    idempotencyKey: `${task.subjectId}:${spike.day}`,
    kind: MENTION_SPIKE_EMAIL_KIND,
    params,
    recipients: [owner.email],
  });
  return true;
}
