import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { adLibraryEntries, competitors, users } from '../../src/server/db/schema/index.ts';
import { discoverAdsJob } from '../../src/server/jobs/definitions/discover-ads.ts';
import { createJobQueue } from '../../src/server/jobs/queue.ts';
import { registerJobs } from '../../src/server/jobs/registry.ts';
import type { TAdDiscoveryTask } from '../../src/shared/schemas/ad-discovery.ts';
import { type MetaGraphDouble, manyAds, startMetaGraphDouble } from '../doubles/meta-graph.ts';
import { createTestApp, testConfig } from '../helpers/app.ts';
import { createReopenableTestDatabase, type ReopenableTestDatabase } from '../helpers/database.ts';
import { settledJobRows, waitFor } from '../helpers/jobs.ts';

// A process killed mid-discovery leaves its job active; the next start resumes it, and the ads
// stored before the kill are updated, not added again.
const logger = pino({ level: 'silent' });
let graph: MetaGraphDouble;
let store: ReopenableTestDatabase;
let env: Record<string, string>;

beforeAll(async () => {
  graph = await startMetaGraphDouble();
  graph.setAds('31337', manyAds(400, 'resume-'));
  env = { META_AD_LIBRARY_TOKEN: 'good-token', META_GRAPH_URL: graph.graphUrl };
  store = await createReopenableTestDatabase({ kind: 'pglite' });
});

afterAll(async () => {
  await store?.destroy();
  await graph?.close();
});

async function startWorker(database: DatabaseHandle) {
  const queue = createJobQueue({ database, logger, pollingIntervalSeconds: 0.5, soleWorker: true });
  await registerJobs(queue, { database, config: testConfig(env), logger });
  await queue.start();
  return queue;
}

describe('an ad discovery whose process is killed mid-way', () => {
  it('is resumed when the app starts again, and completes once without duplicates', async () => {
    const first = await store.open();
    const dying = await startWorker(first);
    const firstApp = await createTestApp({ database: first, env, queue: dying });
    const cookie = await firstApp.signInAs('ads-recovery@example.com');
    await first.db
      .update(users)
      .set({ planType: 'smb', maxBrands: 5 })
      .where(eq(users.email, 'ads-recovery@example.com'));
    const brand = await firstApp.app.inject({
      method: 'POST',
      url: '/api/brands',
      headers: { cookie },
      payload: { name: 'Recovery Roasters', websiteUrl: 'https://example.com' },
    });
    const [owner] = await first.db.select().from(users).where(eq(users.email, 'ads-recovery@example.com'));
    const [competitor] = await first.db
      .insert(competitors)
      .values({ userId: owner!.id, brandId: brand.json().id, name: 'Resumed Coffee', facebookPageId: '31337' })
      .returning();
    graph.setLatency(4000, 2);
    const started = await firstApp.app.inject({
      method: 'POST',
      url: `/api/competitors/${competitor!.id}/discover-ads`,
      headers: { cookie },
    });
    expect(started.statusCode, started.body).toBe(202);
    const taskId: string = started.json().id;
    // The first page is stored; the second takes 4 s to answer and the process dies meanwhile.
    // (the request for the second page carries the first page's `after` cursor; counting calls
    // would also count a first page asked again after a slow answer)
    await waitFor(
      async () => graph.calls.filter((call) => Number(call.get('after') ?? 0) > 0).length,
      (count) => count >= 1,
      { what: 'the discovery to ask for the second page' },
    );
    const [beforeKill] = await first.db
      .select()
      .from(adLibraryEntries)
      .where(eq(adLibraryEntries.competitorId, competitor!.id))
      .then((rows) => [rows.length]);
    expect(beforeKill).toBe(250);

    await first.close();
    await dying.stop({ graceful: false }).catch(() => {});
    await firstApp.app.close();
    graph.setLatency(0);

    const second = await store.open();
    const worker = await startWorker(second);
    const target = await createTestApp({ database: second, env, queue: worker });
    try {
      const task = await waitFor(
        async () =>
          (
            await target.app.inject({ method: 'GET', url: `/api/ad-discovery/${taskId}`, headers: { cookie } })
          ).json() as TAdDiscoveryTask,
        (current) => current.status === 'completed' || current.status === 'failed',
        { what: 'the resumed discovery', timeoutMs: 60_000 },
      );
      expect(task).toMatchObject({ status: 'completed', percent: 100 });
      expect(task.result?.competitors[0]).toMatchObject({ read: 400, added: 150, updated: 250 });
      const stored = await second.db
        .select()
        .from(adLibraryEntries)
        .where(eq(adLibraryEntries.competitorId, competitor!.id));
      expect(stored).toHaveLength(400);
      const rows = await settledJobRows(second, 'select retry_count, state from pgboss.job where name = $1', [
        discoverAdsJob.name,
      ]);
      expect(rows).toEqual([{ retry_count: 1, state: 'completed' }]);
    } finally {
      await worker.stop({ graceful: false });
      await target.app.close();
    }
  }, 120_000);
});
