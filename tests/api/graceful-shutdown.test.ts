/**
 * SIGTERM to the compiled web process (`npm start`, working jobs too) on PostgreSQL while a request
 * and an audit job are in flight: it stops listening at once, the request still completes, the
 * audit's attempt still running at the shutdown bound is handed back (due again at once, not left
 * active until its lease lapses), the process exits 0, and a worker process started afterwards
 * finishes the audit.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { audits } from '../../src/server/db/schema/index.ts';
import { runAuditJob } from '../../src/server/jobs/definitions/run-audit.ts';
import { type FixtureSite, startFixtureSite } from '../doubles/fixture-site.ts';
import { sessionCookieFrom } from '../helpers/app.ts';
import { childEnvironment } from '../helpers/child-environment.ts';
import { createPostgresDatabase, dropPostgresDatabase, testDatabaseUrl } from '../helpers/database.ts';
import { settledJobRows, waitFor } from '../helpers/jobs.ts';
import { firstAnswer, freePort } from '../helpers/ports.ts';
import { setPlan } from '../helpers/seed.ts';
import { buildWorkerIfStale, startWorkerProcess, type WorkerProcess } from '../helpers/worker-processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const OWNER = 'graceful-shutdown@example.com';
/** Shorter than the fixture site's slow page takes (the crawler waits 10 s for it), so the audit is still running at the bound. */
const SHUTDOWN_TIMEOUT_MS = 4_000;

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Slow Roasters reviews</title><link>https://example.com/</link>
<description>What customers say</description>
<item><title>Worth the wait</title><guid isPermaLink="false">slow-1</guid><description>Lovely coffee.</description></item>
</channel></rss>`;

/** A feed that answers only when released: a request to it stays in flight as long as the test wants. */
type GatedFeed = { url: string; requests: number; release(): void; close(): Promise<void> };

async function startGatedFeed(): Promise<GatedFeed> {
  let open: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    open = resolve;
  });
  const feed = { requests: 0 };
  const server: Server = createServer((_request, response) => {
    feed.requests += 1;
    void released.then(() => {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      response.end(FEED);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/feed.xml`,
    get requests() {
      return feed.requests;
    },
    release: () => open(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Whether a new TCP connection to the port is refused (nothing listens any more). */
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

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe.skipIf(!testDatabaseUrl)(
  'graceful shutdown of the web process on PostgreSQL (skipped on PGlite, which one process alone may open: set TEST_DATABASE_URL)',
  () => {
    let fixture: FixtureSite;
    let feed: GatedFeed;
    let database: DatabaseHandle;
    let databaseName: string;
    let dataDir: string;
    let env: Record<string, string>;
    let web: ChildProcess | undefined;
    let worker: WorkerProcess | undefined;
    let webLog = '';

    beforeAll(async () => {
      buildWorkerIfStale();
      fixture = await startFixtureSite();
      feed = await startGatedFeed();
      const created = await createPostgresDatabase();
      databaseName = created.name;
      database = await openDatabase({ databaseUrl: created.url });
      await database.migrate();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-shutdown-'));
      env = {
        DATABASE_URL: created.url,
        DATA_DIR: dataDir,
        SESSION_SECRET: 'a-test-secret-of-at-least-32-characters!!',
        CRAWLER_ALLOW_LOOPBACK: 'true',
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      };
    }, 180_000);

    afterAll(async () => {
      if (web && web.exitCode === null && web.signalCode === null) {
        web.kill('SIGKILL');
        await exitOf(web);
      }
      await worker?.kill();
      await database?.close();
      if (databaseName) await dropPostgresDatabase(databaseName);
      await feed?.close();
      await fixture?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    /** `npm start`'s compiled server, working jobs itself (RUN_WORKER defaults to true). */
    async function startWebProcess() {
      const port = await freePort();
      const baseURL = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
        cwd: root,
        env: childEnvironment({
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: baseURL,
          ...env,
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      web = child;
      child.stdout?.on('data', (chunk) => (webLog += chunk));
      child.stderr?.on('data', (chunk) => (webLog += chunk));
      await firstAnswer(`${baseURL}/api/auth/user`, child, { timeoutMs: 120_000, detail: () => webLog });
      return { child, port, baseURL };
    }

    it('finishes the request in flight, refuses new connections, hands the running job back and exits 0', async () => {
      const { child, port, baseURL } = await startWebProcess();
      const signIn = await fetch(`${baseURL}/api/dev-switch?email=${encodeURIComponent(OWNER)}`, {
        redirect: 'manual',
      });
      const cookie = sessionCookieFrom(signIn.headers.getSetCookie());
      expect(cookie, await signIn.text()).toBeDefined();
      await setPlan(database, OWNER, 'smb');
      const post = (url: string, body: object) =>
        fetch(`${baseURL}${url}`, {
          method: 'POST',
          headers: { cookie: cookie!, 'content-type': 'application/json', origin: baseURL },
          body: JSON.stringify(body),
        });

      const brand = await post('/api/brands', { name: 'Slow Roasters', websiteUrl: fixture.url });
      expect(brand.status, await brand.clone().text()).toBe(201);
      const brandId: string = (await brand.json()).id;
      const started = await post('/api/audits', { brandId });
      expect(started.status).toBe(201);
      const auditId: string = (await started.json()).id;
      await waitFor(
        async () => fixture.requests.includes('/slow.html'),
        (reached) => reached,
        { what: 'the audit to reach the slow page', timeoutMs: 60_000, intervalMs: 50 },
      );

      // Adding a feed fetches it within the request: the gated feed keeps the request in flight.
      const inFlight = post(`/api/brands/${brandId}/insight-sources`, { kind: 'feed', url: feed.url });
      await waitFor(
        async () => feed.requests,
        (count) => count > 0,
        { what: 'the request to be in flight', intervalMs: 20 },
      );

      child.kill('SIGTERM');
      await waitFor(
        () => connectionRefused(port),
        (refused) => refused,
        { what: 'new connections to be refused', timeoutMs: 10_000, intervalMs: 20 },
      );
      expect(child.exitCode).toBeNull();
      feed.release();
      const added = await inFlight;
      expect(added.status).toBe(201);
      expect(await added.json()).toMatchObject({ brandId, kind: 'feed', title: 'Slow Roasters reviews' });

      expect(await exitOf(child)).toBe(0);
      expect(webLog).toContain('jobs still running at the shutdown bound were handed back for another process');
      expect(webLog).toContain('web server closed: requests in flight finished');
      expect(webLog).toContain('"msg":"stopped"');

      // Handed back: due again now for any process, not active until its lease lapses.
      const { rows } = await database.executeSql(
        `select state, start_after <= now() as due from pgboss.job where name = $1 and data->>'auditId' = $2`,
        [runAuditJob.name, auditId],
      );
      expect(rows).toEqual([{ state: 'retry', due: true }]);

      worker = await startWorkerProcess(env);
      const [audit] = await waitFor(
        () => database.db.select({ status: audits.status }).from(audits).where(eq(audits.id, auditId)),
        ([row]) => row?.status !== 'processing',
        { what: `audit ${auditId} to finish on the worker`, timeoutMs: 120_000, intervalMs: 250 },
      );
      expect(audit?.status).toBe('completed');
      const jobs = await settledJobRows(
        database,
        `select state from pgboss.job where name = $1 and data->>'auditId' = $2`,
        [runAuditJob.name, auditId],
      );
      expect(jobs).toEqual([{ state: 'completed' }]);
    }, 300_000);
  },
);
