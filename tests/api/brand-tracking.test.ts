import { and, count, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { audits, brands, brandTrackingRuns, users } from '../../src/server/db/schema/index.ts';
import { trackBrandsDue } from '../../src/server/features/brand-tracking/track-brands.ts';
import { trackingSlotOf } from '../../src/server/features/brand-tracking/tracking-slot.ts';
import { trackBrandsMonthly } from '../../src/server/jobs/definitions/track-brands-monthly.ts';
import type { JobQueue } from '../../src/server/jobs/queue.ts';
import type { PlanKey } from '../../src/shared/plans.ts';
import { testConfig } from '../helpers/app.ts';
import { createReopenableTestDatabase, type ReopenableTestDatabase } from '../helpers/database.ts';
import { startTestQueue, waitFor } from '../helpers/jobs.ts';

/**
 * Two job queues on one database, as two processes run: on PostgreSQL (TEST_DATABASE_URL) each has
 * its own connections; on PGlite, which one process owns, they share the process's database.
 */
const logger = pino({ level: 'silent' });
// Nothing listens on the discard port of loopback, and the crawler refuses loopback in tests anyway:
// tracking audits start for real and fail at once, without reaching any network.
const WEBSITE = 'http://127.0.0.1:9/';
let store: ReopenableTestDatabase;
let databases: [DatabaseHandle, DatabaseHandle];
let queues: [JobQueue, JobQueue];

beforeAll(async () => {
  store = await createReopenableTestDatabase();
  const first = await store.open();
  const second = store.kind === 'postgres' ? await store.open() : first;
  databases = [first, second];
  const config = testConfig();
  queues = [await startTestQueue(first, { config, logger }), await startTestQueue(second, { config, logger })];
});

afterAll(async () => {
  await Promise.allSettled((queues ?? []).map((queue) => queue.stop({ graceful: false })));
  await store?.destroy();
});

const db = () => databases[0].db;

async function seedAccount(email: string, planType: PlanKey, maxBrands: number) {
  const [user] = await db().insert(users).values({ email, planType, maxBrands }).returning();
  return user!;
}

async function seedBrand(userId: string, name: string, websiteUrl: string | null = WEBSITE) {
  const [brand] = await db().insert(brands).values({ userId, name, websiteUrl }).returning();
  return brand!;
}

const auditCountsOf = async (brandIds: string[]) => {
  const rows = await db()
    .select({ brandId: audits.brandId, value: count() })
    .from(audits)
    .where(inArray(audits.brandId, brandIds))
    .groupBy(audits.brandId);
  return Object.fromEntries(rows.map((row) => [row.brandId, row.value]));
};

const waitForNoRunningAudits = (brandIds: string[]) =>
  waitFor(
    () =>
      db()
        .select({ id: audits.id })
        .from(audits)
        .where(and(inArray(audits.brandId, brandIds), eq(audits.status, 'processing'))),
    (running) => running.length === 0,
    { timeoutMs: 30_000, what: 'the tracking audits to finish' },
  );

async function runJobOnBothQueues(at: string) {
  const ids = await Promise.all(queues.map((queue) => queue.send(trackBrandsMonthly, { at })));
  return waitFor(
    () => Promise.all(ids.map((id) => queues[0].getJob(trackBrandsMonthly, id!))),
    (jobs) => jobs.every((job) => job?.state === 'completed' || job?.state === 'failed'),
    { timeoutMs: 30_000, what: 'both tracking passes' },
  );
}

describe('monthly brand tracking', () => {
  it('audits each brand of SMB and Agency accounts once a month with two workers, and again the next month', async () => {
    const smb = await seedAccount('tracked-smb@example.com', 'smb', 5);
    const agency = await seedAccount('tracked-agency@example.com', 'agency', 999);
    const starter = await seedAccount('tracked-starter@example.com', 'starter', 1);
    const free = await seedAccount('tracked-free@example.com', 'free', 1);
    const tracked = [
      await seedBrand(smb.id, 'SMB One'),
      await seedBrand(smb.id, 'SMB Two'),
      await seedBrand(agency.id, 'Agency One'),
      await seedBrand(agency.id, 'Agency Two'),
      await seedBrand(agency.id, 'Agency Three'),
    ];
    const untracked = [
      await seedBrand(smb.id, 'No Website', null),
      await seedBrand(starter.id, 'Starter Brand'),
      await seedBrand(free.id, 'Free Brand'),
    ];
    const trackedIds = tracked.map((brand) => brand.id);
    const allIds = [...trackedIds, ...untracked.map((brand) => brand.id)];

    // The last hour of the 28th: every brand's slot in November has come.
    const jobs = await runJobOnBothQueues('2026-11-28T23:30:00Z');
    expect(jobs.map((job) => job?.state)).toEqual(['completed', 'completed']);
    expect(await auditCountsOf(allIds)).toEqual(Object.fromEntries(trackedIds.map((id) => [id, 1])));
    const runs = await db().select().from(brandTrackingRuns).where(inArray(brandTrackingRuns.brandId, allIds));
    expect(runs).toHaveLength(tracked.length);
    expect(new Set(runs.map((run) => run.period))).toEqual(new Set(['2026-11']));
    const auditIds = (await db().select({ id: audits.id }).from(audits).where(inArray(audits.brandId, trackedIds))).map(
      (row) => row.id,
    );
    expect(runs.map((run) => run.auditId).sort()).toEqual(auditIds.sort());

    // A later pass in November finds every brand claimed.
    await waitForNoRunningAudits(trackedIds);
    await runJobOnBothQueues('2026-11-30T10:00:00Z');
    expect(await auditCountsOf(allIds)).toEqual(Object.fromEntries(trackedIds.map((id) => [id, 1])));

    // December: the two passes themselves, started together, race for the same brands' claims.
    const races = await Promise.all(
      queues.map((queue, index) =>
        trackBrandsDue({ db: databases[index]!.db, queue, logger }, new Date('2026-12-28T23:30:00Z')),
      ),
    );
    expect(races[0]!.started + races[1]!.started).toBe(tracked.length);
    expect(await auditCountsOf(allIds)).toEqual(Object.fromEntries(trackedIds.map((id) => [id, 2])));
    await waitForNoRunningAudits(trackedIds);
  });

  it("starts a brand's audit at its own hour of the month, not before, and catches a missed slot up once", async () => {
    const owner = await seedAccount('slot-owner@example.com', 'smb', 5);
    const brand = await seedBrand(owner.id, 'Slot Brand');
    const slot = trackingSlotOf(brand.id, '2027-01');
    const deps = { db: db(), queue: queues[0], logger };

    const early = await trackBrandsDue(deps, new Date(slot.getTime() - 1));
    expect(await auditCountsOf([brand.id])).toEqual({});
    expect(early.period).toBe('2027-01');

    // The worker was down at the slot: the first pass after it starts the audit, later ones do not.
    const late = await trackBrandsDue(deps, new Date(slot.getTime() + 5 * 3_600_000));
    expect(late.started).toBeGreaterThanOrEqual(1);
    expect(await auditCountsOf([brand.id])).toEqual({ [brand.id]: 1 });
    await waitForNoRunningAudits([brand.id]);
    await trackBrandsDue(deps, new Date(slot.getTime() + 6 * 3_600_000));
    expect(await auditCountsOf([brand.id])).toEqual({ [brand.id]: 1 });
  });

  it('skips brands with an audit running and brands that are read-only after a downgrade', async () => {
    const owner = await seedAccount('downgraded@example.com', 'smb', 1);
    const kept = await seedBrand(owner.id, 'Kept Brand');
    const readOnly = await seedBrand(owner.id, 'Beyond The Plan');
    const busyOwner = await seedAccount('busy@example.com', 'agency', 999);
    const busy = await seedBrand(busyOwner.id, 'Busy Brand');
    const [running] = await db()
      .insert(audits)
      .values({ brandId: busy.id, userId: busyOwner.id, status: 'processing' })
      .returning();

    const run = await trackBrandsDue({ db: db(), queue: queues[0], logger }, new Date('2027-02-28T23:30:00Z'));
    expect(run.readOnly).toBeGreaterThanOrEqual(1);
    expect(await auditCountsOf([kept.id, readOnly.id, busy.id])).toEqual({ [kept.id]: 1, [busy.id]: 1 });
    const runs = await db()
      .select({ brandId: brandTrackingRuns.brandId })
      .from(brandTrackingRuns)
      .where(inArray(brandTrackingRuns.brandId, [kept.id, readOnly.id, busy.id]));
    // Neither skipped brand is claimed: the busy one is tracked by a later pass once its audit ends.
    expect(runs.map((row) => row.brandId)).toEqual([kept.id]);

    await db().update(audits).set({ status: 'failed' }).where(eq(audits.id, running!.id));
    await trackBrandsDue({ db: db(), queue: queues[0], logger }, new Date('2027-02-28T23:45:00Z'));
    expect(await auditCountsOf([busy.id])).toEqual({ [busy.id]: 2 });
    await waitForNoRunningAudits([kept.id, busy.id]);
  });

  it('is scheduled hourly', async () => {
    const schedules = await queues[0].getSchedules(trackBrandsMonthly);
    expect(schedules.map((schedule) => schedule.cron)).toEqual(['0 * * * *']);
  });
});
