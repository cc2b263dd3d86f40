/**
 * SIGTERM to `npm start` and `npm run worker`, as a container platform sends it to PID 1 (the
 * Dockerfile's command, or a process manager): it must reach the server, which drains its work
 * and exits 0, and npm with it. npm passes the signal on only to the shell it runs the script in,
 * so a script whose shell stays in between lost the signal: npm exited 143 at once and the server
 * ran on, orphaned. Each process starts in a group of its own, so the test can tell that nothing
 * of it is left.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { brands, insightSources, taskProgress } from '../../src/server/db/schema/index.ts';
import { DISCOVERY_KIND } from '../../src/server/features/insight-sources/source-dtos.ts';
import { upsertUserByEmail } from '../../src/server/features/users/upsert-user-by-email.ts';
import { discoverInsightsJob } from '../../src/server/jobs/definitions/discover-insights.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { sessionCookieFrom } from '../helpers/app.ts';
import { childEnvironment } from '../helpers/child-environment.ts';
import { createPostgresDatabase, dropPostgresDatabase, testDatabaseUrl } from '../helpers/database.ts';
import { waitFor } from '../helpers/jobs.ts';
import { firstAnswer, freePort } from '../helpers/ports.ts';
import { setPlan } from '../helpers/seed.ts';
import { buildWorkerIfStale } from '../helpers/worker-processes.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** `exit` settles with npm's exit code, or -1 when a signal killed it. */
type NpmProcess = { child: ChildProcess; log(): string; exit: Promise<number> };

/** `npm <args>` in the repository, in a process group of its own (its id is the npm process's). */
function startNpm(args: string[], env: Record<string, string>): NpmProcess {
  const child = spawn('npm', args, {
    cwd: root,
    detached: true,
    env: childEnvironment({
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      npm_config_update_notifier: 'false',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  return { child, log: () => output, exit };
}

/** Whether any process of the group still runs (signal 0 tests for it without sending anything). */
function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

/** What is left of a group that failed the test: ended, so no server outlives the run. */
function killGroup(started: NpmProcess | undefined) {
  const groupId = started?.child.pid;
  if (groupId && groupAlive(groupId)) process.kill(-groupId, 'SIGKILL');
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * An upload whose body is held back: the server has its headers (it answered 100 Continue) and
 * waits for the rest, so the request is in flight until `finish()` sends it.
 */
async function heldUpload(baseURL: string, cookie: string) {
  const boundary = `----brandlens${crypto.randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="held.svg"\r\nContent-Type: image/svg+xml\r\n\r\n`,
  );
  const tail = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>\r\n--${boundary}--\r\n`,
  );
  const upload = request(`${baseURL}/api/upload`, {
    method: 'POST',
    headers: {
      cookie,
      expect: '100-continue',
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + tail.length),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    upload.once('response', (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    upload.once('error', reject);
  });
  await new Promise<void>((resolve) => upload.once('continue', resolve));
  upload.write(head);
  return {
    answer,
    finish: () => upload.end(tail),
  };
}

describe('npm start', () => {
  let dataDir: string;
  let web: NpmProcess | undefined;

  beforeAll(() => {
    // What `npm start` would build first; built once here so the test times only the server.
    buildWorkerIfStale();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-npm-start-'));
  }, 180_000);

  afterAll(() => {
    killGroup(web);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('passes SIGTERM to the server: the request in flight completes, npm exits 0 and nothing is left listening', async () => {
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    web = startNpm(['start'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SHUTDOWN_TIMEOUT_MS: '20000',
    });
    await firstAnswer(`${baseURL}/healthz`, web.child, { timeoutMs: 150_000, detail: web.log });
    const signIn = await fetch(`${baseURL}/api/dev-switch?email=npm-start%40example.com`, { redirect: 'manual' });
    const cookie = sessionCookieFrom(signIn.headers.getSetCookie());
    expect(cookie, await signIn.text()).toBeDefined();

    const upload = await heldUpload(baseURL, cookie!);
    web.child.kill('SIGTERM');
    await waitFor(
      () => connectionRefused(port),
      (refused) => refused,
      { what: 'the server to stop listening', timeoutMs: 10_000, intervalMs: 20 },
    );
    // The server is draining, not gone: npm waits for it.
    expect(web.child.exitCode).toBeNull();
    upload.finish();
    const answered = await upload.answer;
    expect(answered.status, answered.body).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ mimetype: 'image/svg+xml' });

    expect(await web.exit, web.log()).toBe(0);
    expect(web.log()).toContain('web server closed: requests in flight finished');
    expect(web.log()).toContain('"msg":"stopped"');
    expect(groupAlive(web.child.pid!)).toBe(false);
    await expect(fetch(`${baseURL}/healthz`)).rejects.toThrow();
  }, 240_000);
});

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Held reviews</title><link>https://example.com/</link>
<description>What customers say</description>
<item><title>Worth the wait</title><guid isPermaLink="false">held-1</guid><description>Lovely coffee, friendly staff.</description></item>
</channel></rss>`;

/** A feed that answers only when released: a job reading it stays running as long as the test wants. */
async function startGatedFeed() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requests = 0;
  const server: Server = createServer((_request, response) => {
    requests += 1;
    void released.then(() => {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      response.end(FEED);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/feed.xml`,
    requests: () => requests,
    release: () => release(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!testDatabaseUrl)(
  'npm run worker on PostgreSQL (skipped on PGlite, which one process alone may open: set TEST_DATABASE_URL)',
  () => {
    let database: DatabaseHandle;
    let databaseName: string;
    let databaseUrl: string;
    let queue: JobQueue;
    let feed: Awaited<ReturnType<typeof startGatedFeed>>;
    let dataDir: string;
    let worker: NpmProcess | undefined;

    beforeAll(async () => {
      buildWorkerIfStale();
      feed = await startGatedFeed();
      const created = await createPostgresDatabase();
      databaseName = created.name;
      databaseUrl = created.url;
      database = await openDatabase({ databaseUrl });
      await database.migrate();
      // Sends jobs only: the worker under test works them.
      queue = createJobQueue({ database, logger: pino({ level: 'silent' }) });
      await queue.start();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-npm-worker-'));
    }, 180_000);

    afterAll(async () => {
      killGroup(worker);
      await queue?.stop({ graceful: false });
      await database?.close();
      if (databaseName) await dropPostgresDatabase(databaseName);
      await feed?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('passes SIGTERM to the worker: the running job completes, npm exits 0 and no process is left', async () => {
      const owner = await upsertUserByEmail(database.db, { email: 'npm-worker@example.com' });
      await setPlan(database, owner.email, 'smb');
      const [brand] = await database.db.insert(brands).values({ userId: owner.id, name: 'Held Roasters' }).returning();
      await database.db
        .insert(insightSources)
        .values({ brandId: brand!.id, userId: owner.id, kind: 'feed', url: feed.url });
      const [task] = await database.db
        .insert(taskProgress)
        .values({ userId: owner.id, kind: DISCOVERY_KIND, subjectId: brand!.id, stage: 'Queued' })
        .returning();

      worker = startNpm(['run', 'worker'], {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SESSION_SECRET: 'a-test-secret-of-at-least-32-characters!!',
        CRAWLER_ALLOW_LOOPBACK: 'true',
        SHUTDOWN_TIMEOUT_MS: '20000',
      });
      await waitFor(
        async () => worker!.log(),
        (log) => log.includes('"msg":"worker started"') || worker!.child.exitCode !== null,
        { what: 'the worker to start', timeoutMs: 120_000 },
      );
      expect(worker.log()).toContain('"msg":"worker started"');
      await queue.send(discoverInsightsJob, { taskId: task!.id }, { singletonKey: task!.id });
      await waitFor(
        async () => feed.requests(),
        (count) => count > 0,
        {
          what: 'the discovery to be reading the feed',
          timeoutMs: 30_000,
          intervalMs: 20,
        },
      );

      worker.child.kill('SIGTERM');
      await waitFor(
        async () => worker!.log(),
        (log) => log.includes('shutting down: no new requests or jobs'),
        { what: 'the worker to start shutting down', timeoutMs: 10_000, intervalMs: 20 },
      );
      expect(worker.child.exitCode).toBeNull();
      feed.release();

      expect(await worker.exit, worker.log()).toBe(0);
      const [ended] = await database.db.select().from(taskProgress).where(eq(taskProgress.id, task!.id));
      expect(ended).toMatchObject({ status: 'completed', result: expect.objectContaining({ added: 1 }) });
      expect(worker.log()).toContain('"msg":"stopped"');
      expect(groupAlive(worker.child.pid!)).toBe(false);
    }, 240_000);
  },
);
