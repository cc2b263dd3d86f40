import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedDatabaseInUseError, openDatabase } from './client.ts';

const run = promisify(execFile);
const opener = path.resolve(import.meta.dirname, '../../../tests/fixtures/scripts/open-embedded-database.ts');
const tsx = path.resolve(import.meta.dirname, '../../../node_modules/tsx/dist/cli.mjs');
const directories: string[] = [];

function tempDirectory() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-db-'));
  directories.push(directory);
  return directory;
}

afterEach(() => {
  for (const directory of directories.splice(0)) fs.rmSync(directory, { recursive: true, force: true });
});

describe('embedded database', () => {
  it('refuses a second process on the same directory with a clear message', async () => {
    const directory = tempDirectory();
    const database = await openDatabase({ directory });
    try {
      const outcome = await run(process.execPath, [tsx, opener, directory]).catch((error) => error);
      expect(outcome.code).toBe(3);
      expect(outcome.stderr).toContain(
        `The embedded database in ${directory} is already in use by process ${process.pid}`,
      );
      expect(outcome.stderr).toContain('set DATABASE_URL');
      await expect(openDatabase({ directory })).rejects.toBeInstanceOf(EmbeddedDatabaseInUseError);
    } finally {
      await database.close();
    }
    const after = await run(process.execPath, [tsx, opener, directory]);
    expect(after.stdout.trim()).toBe('opened');
    // two child processes that each load TypeScript and open the database: slow on a busy machine
  }, 90_000);

  it('takes over a lock left by a process that died', async () => {
    const directory = tempDirectory();
    fs.writeFileSync(path.join(directory, 'brandlens.pid'), '999999999');
    const database = await openDatabase({ directory });
    await database.close();
    expect(fs.existsSync(path.join(directory, 'brandlens.pid'))).toBe(false);
  });

  it('keeps data across reopening', async () => {
    const directory = tempDirectory();
    const first = await openDatabase({ directory });
    await first.migrate();
    await first.executeSql("insert into users (email) values ('kept@example.com')");
    await first.close();
    const second = await openDatabase({ directory });
    const { rows } = await second.executeSql('select email from users');
    expect(rows).toEqual([{ email: 'kept@example.com' }]);
    await second.close();
  });
});
