import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';

// `npm run db:migrate` on a data directory another process holds answers with the same sentence
// `npm start` gives, not a stack trace, and exits non-zero.
const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');
let dataDir: string;
let holder: DatabaseHandle;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'brandlens-migrate-'));
  // This test process holds the embedded database, as a running `npm start` would.
  holder = await openDatabase({ directory: path.join(dataDir, 'db') });
});

afterAll(async () => {
  await holder?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('npm run db:migrate', () => {
  it('says in one sentence that the embedded database is in use, and exits non-zero', async () => {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' };
    const failed = await run(process.execPath, ['--import', 'tsx', 'src/server/db/migrate-cli.ts'], {
      cwd: repoRoot,
      env,
    }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failed).not.toBeNull();
    expect(failed!.code).toBe(1);
    expect(failed!.stderr.trim()).toBe(
      `The embedded database in ${path.join(dataDir, 'db')} is already in use by process ${process.pid}. ` +
        'Embedded mode runs one process (web and jobs together); stop the other process, ' +
        'or set DATABASE_URL to a PostgreSQL server to run several processes.',
    );
    expect(failed!.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
