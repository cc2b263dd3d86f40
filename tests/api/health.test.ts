import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import type { ReadinessCheck } from '../../src/server/http/health-routes.ts';
import { startTcpProxy, type TcpProxy } from '../doubles/tcp-proxy.ts';
import { testConfig } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../helpers/database.ts';
import { waitFor } from '../helpers/jobs.ts';

// GET /healthz (alive) and GET /readyz (database answers, migrations applied, storage usable) as a
// load balancer sees them: unauthenticated, not rate limited, and saying nothing but check names.

const dataDirs: string[] = [];

function tempDataDir(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-health-'));
  dataDirs.push(directory);
  return directory;
}

async function startApp(
  database: DatabaseHandle,
  readinessChecks?: ReadinessCheck[],
  logLines?: string[],
): Promise<FastifyInstance> {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines?.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildApp({
    config: testConfig({ DATA_DIR: tempDataDir() }),
    database,
    clientDir: null,
    logger: logLines ? { level: 'info', stream: logStream } : false,
    signInProviders: {},
    readinessChecks,
  });
  await app.ready();
  return app;
}

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

afterAll(() => {
  for (const directory of dataDirs) fs.rmSync(directory, { recursive: true, force: true });
});

describe('on a migrated database with writable storage', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startApp(database, undefined, logLines);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('GET /healthz answers 200 {status: ok} without a session', async () => {
    const response = await get(app, '/healthz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /readyz answers 200 with each check ok, and nothing else', async () => {
    const response = await get(app, '/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
    });
  });

  it('is not rate limited: a load balancer may poll as often as it likes', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) => get(app, index % 2 === 0 ? '/readyz' : '/healthz')),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(40).fill(200));
    expect(responses.some((response) => 'x-ratelimit-limit' in response.headers)).toBe(false);
  });

  it('leaves polls out of the request log, which still logs other requests', async () => {
    await get(app, '/healthz');
    await get(app, '/readyz');
    await get(app, '/api/auth/user');
    expect(logLines.some((line) => line.includes('/api/auth/user'))).toBe(true);
    expect(logLines.some((line) => /\/healthz|\/readyz/.test(line))).toBe(false);
  });

  it('refuses other methods', async () => {
    const response = await app.inject({ method: 'POST', url: '/readyz' });
    expect(response.statusCode).toBe(404);
  });
});

describe('when something is missing', () => {
  it('is unready (503) before the migrations have run, and ready once they have', async () => {
    const database = await openDatabase({});
    const app = await startApp(database);
    try {
      const before = await get(app, '/readyz');
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'failing', storage: 'ok' },
      });
      await database.migrate();
      expect((await get(app, '/readyz')).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('is unready when a storage check fails or hangs, and says nothing of why', async () => {
    const database = await createTestDatabase();
    const app = await startApp(database, [
      { name: 'storage', run: () => Promise.reject(new Error('bucket brandlens-prod at 10.0.0.7 denied access')) },
      { name: 'search', run: () => new Promise<void>(() => {}) },
    ]);
    try {
      const response = await get(app, '/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'ok', storage: 'failing', search: 'failing' },
      });
      expect(response.body).not.toMatch(/10\.0\.0\.7|denied|brandlens-prod|timed out/);
      expect((await get(app, '/healthz')).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('is unready when the data directory cannot be written', async () => {
    const database = await createTestDatabase();
    const blocker = path.join(tempDataDir(), 'not-a-directory');
    fs.writeFileSync(blocker, 'a file where the data directory should be');
    const app = await buildApp({
      config: testConfig({ DATA_DIR: blocker }),
      database,
      clientDir: null,
      logger: false,
      signInProviders: {},
    });
    try {
      const response = await get(app, '/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toEqual({ database: 'ok', migrations: 'ok', storage: 'failing' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe.runIf(testDatabaseUrl)('PostgreSQL stopped and started again (needs TEST_DATABASE_URL)', () => {
  let store: TestDatabase;
  let proxy: TcpProxy;
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    store = await createTestDatabase({ kind: 'postgres' });
    const server = new URL(store.connectionString!);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    database = await openDatabase({ databaseUrl: proxy.urlThrough(store.connectionString!) });
    app = await startApp(database);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await store?.close();
  });

  it('/readyz goes 503 while the database is down and 200 when it is back; /healthz stays 200', async () => {
    expect((await get(app, '/readyz')).statusCode).toBe(200);

    await proxy.cut();
    const down = await get(app, '/readyz');
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'failing', migrations: 'failing', storage: 'ok' },
    });
    expect((await get(app, '/healthz')).json()).toEqual({ status: 'ok' });

    await proxy.restore();
    const back = await waitFor(
      () => get(app, '/readyz'),
      (response) => response.statusCode === 200,
      { timeoutMs: 15_000, what: '/readyz to answer 200 again' },
    );
    expect(back.json().checks).toEqual({ database: 'ok', migrations: 'ok', storage: 'ok' });
    expect((await get(app, '/healthz')).statusCode).toBe(200);
  });
});

describe('a closed database handle', () => {
  it('/readyz goes 503 once the database handle is closed; /healthz stays 200', async () => {
    const database = await createTestDatabase();
    const app = await startApp(database);
    try {
      expect((await get(app, '/readyz')).statusCode).toBe(200);
      await database.close();
      const down = await get(app, '/readyz');
      expect(down.statusCode).toBe(503);
      expect(down.json().checks.database).toBe('failing');
      expect((await get(app, '/healthz')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
