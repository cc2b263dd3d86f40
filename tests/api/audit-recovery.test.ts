import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { audits, brands, users } from '../../src/server/db/schema/index.ts';
import {
  failAuditsStuckSince,
  STALE_AUDIT_REASON,
} from '../../src/server/jobs/definitions/fail-stale-audits.handler.ts';
import { runAuditJob } from '../../src/server/jobs/definitions/run-audit.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { registerJobs } from '../../src/server/jobs/registry.ts';
import { type FixtureSite, startFixtureSite } from '../doubles/fixture-site.ts';
import { createTestApp, type TestApp, testConfig } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { waitFor, waitForAudit } from '../helpers/jobs.ts';

// A worker that dies mid-audit leaves its job active; once the attempt's time is up, pg-boss's
// supervision sends it back and another worker completes the audit.
const env = { CRAWLER_ALLOW_LOOPBACK: 'true' };
const logger = pino({ level: 'silent' });
let database: DatabaseHandle;
let fixture: FixtureSite;
let target: TestApp;
let firstWorker: JobQueue;
let secondWorker: JobQueue | undefined;

async function startWorker(options: { superviseIntervalSeconds?: number } = {}) {
  const queue = createJobQueue({ database, logger, pollingIntervalSeconds: 0.5, ...options });
  await registerJobs(queue, { database, config: testConfig(env), logger });
  await queue.start();
  return queue;
}

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = await startFixtureSite({ slowMs: 5_000 });
  firstWorker = await startWorker();
  target = await createTestApp({ database, env, queue: firstWorker });
});

afterAll(async () => {
  await secondWorker?.stop({ graceful: false });
  await target.close();
  await fixture.close();
  await database.close();
});

describe('an audit whose worker is killed', () => {
  it('is retried and completes', async () => {
    const cookie = await target.signInAs('recovery@example.com');
    await database.db
      .update(users)
      .set({ planType: 'smb', maxBrands: 5 })
      .where(eq(users.email, 'recovery@example.com'));
    const brand = await target.app.inject({
      method: 'POST',
      url: '/api/brands',
      headers: { cookie },
      payload: { name: 'Recovery Co', websiteUrl: fixture.url },
    });
    const started = await target.app.inject({
      method: 'POST',
      url: '/api/audits',
      headers: { cookie },
      payload: { brandId: brand.json().id },
    });
    const auditId = started.json().id;

    // Kill the worker while it waits on the slow page, mid-crawl.
    await waitFor(async () => fixture.requests.includes('/slow.html'), Boolean, {
      what: 'the crawl to reach the slow page',
    });
    await firstWorker.stop({ graceful: false });
    const midway = await target.app.inject({ method: 'GET', url: `/api/audits/${auditId}`, headers: { cookie } });
    expect(midway.json()).toMatchObject({
      status: 'processing',
      progressStage: expect.stringMatching(/^Crawling website: \d+ of \d+ pages fetched$/),
    });

    // The attempt's 5 minutes pass (moved back in time rather than waited for).
    await database.executeSql(
      `update pgboss.job set started_on = now() - interval '1 hour' where name = $1 and state = 'active'`,
      [runAuditJob.name],
    );
    secondWorker = await startWorker({ superviseIntervalSeconds: 1 });

    const audit = await waitForAudit(target, cookie, auditId, 60_000);
    expect(audit.status).toBe('completed');
    expect(audit.overallScore).toBeGreaterThan(0);
    const { rows } = await database.executeSql('select retry_count, state from pgboss.job where name = $1', [
      runAuditJob.name,
    ]);
    expect(rows).toEqual([{ retry_count: 1, state: 'completed' }]);
  });

  it('is failed with a reason once it has outlived every attempt, so the brand can be audited again', async () => {
    const [owner] = await database.db.select().from(users).where(eq(users.email, 'recovery@example.com'));
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
  });
});
