/**
 * Two app machines behind one load balancer, as a multi-machine deployment runs them: two
 * compiled app processes (`npm start` in production runs dist/server/main.js) sharing only
 * PostgreSQL and an S3-compatible store (the loopback double), each with a DATA_DIR of its own.
 * A logo uploaded through one is served by the other, drawn into a PDF the other renders, and gone
 * from the store once the brand is deleted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { brands, users } from '../../src/server/db/schema/index.ts';
import { type S3Double, startS3Double } from '../doubles/s3.ts';
import { sessionCookieFrom } from '../helpers/app.ts';
import { childEnvironment } from '../helpers/child-environment.ts';
import { createPostgresDatabase, dropPostgresDatabase, testDatabaseUrl } from '../helpers/database.ts';
import { firstAnswer, freePort } from '../helpers/ports.ts';
import { seedCompletedAuditOf, setPlan } from '../helpers/seed.ts';
import { buildWorkerIfStale } from '../helpers/worker-processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const OWNER = 'two-machines@example.com';

type AppMachine = { baseURL: string; child: ChildProcess; dataDir: string; log(): string };

/** One app process (web and jobs) on a free loopback port, started as `npm start` starts it. */
async function startAppMachine(env: Record<string, string>): Promise<AppMachine> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-machine-'));
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: childEnvironment({
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  await firstAnswer(`${baseURL}/api/auth/user`, child, { timeoutMs: 60_000, detail: () => output });
  return { baseURL, child, dataDir, log: () => output };
}

async function stopAppMachine(machine: AppMachine) {
  if (machine.child.exitCode === null && machine.child.signalCode === null) {
    const exited = new Promise((resolve) => machine.child.once('exit', resolve));
    machine.child.kill('SIGKILL');
    await exited;
  }
  fs.rmSync(machine.dataDir, { recursive: true, force: true });
}

describe.skipIf(!testDatabaseUrl)(
  'two app machines sharing only PostgreSQL and the object store (skipped on PGlite, which one process alone may open: set TEST_DATABASE_URL)',
  () => {
    let s3: S3Double;
    let database: DatabaseHandle;
    let databaseName: string;
    let machines: AppMachine[] = [];
    let first: AppMachine;
    let second: AppMachine;
    let cookie: string;
    let logoPng: Buffer;

    beforeAll(async () => {
      buildWorkerIfStale();
      s3 = await startS3Double();
      const created = await createPostgresDatabase();
      databaseName = created.name;
      database = await openDatabase({ databaseUrl: created.url });
      await database.migrate();
      const env = {
        DATABASE_URL: created.url,
        SESSION_SECRET: 'a-test-secret-of-at-least-32-characters!!',
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'test-access-key',
        AWS_SECRET_ACCESS_KEY: 'test-secret-key',
      };
      machines = await Promise.all([startAppMachine(env), startAppMachine(env)]);
      [first, second] = machines as [AppMachine, AppMachine];
      const signedIn = await fetch(`${first.baseURL}/api/dev-switch?email=${encodeURIComponent(OWNER)}`, {
        redirect: 'manual',
      });
      cookie = sessionCookieFrom(signedIn.headers.getSetCookie()) ?? '';
      expect(cookie, `sign-in failed: ${signedIn.status}`).not.toBe('');
      await setPlan(database, OWNER, 'agency');
      logoPng = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0e7490' } })
        .png()
        .toBuffer();
    }, 180_000);

    afterAll(async () => {
      await Promise.allSettled(machines.map(stopAppMachine));
      await database?.close();
      if (databaseName) await dropPostgresDatabase(databaseName);
      await s3?.close();
    }, 60_000);

    const call = (machine: AppMachine, method: string, url: string, body?: object) =>
      fetch(`${machine.baseURL}${url}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });

    const hasImage = (pdf: Buffer) => pdf.includes('/Subtype /Image');

    it('serves through one machine the logo uploaded through the other, draws it into its PDFs, and drops it with the brand', async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(logoPng)], { type: 'image/png' }), 'logo.png');
      const uploaded = await fetch(`${first.baseURL}/api/upload`, { method: 'POST', headers: { cookie }, body: form });
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);
      const logoUrl: string = (await uploaded.json()).url;
      const objectKey = `uploads/${logoUrl.split('/').at(-1)}`;
      expect(s3.objects.get(objectKey)?.body.equals(logoPng)).toBe(true);
      // Neither machine keeps it on its own disk: the bucket is the only copy.
      for (const machine of machines) expect(fs.existsSync(path.join(machine.dataDir, objectKey))).toBe(false);

      const served = await call(second, 'GET', logoUrl);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(logoPng)).toBe(true);

      const createdBrand = await call(first, 'POST', '/api/brands', { name: 'Two Machines Coffee', logoUrl });
      expect(createdBrand.status).toBe(201);
      const brandId: string = (await createdBrand.json()).id;
      const [owner] = await database.db.select().from(users).where(eq(users.email, OWNER));
      const audit = await seedCompletedAuditOf(database, { id: brandId, userId: owner!.id });

      const render = async (machine: AppMachine) => {
        const response = await call(machine, 'POST', `/api/audits/${audit.id}/pdf`, {});
        expect(response.status).toBe(200);
        return Buffer.from(await response.arrayBuffer());
      };
      const settings = { companyName: 'Northbank Digital' };
      expect((await call(first, 'POST', '/api/white-label-settings', settings)).status).toBe(200);
      const withoutLogo = await render(second);
      expect(hasImage(withoutLogo)).toBe(false);
      expect(
        (await call(first, 'POST', '/api/white-label-settings', { ...settings, companyLogo: logoUrl })).status,
      ).toBe(200);
      const withLogo = await render(second);
      expect(hasImage(withLogo)).toBe(true);
      expect(withLogo.length).toBeGreaterThan(withoutLogo.length);

      // The white label stops showing it, so the brand is the last thing that does.
      expect((await call(first, 'POST', '/api/white-label-settings', settings)).status).toBe(200);
      expect((await call(second, 'DELETE', `/api/brands/${brandId}`)).status).toBe(204);
      expect(await database.db.select().from(brands).where(eq(brands.id, brandId))).toEqual([]);
      expect(s3.objects.has(objectKey)).toBe(false);
      expect((await call(first, 'GET', logoUrl)).status).toBe(404);
    }, 120_000);
  },
);
