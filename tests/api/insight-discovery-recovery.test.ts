import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { insightSources, taskProgress, users } from '../../src/server/db/schema/index.ts';
import { discoverInsightsJob } from '../../src/server/jobs/definitions/discover-insights.ts';
import { createJobQueue } from '../../src/server/jobs/queue.ts';
import { registerJobs } from '../../src/server/jobs/registry.ts';
import type { TDiscoveryTask } from '../../src/shared/schemas/insight-sources.ts';
import { type InsightSourcesSite, startInsightSourcesSite } from '../doubles/insight-sources-site.ts';
import { createTestApp, testConfig } from '../helpers/app.ts';
import { createReopenableTestDatabase, type ReopenableTestDatabase } from '../helpers/database.ts';
import { settledJobRows, waitFor } from '../helpers/jobs.ts';

// A process killed mid-discovery leaves its job active; in embedded mode the next start resumes it
// (the directory lock proves the old process is gone), as for audits (docs/decisions/0005).
const env = { CRAWLER_ALLOW_LOOPBACK: 'true' };
const logger = pino({ level: 'silent' });
let site: InsightSourcesSite;
let store: ReopenableTestDatabase;

beforeAll(async () => {
  site = await startInsightSourcesSite();
  store = await createReopenableTestDatabase({ kind: 'pglite' });
});

afterAll(async () => {
  await store?.destroy();
  await site?.close();
});

async function startWorker(database: DatabaseHandle, soleWorker: boolean) {
  const queue = createJobQueue({ database, logger, pollingIntervalSeconds: 0.5, soleWorker });
  await registerJobs(queue, { database, config: testConfig(env), logger });
  await queue.start();
  return queue;
}

describe('a discovery whose process is killed mid-way', () => {
  it('is resumed when the app starts again, and completes once', async () => {
    const first = await store.open();
    const dying = await startWorker(first, true);
    const firstApp = await createTestApp({ database: first, env, queue: dying });
    const cookie = await firstApp.signInAs('recovery@example.com');
    await first.db.update(users).set({ planType: 'smb', maxBrands: 5 }).where(eq(users.email, 'recovery@example.com'));
    const brand = await firstApp.app.inject({
      method: 'POST',
      url: '/api/brands',
      headers: { cookie },
      payload: { name: 'Recovery Roasters', websiteUrl: site.url },
    });
    const [owner] = await first.db.select().from(users).where(eq(users.email, 'recovery@example.com'));
    // A feed that takes 4 s to answer: the process dies while the discovery waits for it.
    await first.db
      .insert(insightSources)
      .values({ brandId: brand.json().id, userId: owner!.id, kind: 'feed', url: `${site.url}/feeds/slow.xml?ms=4000` });
    const started = await firstApp.app.inject({
      method: 'POST',
      url: '/api/consumer-insights/discover',
      headers: { cookie },
      payload: { brandId: brand.json().id },
    });
    expect(started.statusCode, started.body).toBe(202);
    const taskId: string = started.json().id;
    await waitFor(
      async () => site.requests.filter((path) => path.startsWith('/feeds/slow.xml')).length,
      (count) => count > 0,
      { what: 'the discovery to ask for the slow feed' },
    );

    await first.close();
    await dying.stop({ graceful: false }).catch(() => {});
    await firstApp.app.close();

    const second = await store.open();
    const worker = await startWorker(second, true);
    const target = await createTestApp({ database: second, env, queue: worker });
    try {
      const task: TDiscoveryTask = await waitFor(
        async () =>
          (
            await target.app.inject({
              method: 'GET',
              url: `/api/consumer-insights/discoveries/${taskId}`,
              headers: { cookie },
            })
          ).json(),
        (current: TDiscoveryTask) => current.status === 'completed' || current.status === 'failed',
        { what: 'the resumed discovery', timeoutMs: 60_000 },
      );
      expect(task).toMatchObject({ status: 'completed', result: { added: 3, duplicates: 0 } });
      const rows = await settledJobRows(second, `select retry_count, state from pgboss.job where name = $1`, [
        discoverInsightsJob.name,
      ]);
      expect(rows).toEqual([{ retry_count: 1, state: 'completed' }]);
      const [row] = await second.db.select().from(taskProgress).where(eq(taskProgress.id, taskId));
      expect(row?.percent).toBe(100);
    } finally {
      await worker.stop({ graceful: false });
      await target.app.close();
    }
  }, 120_000);
});
