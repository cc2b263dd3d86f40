import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../../src/server/config.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { sessions } from '../../src/server/db/schema/index.ts';
import { defineJob, type JobDefinition } from '../../src/server/jobs/define-job.ts';
import {
  PURGE_EXPIRED_SESSIONS_CRON,
  purgeExpiredSessions,
} from '../../src/server/jobs/definitions/purge-expired-sessions.ts';
import { createJobQueue, type JobQueue, type JobSnapshot, type JobState } from '../../src/server/jobs/queue.ts';
import { registerJobs } from '../../src/server/jobs/registry.ts';
import {
  createReopenableTestDatabase,
  createTestDatabase,
  defaultTestDatabaseKind,
  type TestDatabase,
  type TestDatabaseKind,
  testDatabaseUrl,
} from '../helpers/database.ts';

const logger = pino({ level: 'silent' });
const config = loadConfig({ NODE_ENV: 'test' });

const echoJob = defineJob({
  name: 'test-echo',
  payload: z.object({ message: z.string().min(1) }),
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 30,
});

const flakyJob = defineJob({
  name: 'test-flaky',
  payload: z.object({ key: z.string() }),
  retryLimit: 2,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 30,
});

const restartJob = defineJob({
  name: 'test-restart',
  payload: z.object({ value: z.number().int() }),
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 30,
});

const looseJob = defineJob({
  name: 'test-schema-change',
  payload: z.object({ count: z.unknown() }),
  retryLimit: 3,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 30,
});

const leasedJob = defineJob({
  name: 'test-leased',
  payload: z.object({ key: z.string() }),
  retryLimit: 1,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 120,
  heartbeatSeconds: 10,
});

/** Polls until check() returns a value other than undefined; fails after the deadline. */
async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitForState(queue: JobQueue, definition: JobDefinition, id: string, state: JobState) {
  let last: JobSnapshot | null = null;
  try {
    return await waitFor(`job ${definition.name} ${id} to be ${state}`, async () => {
      last = await queue.getJob(definition, id);
      return last?.state === state ? last : undefined;
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}; last seen: ${JSON.stringify(last)}`);
  }
}

function startQueue(database: DatabaseHandle): JobQueue {
  return createJobQueue({ database, logger, pollingIntervalSeconds: 0.5 });
}

// PGlite always; PostgreSQL as well when TEST_DATABASE_URL is set.
const kinds: TestDatabaseKind[] = testDatabaseUrl ? ['postgres', 'pglite'] : ['pglite'];
const backends = kinds.map((kind) => ({
  kind,
  label: `${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}${kind === defaultTestDatabaseKind ? ' (the default test database)' : ''}`,
}));

describe.each(backends)('background jobs on $label', ({ kind }) => {
  let database: TestDatabase;
  let queue: JobQueue;

  beforeAll(async () => {
    // The default kind goes through createTestDatabase() exactly as other API tests call it.
    database = kind === defaultTestDatabaseKind ? await createTestDatabase() : await createTestDatabase({ kind });
    expect(database.kind).toBe(kind);
    queue = startQueue(database);
    await queue.start();
  });

  afterAll(async () => {
    await queue?.stop({ graceful: false });
    await database?.close();
  });

  it('works an enqueued job with its validated payload', async () => {
    const received: string[] = [];
    await queue.work(echoJob, async ({ message }) => {
      received.push(message);
      return { echoed: message };
    });
    const id = await queue.send(echoJob, { message: 'hello' });
    expect(id).toEqual(expect.any(String));
    const job = await waitForState(queue, echoJob, id!, 'completed');
    expect(received).toEqual(['hello']);
    expect(job.output).toEqual({ echoed: 'hello' });
    expect(job.retryCount).toBe(0);
    // Payloads are checked before they reach the database.
    await expect(queue.send(echoJob, { message: '' })).rejects.toThrow(z.ZodError);
  });

  it('retries a handler that throws, then completes', async () => {
    const attempts: Array<{ retryCount: number; isFinalAttempt: boolean }> = [];
    await queue.work(flakyJob, async (_payload, { retryCount, isFinalAttempt }) => {
      attempts.push({ retryCount, isFinalAttempt });
      if (attempts.length === 1) throw new Error('temporary failure');
      return { attempts: attempts.length };
    });
    const id = await queue.send(flakyJob, { key: 'once' });
    const job = await waitForState(queue, flakyJob, id!, 'completed');
    expect(attempts).toEqual([
      { retryCount: 0, isFinalAttempt: false },
      { retryCount: 1, isFinalAttempt: false },
    ]);
    expect(job.retryCount).toBe(1);
    expect(job.output).toEqual({ attempts: 2 });
  });

  it('fails a job whose stored payload does not match its schema, without retrying', async () => {
    // An older release (another process) sent a payload the current schema no longer accepts.
    const strictJob = defineJob({ ...looseJob, payload: z.object({ count: z.number() }) });
    const oldRelease = startQueue(database);
    await oldRelease.start();
    let id: string | null;
    try {
      id = await oldRelease.send(looseJob, { count: 'three' });
    } finally {
      await oldRelease.stop({ graceful: false });
    }
    let calls = 0;
    await queue.work(strictJob, async () => {
      calls++;
    });
    const job = await waitForState(queue, strictJob, id!, 'failed');
    expect(calls).toBe(0);
    expect(job.retryCount).toBe(0);
    expect(job.output).toMatchObject({ message: 'Invalid job payload' });
  });

  it('purges only expired sessions, on an hourly schedule', async () => {
    const hour = 60 * 60 * 1000;
    await database.db.insert(sessions).values([
      { sid: 'expired-long-ago', sess: {}, expire: new Date(Date.now() - 24 * hour) },
      { sid: 'expired-just-now', sess: {}, expire: new Date(Date.now() - 1000) },
      { sid: 'still-valid', sess: { userId: 'someone' }, expire: new Date(Date.now() + hour) },
    ]);
    await registerJobs(queue, { database, logger, config });

    const schedules = await queue.getSchedules(purgeExpiredSessions);
    expect(schedules).toEqual([expect.objectContaining({ cron: PURGE_EXPIRED_SESSIONS_CRON, timeZone: 'UTC' })]);
    expect(PURGE_EXPIRED_SESSIONS_CRON).toBe('0 * * * *');

    const id = await queue.send(purgeExpiredSessions, {});
    const job = await waitForState(queue, purgeExpiredSessions, id!, 'completed');
    expect(job.output).toEqual({ deleted: 2 });
    const remaining = await database.db.select({ sid: sessions.sid }).from(sessions);
    expect(remaining).toEqual([{ sid: 'still-valid' }]);
  });

  it('renews the lease of a job whose worker is alive, so another process never runs it too', async () => {
    const holder = startQueue(database);
    // Another process whose supervisor looks for lapsed leases every second.
    const watcher = createJobQueue({ database, logger, pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1 });
    const calls: string[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await holder.work(leasedJob, async () => {
        calls.push('holder');
        await released;
        return { by: 'holder' };
      });
      await holder.start();
      const id = await holder.send(leasedJob, { key: 'alive' });
      await waitForState(holder, leasedJob, id!, 'active');
      await watcher.work(leasedJob, async () => {
        calls.push('watcher');
        return { by: 'watcher' };
      });
      await watcher.start();
      // Renewed past its own length: unrenewed, the watcher would have retried it by now.
      await waitFor(
        'the lease to be renewed past its length',
        async () => {
          const { rows } = await database.executeSql(
            'select extract(epoch from heartbeat_on - started_on) as renewed from pgboss.job where id = $1',
            [id],
          );
          const renewed = Number((rows[0] as { renewed: unknown } | undefined)?.renewed);
          return renewed > leasedJob.heartbeatSeconds! + 2 ? renewed : undefined;
        },
        40_000,
      );
      expect(await holder.getJob(leasedJob, id!)).toMatchObject({ state: 'active', retryCount: 0 });
      release();
      const job = await waitForState(holder, leasedJob, id!, 'completed');
      expect(job).toMatchObject({ retryCount: 0, output: { by: 'holder' } });
      expect(calls).toEqual(['holder']);
    } finally {
      release();
      await watcher.stop({ graceful: false });
      await holder.stop({ graceful: false });
    }
  });

  it('keeps a job sent while no worker runs across a restart and works it afterwards', async () => {
    const store = await createReopenableTestDatabase({ kind });
    try {
      const first = await store.open();
      const producer = startQueue(first);
      await producer.start();
      const id = await producer.send(restartJob, { value: 42 });
      await producer.stop({ graceful: true });
      await first.close();

      const second = await store.open();
      const consumer = startQueue(second);
      await consumer.start();
      try {
        expect((await consumer.getJob(restartJob, id!))?.state).toBe('created');
        const worked: number[] = [];
        await consumer.work(restartJob, async ({ value }) => {
          worked.push(value);
        });
        const job = await waitFor('the job to be worked after the restart', async () => {
          const snapshot = await consumer.getJob(restartJob, id!);
          return snapshot?.state === 'completed' ? snapshot : undefined;
        });
        expect(job.id).toBe(id);
        expect(worked).toEqual([42]);
      } finally {
        await consumer.stop({ graceful: false });
      }
    } finally {
      await store.destroy();
    }
  });
});

describe('job definitions', () => {
  it('refuses names pg-boss cannot use and invalid retry settings', () => {
    const base = { payload: z.object({}), retryLimit: 1, retryDelay: 0, retryBackoff: false, expireInSeconds: 10 };
    expect(() => defineJob({ ...base, name: 'has space' })).toThrow(/may only contain/);
    expect(() => defineJob({ ...base, name: 'ok', retryLimit: -1 })).toThrow(/retryLimit/);
    expect(() => defineJob({ ...base, name: 'ok', heartbeatSeconds: 5 })).toThrow(/heartbeatSeconds/);
    expect(defineJob({ ...base, name: 'ok' }).policy).toBe('standard');
  });
});
