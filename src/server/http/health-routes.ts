import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SqlExecutor } from '../db/client.ts';
import { migrationsFolder } from '../db/client.ts';

/** One thing /readyz needs to work: it resolves when usable and rejects (or times out) when not. */
export type ReadinessCheck = { name: string; run(): Promise<void> };

type CheckState = 'ok' | 'failing';
type Readiness = { ready: boolean; checks: Record<string, CheckState> };

/** A check that takes longer than this counts as failing: a load balancer should not wait on a hung database. */
export const READINESS_TIMEOUT_MS = 1_000;

/** The newest migration's timestamp, as drizzle records it in its migrations table (created_at). */
function latestMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

function withinTimeout(run: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('readiness check timed out')), READINESS_TIMEOUT_MS);
  });
  return Promise.race([run(), timeout]).finally(() => clearTimeout(timer));
}

/** The database answers `select 1`. */
export function databaseCheck(executeSql: SqlExecutor): ReadinessCheck {
  return { name: 'database', run: async () => void (await executeSql('select 1')) };
}

/**
 * The newest migration this build ships is recorded as applied. Once seen it stays applied (this
 * process never rolls one back), so later checks cost nothing.
 */
export function migrationsCheck(executeSql: SqlExecutor): ReadinessCheck {
  const expected = latestMigrationMillis();
  let applied = false;
  return {
    name: 'migrations',
    run: async () => {
      if (applied) return;
      const { rows } = await executeSql(
        'select count(*)::integer as found from drizzle.__drizzle_migrations where created_at >= $1',
        [expected],
      );
      if ((rows[0] as { found: number } | undefined)?.found === 0) throw new Error('migrations are not applied');
      applied = true;
    },
  };
}

/** Files are kept on local disk: each directory exists (or can be made) and this process may write it. */
export function localDirectoriesCheck(directories: string[]): ReadinessCheck {
  const unique = [...new Set(directories)];
  return {
    name: 'storage',
    run: async () => {
      for (const directory of unique) {
        await fs.promises.mkdir(directory, { recursive: true });
        await fs.promises.access(directory, fs.constants.W_OK);
      }
    },
  };
}

/**
 * Runs every check at once, each bounded by READINESS_TIMEOUT_MS. The migrations check needs the
 * database, so it counts as failing whenever the database does.
 */
export async function assessReadiness(checks: ReadinessCheck[]): Promise<Readiness> {
  const outcomes = await Promise.allSettled(checks.map((check) => withinTimeout(() => check.run())));
  const states: Record<string, CheckState> = {};
  checks.forEach((check, index) => {
    states[check.name] = outcomes[index]?.status === 'fulfilled' ? 'ok' : 'failing';
  });
  if (states.database === 'failing' && 'migrations' in states) states.migrations = 'failing';
  return { ready: Object.values(states).every((state) => state === 'ok'), checks: states };
}

/**
 * GET /healthz: the process is alive and answering (no database). GET /readyz: 200 when every
 * check passes, 503 otherwise. Both are unauthenticated and not rate limited (load balancers and
 * orchestrators poll them); their bodies say which checks pass and nothing about hosts, versions or
 * errors. Concurrent /readyz requests share one assessment, so polling cannot pile up queries.
 */
export function registerHealthRoutes(app: FastifyInstance, deps: { checks: ReadinessCheck[] }) {
  let inFlight: Promise<Readiness> | null = null;
  const assessOnce = () => {
    inFlight ??= assessReadiness(deps.checks).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  // Polled every few seconds: logged only when something is wrong.
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const { ready, checks } = await assessOnce();
    reply.header('Cache-Control', 'no-store');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks });
  });
}
