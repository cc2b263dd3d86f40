/**
 * Rate limits shared by every app process on one database: two apps (and, on PostgreSQL, two real
 * server processes) answering the same client in turn allow each limit once, not twice.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { CONTACT_LIMIT } from '../../src/server/features/support/contact-rate-limit.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { childEnvironment } from '../helpers/child-environment.ts';
import {
  createPostgresDatabase,
  createTestDatabase,
  dropPostgresDatabase,
  testDatabaseUrl,
} from '../helpers/database.ts';
import { firstAnswer, freePort } from '../helpers/ports.ts';
import { buildWorkerIfStale } from '../helpers/worker-processes.ts';

/** The sign-in routes' limit (src/server/http/sign-in-routes.ts): 30 a minute per client address. */
const SIGN_IN_LIMIT = 30;
const root = path.resolve(import.meta.dirname, '../..');

describe('two apps on one database', () => {
  let first: TestApp;
  let second: TestApp;
  let secondDatabase: DatabaseHandle | null = null;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-shared-limits-'));
    const env = { DATA_DIR: dataDir };
    const database = await createTestDatabase();
    first = await createTestApp({ database, env });
    // On PostgreSQL the second app has a connection pool of its own, as another machine would; PGlite
    // is one process's database, so there both apps share its handle.
    secondDatabase =
      database.kind === 'postgres' ? await openDatabase({ databaseUrl: database.connectionString! }) : null;
    second = await createTestApp({ database: secondDatabase ?? database, env });
  });

  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
    await first?.database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds a route limit across both: taking turns does not double it', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGN_IN_LIMIT + 2; attempt++) {
      const app = attempt % 2 === 0 ? first : second;
      statuses.push((await app.app.inject({ method: 'GET', url: '/api/login' })).statusCode);
    }
    expect(statuses.slice(0, SIGN_IN_LIMIT)).toEqual(Array(SIGN_IN_LIMIT).fill(302));
    expect(statuses.slice(SIGN_IN_LIMIT)).toEqual([429, 429]);
  });

  it('holds a limit made with createRateLimit (support messages per account) across both', async () => {
    const cookie = await first.signInAs('shared-limits@example.com');
    const payload = {
      name: 'Ada Lovelace',
      email: 'shared-limits@example.com',
      subject: 'Audit stuck',
      priority: 'normal',
      message: 'My audit has been processing for an hour.',
    };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < CONTACT_LIMIT.max + 1; attempt++) {
      const app = attempt % 2 === 0 ? second : first;
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/support/contact',
        payload,
        headers: { cookie },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, CONTACT_LIMIT.max)).toEqual(Array(CONTACT_LIMIT.max).fill(201));
    expect(statuses.at(-1)).toBe(429);
  });

  it('stores counters that name no account and no e-mail address', async () => {
    const { rows } = await first.database.executeSql('select key from rate_limit_counters', []);
    const keys = (rows as { key: string }[]).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((key) => /^[a-f0-9]{64}$/.test(key))).toBe(true);
  });
});

type ServerProcess = { child: ChildProcess; baseUrl: string; log(): string };

async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: childEnvironment({ NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const ready = await firstAnswer(`${baseUrl}/readyz`, child, { timeoutMs: 90_000, detail: () => output });
  if (ready.status !== 200) throw new Error(`the server is not ready (${ready.status}):\n${output}`);
  return { child, baseUrl, log: () => output };
}

async function stopServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

describe.skipIf(!testDatabaseUrl)(
  'two server processes on PostgreSQL (skipped on PGlite, which one process alone may open: set TEST_DATABASE_URL)',
  () => {
    let databaseName: string;
    let servers: ServerProcess[] = [];
    const dataDirs: string[] = [];

    beforeAll(async () => {
      buildWorkerIfStale();
      const created = await createPostgresDatabase();
      databaseName = created.name;
      const migrated = await openDatabase({ databaseUrl: created.url });
      await migrated.migrate();
      await migrated.close();
      // Each process has a data directory of its own: they share only the database.
      const envFor = () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-limits-process-'));
        dataDirs.push(dataDir);
        return {
          DATABASE_URL: created.url,
          RUN_WORKER: 'false',
          DATA_DIR: dataDir,
          HOST: '127.0.0.1',
          SESSION_SECRET: 'a-test-secret-of-at-least-32-characters!!',
          PUBLIC_URL: 'http://localhost:5000',
        };
      };
      servers = await Promise.all([startServerProcess(envFor()), startServerProcess(envFor())]);
    }, 180_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => stopServerProcess(server)));
      if (databaseName) await dropPostgresDatabase(databaseName);
      for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('holds the sign-in limit across both processes', async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < SIGN_IN_LIMIT + 2; attempt++) {
        const server = servers[attempt % 2]!;
        const response = await fetch(`${server.baseUrl}/api/login`, { redirect: 'manual' });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, SIGN_IN_LIMIT)).toEqual(Array(SIGN_IN_LIMIT).fill(302));
      expect(statuses.slice(SIGN_IN_LIMIT)).toEqual([429, 429]);
    }, 60_000);
  },
);
