import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnvironment } from '../helpers/child-environment.ts';
import { firstAnswer, freePort } from '../helpers/ports.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('production start', () => {
  let child: ChildProcess;
  let dataDir: string;
  let log = '';
  let baseURL: string;
  let builtAt: number;

  beforeAll(async () => {
    // What `npm start` runs in production: the compiled server on plain Node, no transpiler. Built
    // from this test process (NODE_ENV=test), as the suite's own builds are, which `npm start` reuses.
    // Measured on the file system's clock, which writes the build's files: under a faked clock
    // (a run at a chosen time of day) Date.now() is hours away from it.
    const marker = path.join(os.tmpdir(), `brandlens-build-marker-${process.pid}`);
    fs.writeFileSync(marker, '');
    builtAt = fs.statSync(marker).mtimeMs - 1_000;
    fs.rmSync(marker);
    execFileSync(process.execPath, [path.join(root, 'scripts/build-server.ts')], { cwd: root, stdio: 'pipe' });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-production-'));
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
      cwd: root,
      env: childEnvironment({
        NODE_ENV: 'production',
        SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (log += chunk));
    child.stderr?.on('data', (chunk) => (log += chunk));
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('boots from dist/server and answers a signed-out visitor with 401', async () => {
    const response = await firstAnswer(`${baseURL}/api/auth/user`, child, { timeoutMs: 150_000, detail: () => log });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Unauthorized' });
    // The whole web stack is there, security headers included, and nothing failed on the way.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(log).not.toMatch(/Error/);
  }, 160_000);

  it('compiles JSX for React’s production runtime whoever builds, so a production server renders PDFs', () => {
    const outDir = path.join(root, 'dist/server');
    const written = fs
      .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js') && fs.statSync(path.join(outDir, file)).mtimeMs >= builtAt);
    expect(written).toContain('main.js');
    expect(written.some((file) => file.includes('render-sentiment-pdf'))).toBe(true);
    const development = written.filter((file) => fs.readFileSync(path.join(outDir, file), 'utf8').includes('jsxDEV'));
    expect(development).toEqual([]);
  });
});
