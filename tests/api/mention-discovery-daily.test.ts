/**
 * The daily discovery: SMB and Agency brands are discovered once a day, each in its own hour,
 * even with two workers running the pass at the same moment; a daily run's new mentions feed the
 * spike alert, which e-mails the owner once for that day, while their setting allows it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brands,
  consumerInsights,
  mentionDiscoveryRuns,
  outboxMessages,
  taskProgress,
  users,
} from '../../src/server/db/schema/index.ts';
import { alertSpikeAfterDailyDiscovery } from '../../src/server/features/mention-discovery/alert-spike.ts';
import { dailySlotHourOf, discoverDueBrands } from '../../src/server/features/mention-discovery/daily-discovery.ts';
import { MENTION_SPIKE_EMAIL_KIND } from '../../src/server/features/mention-discovery/mention-spike-email.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import { testConfig } from '../helpers/app.ts';
import { pinClock, unpinClock } from '../helpers/clock.ts';
import { createWorkingTestApp, startTestQueue, type WorkingTestApp, waitFor } from '../helpers/jobs.ts';
import { type MentionDoubles, startMentionDoubles } from '../helpers/mention-sources.ts';
import { setPlan } from '../helpers/seed.ts';

let target: WorkingTestApp;
let secondWorker: JobQueue;
let doubles: MentionDoubles;
const ids: Record<string, { userId: string; brandId: string }> = {};
const logger = pino({ level: 'silent' });

async function seedBrand(email: string, plan: 'smb' | 'agency' | 'starter', name: string) {
  await target.signInAs(email);
  await setPlan(target.database, email, plan);
  const [user] = await target.database.db.select().from(users).where(eq(users.email, email));
  const [brand] = await target.database.db
    .insert(brands)
    .values({ userId: user!.id, name, websiteUrl: `https://${name.toLowerCase().replace(/\W+/g, '')}.example` })
    .returning();
  ids[email] = { userId: user!.id, brandId: brand!.id };
}

beforeAll(async () => {
  doubles = await startMentionDoubles();
  const now = Date.now();
  // Six complaints today about one brand: a spike against its calm usual days (seeded below).
  doubles.hn.setItems(
    Array.from({ length: 6 }, (_, index) => ({
      id: String(42_000_000 + index),
      kind: 'comment' as const,
      author: `upset${index}`,
      createdAt: new Date(now - (index + 1) * 60_000),
      text: `Northwind Roasters was awful today: terrible burnt coffee, rude staff, a dreadful wait. Never again (${index}).`,
    })),
  );
  target = await createWorkingTestApp({ env: doubles.env });
  secondWorker = await startTestQueue(target.database, { config: testConfig(doubles.env) });
  await seedBrand('daily-smb@example.com', 'smb', 'Northwind Roasters');
  await seedBrand('daily-agency@example.com', 'agency', 'Kiln Pottery');
  await seedBrand('daily-starter@example.com', 'starter', 'Fabrikam Bakes');
  const calm = ids['daily-smb@example.com']!;
  const rows = [];
  for (let day = 2; day <= 12; day++) {
    for (let mention = 0; mention < 5; mention++) {
      rows.push({
        brandId: calm.brandId,
        userId: calm.userId,
        source: 'reviews' as const,
        content: `Lovely flat white at Northwind Roasters, day ${day} visit ${mention}.`,
        sentiment: 'positive' as const,
        sentimentScore: 5,
        confidence: 0.9,
        collectedAt: new Date(now - day * 86_400_000),
      });
    }
  }
  await target.database.db.insert(consumerInsights).values(rows);
}, 90_000);

afterAll(async () => {
  await secondWorker?.stop({ graceful: false });
  await target?.close();
  await doubles?.close();
});

// The run's day, the mentions' days and the spike's day are counted from today: the clock is set
// (noon UTC, moving on from there), so a run near midnight does not see its mentions on two days.
pinClock();
afterAll(() => unpinClock());

const endOfToday = () => {
  const at = new Date();
  at.setUTCHours(23, 59, 0, 0);
  return at;
};

describe('the daily discovery', () => {
  it('gives each brand a stable hour of the day', () => {
    const hour = dailySlotHourOf('6d3c1f0e-4b8a-4a53-9a39-3d3c2e1a7f10');
    expect(hour).toBe(dailySlotHourOf('6d3c1f0e-4b8a-4a53-9a39-3d3c2e1a7f10'));
    expect(hour).toBeGreaterThanOrEqual(0);
    expect(hour).toBeLessThan(24);
  });

  it('waits for a brand’s hour to come', async () => {
    const { brandId } = ids['daily-smb@example.com']!;
    const before = new Date(endOfToday());
    before.setUTCHours(dailySlotHourOf(brandId) - 1);
    if (dailySlotHourOf(brandId) === 0) return; // no hour before the first
    const deps = { db: target.database.db, config: target.config, queue: target.queue, logger };
    const pass = await discoverDueBrands(deps, before);
    const claimed = await target.database.db
      .select()
      .from(mentionDiscoveryRuns)
      .where(eq(mentionDiscoveryRuns.brandId, brandId));
    expect(claimed).toHaveLength(0);
    expect(pass.started).toBeLessThanOrEqual(1);
    await target.database.db.delete(mentionDiscoveryRuns);
    await target.database.db.delete(taskProgress);
  });

  it('discovers every SMB and Agency brand once a day, with two workers passing at once', async () => {
    const at = endOfToday();
    const [first, second] = await Promise.all([
      discoverDueBrands({ db: target.database.db, config: target.config, queue: target.queue, logger }, at),
      discoverDueBrands({ db: target.database.db, config: target.config, queue: secondWorker, logger }, at),
    ]);
    expect(first.started + second.started).toBe(2);
    expect(first.started + first.claimedElsewhere + second.started + second.claimedElsewhere).toBeLessThanOrEqual(4);
    const runs = await target.database.db.select().from(mentionDiscoveryRuns);
    expect(runs.map((run) => run.brandId).sort()).toEqual(
      [ids['daily-smb@example.com']!.brandId, ids['daily-agency@example.com']!.brandId].sort(),
    );
    const tasks = await waitFor(
      () =>
        target.database.db
          .select()
          .from(taskProgress)
          .where(
            inArray(
              taskProgress.id,
              runs.map((run) => run.taskId as string),
            ),
          ),
      (rows) => rows.length === 2 && rows.every((row) => row.status === 'completed' || row.status === 'failed'),
      { what: 'both daily discoveries to finish', timeoutMs: 60_000 },
    );
    expect(tasks.map((task) => task.status)).toEqual(['completed', 'completed']);

    // A later pass the same day, on either worker, starts nothing.
    const again = await discoverDueBrands(
      { db: target.database.db, config: target.config, queue: secondWorker, logger },
      at,
    );
    expect(again).toMatchObject({ due: 0, started: 0 });
  }, 90_000);

  it('e-mails the owner once about a spike the daily run found', async () => {
    const { brandId, userId } = ids['daily-smb@example.com']!;
    const sent = await waitFor(
      () =>
        target.database.db
          .select()
          .from(outboxMessages)
          .where(and(eq(outboxMessages.kind, MENTION_SPIKE_EMAIL_KIND), eq(outboxMessages.userId, userId))),
      (rows) => rows.length > 0,
      { what: 'the spike alert to be queued', timeoutMs: 30_000 },
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.params).toMatchObject({ brandId, mentions: 6, negativeShare: 100, baselineShare: 0 });
    // The same day's alert again (a retried job) is the same message.
    const [run] = await target.database.db
      .select()
      .from(mentionDiscoveryRuns)
      .where(eq(mentionDiscoveryRuns.brandId, brandId));
    const [task] = await target.database.db.select().from(taskProgress).where(eq(taskProgress.id, run!.taskId!));
    await alertSpikeAfterDailyDiscovery({ db: target.database.db, queue: target.queue, config: target.config }, task!);
    const after = await target.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, MENTION_SPIKE_EMAIL_KIND));
    expect(after).toHaveLength(1);
    // The agency brand found nothing new: no alert.
    expect(after.every((message) => message.userId === userId)).toBe(true);
  });

  it('sends nothing to an owner who turned mention spikes off', async () => {
    const { brandId, userId } = ids['daily-smb@example.com']!;
    await target.database.db.delete(outboxMessages).where(eq(outboxMessages.kind, MENTION_SPIKE_EMAIL_KIND));
    await target.database.db.update(users).set({ notifyMentionSpikes: false }).where(eq(users.id, userId));
    const [run] = await target.database.db
      .select()
      .from(mentionDiscoveryRuns)
      .where(eq(mentionDiscoveryRuns.brandId, brandId));
    const [task] = await target.database.db.select().from(taskProgress).where(eq(taskProgress.id, run!.taskId!));
    const queued = await alertSpikeAfterDailyDiscovery(
      { db: target.database.db, queue: target.queue, config: target.config },
      task!,
    );
    expect(queued).toBe(false);
  });
});
