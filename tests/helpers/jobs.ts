import pino from 'pino';
import type { Resolver } from '../../src/server/analysis/fetch/safe-fetch.ts';
import type { ChromiumBinary } from '../../src/server/analysis/render/chromium.ts';
import type { Config } from '../../src/server/config.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import type { JobLogger } from '../../src/server/jobs/define-job.ts';
import { createJobQueue, type JobQueue, type JobQueueOptions } from '../../src/server/jobs/queue.ts';
import { registerJobs } from '../../src/server/jobs/registry.ts';
import { createTestApp, type LogStream, type TestApp, testConfig } from './app.ts';
import { createTestDatabase } from './database.ts';

export type WorkingTestApp = TestApp & { queue: JobQueue };

/**
 * A started job queue working every job of the product on this database, polling as fast as
 * pg-boss allows. Options go to the queue (soleWorker, superviseIntervalSeconds).
 */
export async function startTestQueue(
  database: DatabaseHandle,
  options: {
    config?: Config;
    logger?: JobLogger;
    crawlResolver?: Resolver | undefined;
    renderChromium?: ChromiumBinary | null;
  } & Pick<JobQueueOptions, 'soleWorker' | 'superviseIntervalSeconds'> = {},
): Promise<JobQueue> {
  const {
    config = testConfig(),
    logger = pino({ level: 'silent' }),
    crawlResolver,
    renderChromium,
    ...queueOptions
  } = options;
  const queue = createJobQueue({ database, logger, pollingIntervalSeconds: 0.5, ...queueOptions });
  await registerJobs(queue, { database, config, logger, crawlResolver, renderChromium });
  await queue.start();
  return queue;
}

/** The app with its job queue working jobs in-process, as embedded mode runs. */
export async function createWorkingTestApp(
  options: {
    env?: Record<string, string>;
    crawlResolver?: Resolver;
    /** the browser audits render with; null: a server without one */
    renderChromium?: ChromiumBinary | null;
    database?: DatabaseHandle;
    /** where the app's and the jobs' log lines go, every level; none are written by default */
    logStream?: LogStream;
  } = {},
): Promise<WorkingTestApp> {
  const database = options.database ?? (await createTestDatabase());
  const queue = await startTestQueue(database, {
    config: testConfig(options.env),
    crawlResolver: options.crawlResolver,
    renderChromium: options.renderChromium,
    ...(options.logStream ? { logger: pino({ level: 'trace' }, options.logStream) } : {}),
  });
  const target = await createTestApp({ env: options.env, database, queue, logStream: options.logStream });
  return {
    ...target,
    queue,
    async close() {
      await queue.stop({ graceful: false });
      await target.close();
      if (!options.database) await database.close();
    },
  };
}

/** Polls until the condition holds; a deadline instead of a fixed sleep. */
export async function waitFor<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 60_000, intervalMs = 200, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Waits for an audit to leave 'processing' and returns its detail. */
export async function waitForAudit(target: TestApp, cookie: string, auditId: string, timeoutMs = 90_000) {
  const response = await waitFor(
    () => target.app.inject({ method: 'GET', url: `/api/audits/${auditId}`, headers: { cookie } }),
    (reply) => reply.json().status !== 'processing',
    { timeoutMs, intervalMs: 250, what: `audit ${auditId}` },
  );
  return response.json();
}

/**
 * The pg-boss rows a query selects, once none is active: the queue marks a job done just after its
 * handler returns, so a test that saw the work finish waits for the row to follow.
 */
export async function settledJobRows(
  database: Pick<DatabaseHandle, 'executeSql'>,
  query: string,
  values: unknown[],
): Promise<Record<string, unknown>[]> {
  return waitFor(
    async () => (await database.executeSql(query, values)).rows as Record<string, unknown>[],
    (rows) => rows.every((row) => row.state !== 'active'),
    { timeoutMs: 30_000, what: 'the job rows to settle' },
  );
}
