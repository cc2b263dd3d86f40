import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { databaseOutage } from '../../src/server/db/outage.ts';
import { UNAVAILABLE_MESSAGE } from '../../src/server/http/errors.ts';
import { startTcpProxy, type TcpProxy } from '../doubles/tcp-proxy.ts';
import { sessionCookieFrom, testConfig } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../helpers/database.ts';
import { startTestQueue, waitFor } from '../helpers/jobs.ts';

// While the database is unreachable every request answers 503 with Retry-After and a readable
// message, including the session lookup in the hooks, and the outage is logged once (with a line
// when it ends), not a stack per request or per job poll.

type LogLine = { level: number; msg: string; err?: unknown };

function capturedLogs() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream), stream };
}

async function startApp(database: DatabaseHandle, logs: ReturnType<typeof capturedLogs>) {
  const config = testConfig();
  const queue = await startTestQueue(database, { config, logger: logs.logger });
  const app = await buildApp({
    config,
    database,
    queue,
    clientDir: null,
    logger: { level: 'info', stream: logs.stream },
    signInProviders: {},
  });
  await app.ready();
  return { app, queue };
}

async function signIn(app: Awaited<ReturnType<typeof startApp>>['app'], email: string) {
  const response = await app.inject({ method: 'GET', url: `/api/dev-switch?email=${encodeURIComponent(email)}` });
  const cookie = sessionCookieFrom(response.headers['set-cookie']);
  if (!cookie) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookie;
}

function expectUnavailable(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({ message: UNAVAILABLE_MESSAGE, code: 'unavailable' });
}

const outageLines = (lines: LogLine[]) => lines.filter((line) => line.msg.startsWith('database unavailable'));
const stackLines = (lines: LogLine[]) =>
  lines.filter((line) => line.msg === 'request failed' || line.msg === 'job queue error');

describe.runIf(testDatabaseUrl)('PostgreSQL stopped and started again', () => {
  let store: TestDatabase;
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let running: Awaited<ReturnType<typeof startApp>>;
  const logs = capturedLogs();

  beforeAll(async () => {
    store = await createTestDatabase({ kind: 'postgres' });
    const server = new URL(store.connectionString!);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    database = await openDatabase({ databaseUrl: proxy.urlThrough(store.connectionString!) });
    running = await startApp(database, logs);
  });

  afterAll(async () => {
    await running?.app.close();
    await running?.queue.stop({ graceful: false });
    await database?.close();
    await proxy?.close();
    await store?.close();
  });

  it('answers 503 with Retry-After while it is down, logs the outage once, and recovers', async () => {
    const { app } = running;
    const cookie = await signIn(app, 'outage@example.com');
    expect((await app.inject({ method: 'GET', url: '/api/brands', headers: { cookie } })).statusCode).toBe(200);

    await proxy.cut();
    // The session lookup (a hook), a read and a write all meet the outage.
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } }));
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/brands', headers: { cookie } }));
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/dev-switch?email=other@example.com' }));
    // The job queue's polls fail too while it lasts; wait until several have.
    const outage = databaseOutage(database, logs.logger);
    await waitFor(
      async () => outage.reports,
      (reports) => reports >= 8,
      { timeoutMs: 30_000, what: 'failed job polls during the outage' },
    );
    expect(outageLines(logs.lines)).toHaveLength(1);
    expect(stackLines(logs.lines)).toEqual([]);

    await proxy.restore();
    const back = await waitFor(
      () => app.inject({ method: 'GET', url: '/api/brands', headers: { cookie } }),
      (response) => response.statusCode === 200,
      { timeoutMs: 30_000, what: 'requests to work again' },
    );
    expect(back.json()).toEqual(expect.any(Array));
    await waitFor(
      async () => logs.lines.filter((line) => line.msg === 'database available again').length,
      (count) => count === 1,
      { timeoutMs: 10_000, what: 'the recovery line' },
    );
    expect(outageLines(logs.lines)).toHaveLength(1);
    expect(stackLines(logs.lines)).toEqual([]);
  });
});

describe('the embedded database closed under the app', () => {
  it('answers 503 with Retry-After and logs it once', async () => {
    const logs = capturedLogs();
    const database = await createTestDatabase({ kind: 'pglite' });
    const running = await startApp(database, logs);
    try {
      const cookie = await signIn(running.app, 'closed@example.com');
      await database.close();
      for (let i = 0; i < 3; i++) {
        expectUnavailable(await running.app.inject({ method: 'GET', url: '/api/brands', headers: { cookie } }));
      }
      expect(outageLines(logs.lines)).toHaveLength(1);
      expect(stackLines(logs.lines)).toEqual([]);
    } finally {
      await running.queue.stop({ graceful: false });
      await running.app.close();
    }
  });
});
