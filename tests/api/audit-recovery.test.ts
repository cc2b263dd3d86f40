import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { audits, brands, users } from '../../src/server/db/schema/index.ts';
import {
  failAuditsStuckSince,
  failAuditsWhoseJobFailed,
  STALE_AUDIT_REASON,
} from '../../src/server/jobs/definitions/fail-stale-audits.handler.ts';
import { runAuditJob } from '../../src/server/jobs/definitions/run-audit.ts';
import { createJobQueue } from '../../src/server/jobs/queue.ts';
import { type FixtureSite, startFixtureSite } from '../doubles/fixture-site.ts';
import { startTcpProxy } from '../doubles/tcp-proxy.ts';
import { createTestApp, type TestApp, testConfig } from '../helpers/app.ts';
import {
  createReopenableTestDatabase,
  createTestDatabase,
  type ReopenableTestDatabase,
  testDatabaseUrl,
} from '../helpers/database.ts';
import { settledJobRows, startTestQueue, waitFor, waitForAudit } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

// A worker killed mid-audit leaves its job active. Embedded mode resumes it when the app starts
// again (the directory lock proves the old process is gone); with PostgreSQL the attempt's lease
// lapses and any process's supervisor sends it back within seconds. The time to resume is printed.
const env = { CRAWLER_ALLOW_LOOPBACK: 'true' };
const logger = pino({ level: 'silent' });
let fixture: FixtureSite;

beforeAll(async () => {
  // The slow page holds the crawl "mid-way" until the worker is cut off; 9 s (under the crawler's
  // 10 s page limit) leaves room for a loaded machine between seeing the request and the cut.
  fixture = await startFixtureSite({ slowMs: 9_000 });
});

afterAll(async () => {
  await fixture.close();
});

function startWorker(database: DatabaseHandle, options: { soleWorker?: boolean } = {}) {
  return startTestQueue(database, { config: testConfig(env), logger, ...options });
}

/** Signs in, creates a brand on the fixture site and starts its audit; resolves once the crawl is mid-way. */
async function startAuditMidCrawl(target: TestApp, email: string) {
  const cookie = await target.signInAs(email);
  await setPlan(target.database, email, 'smb');
  const brand = await target.app.inject({
    method: 'POST',
    url: '/api/brands',
    headers: { cookie },
    payload: { name: `Recovery ${email}`, websiteUrl: fixture.url },
  });
  const slowBefore = fixture.requests.filter((request) => request === '/slow.html').length;
  const started = await target.app.inject({
    method: 'POST',
    url: '/api/audits',
    headers: { cookie },
    payload: { brandId: brand.json().id },
  });
  const auditId: string = started.json().id;
  await waitFor(
    async () => fixture.requests.filter((request) => request === '/slow.html').length,
    (count) => count > slowBefore,
    { what: 'the crawl to reach the slow page' },
  );
  return { cookie, auditId };
}

/** Resolves once the audit's job is worked again (its second attempt is active or done). */
async function waitForSecondAttempt(database: DatabaseHandle, auditId: string) {
  await waitFor(
    async () => {
      const { rows } = await database.executeSql(
        `select retry_count, state from pgboss.job where name = $1 and data->>'auditId' = $2`,
        [runAuditJob.name, auditId],
      );
      return rows as Array<{ retry_count: number; state: string }>;
    },
    (rows) => rows.some((row) => row.retry_count >= 1 && ['active', 'completed'].includes(row.state)),
    { timeoutMs: 60_000, intervalMs: 100, what: 'the audit to be worked again' },
  );
}

async function expectCompletedOnce(target: TestApp, cookie: string, auditId: string) {
  const audit = await waitForAudit(target, cookie, auditId, 90_000);
  expect(audit.status).toBe('completed');
  expect(audit.overallScore).toBeGreaterThan(0);
  const rows = await settledJobRows(
    target.database,
    `select retry_count, state from pgboss.job where name = $1 and data->>'auditId' = $2`,
    [runAuditJob.name, auditId],
  );
  expect(rows).toEqual([{ retry_count: 1, state: 'completed' }]);
}

describe('an audit whose embedded-mode process is killed', () => {
  let store: ReopenableTestDatabase;

  beforeAll(async () => {
    store = await createReopenableTestDatabase({ kind: 'pglite' });
  });

  afterAll(async () => {
    await store.destroy();
  });

  it('resumes as soon as the app starts again', async () => {
    const first = await store.open();
    const dying = await startWorker(first, { soleWorker: true });
    const firstApp = await createTestApp({ database: first, env, queue: dying });
    const { cookie, auditId } = await startAuditMidCrawl(firstApp, 'embedded@example.com');

    // The process dies: its database goes with it and nothing settles the job, which stays active.
    await first.close();
    await dying.stop({ graceful: false }).catch(() => {});
    await firstApp.app.close();

    const second = await store.open();
    const { rows } = await second.executeSql(`select state from pgboss.job where name = $1`, [runAuditJob.name]);
    expect(rows).toEqual([{ state: 'active' }]);
    const restarted = performance.now();
    const worker = await startWorker(second, { soleWorker: true });
    const target = await createTestApp({ database: second, env, queue: worker });
    try {
      await waitForSecondAttempt(second, auditId);
      console.info(`embedded: audit resumed ${Math.round(performance.now() - restarted)} ms after the restart`);
      expect(performance.now() - restarted).toBeLessThan(15_000);
      await expectCompletedOnce(target, cookie, auditId);
    } finally {
      await worker.stop({ graceful: false });
      await target.app.close();
    }
  }, 120_000);
});

describe.runIf(testDatabaseUrl)('an audit whose worker process is killed, on PostgreSQL', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase({ kind: 'postgres' });
  });

  afterAll(async () => {
    await database.close();
  });

  it('is taken over by another process within seconds of its lease lapsing', async () => {
    // The first process reaches the database through a proxy; cutting it is that process dying,
    // as far as the database can tell: no more heartbeats, and none of its writes land.
    const server = new URL(database.connectionString!);
    const proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const doomed = await openDatabase({ databaseUrl: proxy.urlThrough(database.connectionString!) });
    const dying = await startWorker(doomed);
    const firstApp = await createTestApp({ database: doomed, env, queue: dying });
    // The other process starts once the first has claimed the audit and died: started together,
    // either one could claim it first, and only the first process's connection is cut.
    let survivor: Awaited<ReturnType<typeof startWorker>> | undefined;
    let target: TestApp | undefined;
    try {
      const { cookie, auditId } = await startAuditMidCrawl(firstApp, 'lease@example.com');
      const killed = performance.now();
      await proxy.cut();
      const { rows } = await database.executeSql(`select state, retry_count from pgboss.job where name = $1`, [
        runAuditJob.name,
      ]);
      expect(rows).toEqual([{ state: 'active', retry_count: 0 }]);
      survivor = await startWorker(database);
      target = await createTestApp({ database, env, queue: survivor });
      await waitForSecondAttempt(database, auditId);
      console.info(`PostgreSQL: audit resumed ${Math.round(performance.now() - killed)} ms after its worker died`);
      // Lease 15 s + supervisor every 5 s + first retry delay 2-4 s + polling.
      expect(performance.now() - killed).toBeLessThan(40_000);
      await expectCompletedOnce(target, cookie, auditId);
    } finally {
      await dying.stop({ graceful: false }).catch(() => {});
      await firstApp.app.close();
      await doomed.close().catch(() => {});
      await proxy.close();
      await survivor?.stop({ graceful: false });
      await target?.app.close();
    }
  }, 120_000);
});

describe('an audit whose job has no attempt left', () => {
  it('is failed with a reason at the next sweep, while one whose job still runs is left alone', async () => {
    const database = await createTestDatabase();
    const queue = createJobQueue({ database, logger });
    await queue.start();
    try {
      const [owner] = await database.db.insert(users).values({ email: 'last-attempt@example.com' }).returning();
      const [deadBrand, runningBrand] = await database.db
        .insert(brands)
        .values([
          { userId: owner!.id, name: 'Last Attempt Co', websiteUrl: fixture.url },
          { userId: owner!.id, name: 'Still Running Co', websiteUrl: fixture.url },
        ])
        .returning();
      const [dead, running] = await database.db
        .insert(audits)
        .values([
          { brandId: deadBrand!.id, userId: owner!.id, status: 'processing' as const },
          { brandId: runningBrand!.id, userId: owner!.id, status: 'processing' as const },
        ])
        .returning();
      const deadJob = await queue.send(runAuditJob, { auditId: dead!.id });
      await queue.send(runAuditJob, { auditId: running!.id });
      // pg-boss failed it for good: its last attempt's worker died and the lease lapsed.
      await database.executeSql(`update pgboss.job set state = 'failed' where id = $1`, [deadJob]);

      expect(await failAuditsWhoseJobFailed(database.db)).toBe(1);
      const rows = await database.db.select().from(audits).where(eq(audits.userId, owner!.id));
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(dead!.id)).toMatchObject({ status: 'failed', failureReason: STALE_AUDIT_REASON });
      expect(byId.get(running!.id)).toMatchObject({ status: 'processing' });
    } finally {
      await queue.stop({ graceful: false });
      await database.close();
    }
  });
});

describe('an audit that outlived every attempt', () => {
  it('is failed with a reason, so the brand can be audited again', async () => {
    const database = await createTestDatabase();
    try {
      const [owner] = await database.db.insert(users).values({ email: 'stuck@example.com' }).returning();
      const [brand] = await database.db
        .insert(brands)
        .values({ userId: owner!.id, name: 'Stuck Co', websiteUrl: fixture.url })
        .returning();
      const hourAgo = new Date(Date.now() - 60 * 60_000);
      const [stuck] = await database.db
        .insert(audits)
        .values({ brandId: brand!.id, userId: owner!.id, status: 'processing', createdAt: hourAgo })
        .returning();
      const failed = await failAuditsStuckSince(database.db, new Date(Date.now() - 20 * 60_000));
      expect(failed).toBe(1);
      const [after] = await database.db.select().from(audits).where(eq(audits.id, stuck!.id));
      expect(after).toMatchObject({ status: 'failed', failureReason: STALE_AUDIT_REASON });
    } finally {
      await database.close();
    }
  });
});
