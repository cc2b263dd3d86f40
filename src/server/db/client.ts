import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { projectRoot } from '../project-root.ts';
import * as schema from './schema/index.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs raw SQL for libraries that bring their own queries (pg-boss). */
export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Set for PostgreSQL: libraries that open their own pool connect with it. */
  connectionString?: string;
  executeSql: SqlExecutor;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const migrationsFolder = path.join(projectRoot, 'src/server/db/migrations');

export class EmbeddedDatabaseInUseError extends Error {}

export type OpenDatabaseOptions =
  | { databaseUrl: string }
  /** directory undefined keeps the embedded database in memory (tests) */
  | { databaseUrl?: undefined; directory?: string };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options && options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite('directory' in options ? options.directory : undefined);
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  // A server that does not answer at all (a dropped network) fails the query after 5 s, so the
  // request answers 503 instead of hanging.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle connection closed by the server (restart, failover) is dropped from the pool and
  // replaced on the next query; unhandled, its 'error' event would end the process. It is not
  // logged here: a server that went away makes the next query fail, and that outage is logged once
  // (db/outage.ts), where ten idle connections would log ten lines.
  pool.on('error', () => {});
  // Fail at start with a clear message instead of on the first request.
  const client = await pool.connect().catch(async (error: Error) => {
    await pool.end();
    throw new Error(`Cannot connect to PostgreSQL at DATABASE_URL: ${error.message}`);
  });
  client.release();
  const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    connectionString,
    executeSql: async (text, values) => pool.query(text, values),
    migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder }),
    close: () => pool.end(),
  };
}

/** PGlite (a WebAssembly PostgreSQL) loads only in embedded mode: a server on PostgreSQL never holds it. */
async function loadPglite() {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, drizzlePglite: drizzle, migratePglite: migrate };
}

async function openPglite(directory: string | undefined): Promise<DatabaseHandle> {
  const releaseLock = directory ? acquireDirectoryLock(directory) : () => {};
  const opened = await loadPglite()
    .then(async (loaded) => ({
      ...loaded,
      client: directory ? await loaded.PGlite.create(path.join(directory)) : await loaded.PGlite.create(),
    }))
    .catch((error: unknown) => {
      releaseLock();
      throw error;
    });
  const { client, drizzlePglite, migratePglite } = opened;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  const executeSql: SqlExecutor = async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    // Multi-statement text (pg-boss's BEGIN; ...; COMMIT; blocks) needs exec; the rows of every
    // statement together are the answer, as with one query on PostgreSQL.
    const results = await client.exec(text);
    return { rows: results.flatMap((result) => result.rows) };
  };
  return {
    db,
    kind: 'pglite',
    executeSql,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/**
 * PGlite keeps its data in one directory and two processes writing it lose data silently,
 * so embedded mode is one process: a second one is refused while the first is alive.
 */
function acquireDirectoryLock(directory: string): () => void {
  fs.mkdirSync(directory, { recursive: true });
  const lockPath = path.join(directory, 'brandlens.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      // The same process opening the directory twice would lose data just the same.
      if (Number.isInteger(holder) && (holder === process.pid || isProcessAlive(holder))) {
        throw new EmbeddedDatabaseInUseError(
          `The embedded database in ${directory} is already in use by process ${holder}. ` +
            'Embedded mode runs one process (web and jobs together); stop the other process, ' +
            'or set DATABASE_URL to a PostgreSQL server to run several processes.',
        );
      }
      fs.rmSync(lockPath, { force: true }); // left behind by a process that died
    }
  }
  throw new EmbeddedDatabaseInUseError(`Could not lock the embedded database in ${directory}`);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
