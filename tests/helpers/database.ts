/**
 * Test databases: in-memory PGlite by default, a fresh PostgreSQL database when TEST_DATABASE_URL
 * is set (CI). Every database is migrated and removed again by close()/destroy().
 */
import { randomBytes } from 'node:crypto';
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
  const { name, url } = await createPostgresDatabase();
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
  const { name, url } = await createPostgresDatabase();
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
): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropPostgresDatabase(name: string, adminUrl = requireTestDatabaseUrl()): Promise<void> {
  await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
