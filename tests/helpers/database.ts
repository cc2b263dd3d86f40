/**
 * Test databases: in-memory PGlite by default, a fresh PostgreSQL database when TEST_DATABASE_URL
 * is set (CI). Every database is migrated and removed again by close()/destroy().
 *
 * On PostgreSQL each database is a copy of a migrated template (CREATE DATABASE ... TEMPLATE):
 * running every migration took seconds for each of the suite's 150-odd databases, a copy takes a
 * fraction of that. The template is built once per set of migrations (its name carries their hash),
 * by whichever test process needs it first, under an advisory lock the others wait on.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';

/** PostgreSQL server for tests (any database on it; the test databases are created beside it). */
export const testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The kind createTestDatabase() uses when none is asked for. */
export const defaultTestDatabaseKind: TestDatabaseKind = testDatabaseUrl ? 'postgres' : 'pglite';

export type TestDatabase = DatabaseHandle & { name: string };

/**
 * A migrated database of its own; close() also removes it (DROP DATABASE for PostgreSQL).
 * kind 'postgres' needs TEST_DATABASE_URL.
 */
export async function createTestDatabase(options: { kind?: TestDatabaseKind } = {}): Promise<TestDatabase> {
  const kind = options.kind ?? defaultTestDatabaseKind;
  if (kind === 'pglite') {
    const handle = await openDatabase({});
    await migrateOrClose(handle);
    return { ...handle, name: 'pglite:memory' };
  }
  const { name, url } = await createMigratedPostgresDatabase();
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: url });
    await migrateOrClose(handle);
  } catch (error) {
    await dropPostgresDatabase(name);
    throw error;
  }
  return {
    ...handle,
    name,
    close: async () => {
      try {
        await handle.close();
      } finally {
        await dropPostgresDatabase(name);
      }
    },
  };
}

/**
 * A database that outlives its connections, for restart tests: open() gives a new migrated handle
 * on the same data each time (PGlite: a data directory in a temp dir; PostgreSQL: the same
 * database by URL). destroy() closes the handles still open and removes the data.
 */
export type ReopenableTestDatabase = {
  kind: TestDatabaseKind;
  name: string;
  open(): Promise<DatabaseHandle>;
  destroy(): Promise<void>;
};

export async function createReopenableTestDatabase(
  options: { kind?: TestDatabaseKind } = {},
): Promise<ReopenableTestDatabase> {
  const kind = options.kind ?? defaultTestDatabaseKind;
  const openHandles = new Set<DatabaseHandle>();
  const track = async (opened: Promise<DatabaseHandle>): Promise<DatabaseHandle> => {
    const handle = await opened;
    await migrateOrClose(handle);
    const tracked: DatabaseHandle = {
      ...handle,
      close: async () => {
        openHandles.delete(tracked);
        await handle.close();
      },
    };
    openHandles.add(tracked);
    return tracked;
  };
  const closeAll = async () => {
    await Promise.allSettled([...openHandles].map((handle) => handle.close()));
  };

  if (kind === 'pglite') {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'brandlens-test-db-'));
    return {
      kind,
      name: `pglite:${directory}`,
      open: () => track(openDatabase({ directory })),
      destroy: async () => {
        await closeAll();
        await fs.rm(directory, { recursive: true, force: true });
      },
    };
  }
  const { name, url } = await createMigratedPostgresDatabase();
  return {
    kind,
    name,
    open: () => track(openDatabase({ databaseUrl: url })),
    destroy: async () => {
      await closeAll();
      await dropPostgresDatabase(name);
    },
  };
}

async function migrateOrClose(handle: DatabaseHandle): Promise<void> {
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

function requireTestDatabaseUrl(): string {
  if (!testDatabaseUrl) throw new Error('A PostgreSQL test database needs TEST_DATABASE_URL');
  return testDatabaseUrl;
}

async function withAdminClient<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the PostgreSQL server of `adminUrl` (TEST_DATABASE_URL by default),
 * named after `prefix`; the benchmarks make theirs here too.
 */
export async function createPostgresDatabase(
  adminUrl = requireTestDatabaseUrl(),
  prefix = 'brandlens_test',
  template?: string,
): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const from = template ? ` TEMPLATE "${template}"` : '';
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"${from}`));
  return { name, url: databaseUrlOf(adminUrl, name) };
}

function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const migrationsDir = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
const TEMPLATE_PREFIX = 'brandlens_template_';
/** Any number: the advisory lock that one test process at a time builds the template under. */
const TEMPLATE_LOCK = 461_203_777;

/** A hash of every migration file (SQL and drizzle's journal): a changed migration gets a new template. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsDir);
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated template's name, built when missing. Nothing connects to a template once built, so
 * copies of it can be made at any time. Templates of other sets of migrations are left alone:
 * another checkout may be copying from one on the same server (each is some 10 MB).
 */
async function migratedTemplate(adminUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsHash()}`;
  return withAdminClient(adminUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (existing.rowCount) return name;
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${building}"`);
      const handle = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, building) });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      return name;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

let template: Promise<string> | undefined;

/** A new database on TEST_DATABASE_URL's server with every migration applied: a copy of the template. */
async function createMigratedPostgresDatabase(): Promise<{ name: string; url: string }> {
  const adminUrl = requireTestDatabaseUrl();
  template ??= migratedTemplate(adminUrl).catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  return createPostgresDatabase(adminUrl, 'brandlens_test', await template);
}

export async function dropPostgresDatabase(name: string, adminUrl = requireTestDatabaseUrl()): Promise<void> {
  await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
