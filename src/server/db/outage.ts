import type { DatabaseHandle } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';

/** pino, Fastify's logger, or the job queue's. */
export type OutageLogger = {
  warn(details: Record<string, unknown>, message: string): void;
  info(details: Record<string, unknown>, message: string): void;
};

export type DatabaseOutage = {
  /**
   * True when the error says the database is unreachable; the first one starts the outage (logged
   * once) and later ones during it are only counted.
   */
  report(error: unknown): boolean;
  /** Connection errors reported during the current (or the last) outage. */
  readonly reports: number;
};

/** How long a client is asked to wait before it tries again (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 5;
const PROBE_INTERVAL_MS = 2_000;
/** The handle was closed on purpose (shutdown): nothing will come back, so probing stops quietly. */
const CLOSED_ON_PURPOSE = /^(PGlite is closed|Cannot use a pool after calling end)/;

/** One tracker per database, shared by the web app and the job queue of a process. */
const trackers = new WeakMap<object, DatabaseOutage>();

/**
 * Tracks a database outage so it is logged once with a recovery line, not once per request or
 * poll: after the first connection error it probes the database every 2 s until it answers.
 */
export function databaseOutage(database: Pick<DatabaseHandle, 'db' | 'executeSql'>, logger: OutageLogger) {
  const known = trackers.get(database.db);
  if (known) return known;
  let since: number | null = null;
  let failures = 0;
  let probe: NodeJS.Timeout | null = null;

  const stopProbing = () => {
    if (probe) clearInterval(probe);
    probe = null;
  };

  const check = async () => {
    try {
      await database.executeSql('select 1');
    } catch (error) {
      if (CLOSED_ON_PURPOSE.test((error as Error).message ?? '')) stopProbing();
      return;
    }
    logger.info({ downForMs: Date.now() - (since ?? Date.now()), failures }, 'database available again');
    since = null;
    stopProbing();
  };

  const tracker: DatabaseOutage = {
    report(error) {
      if (!isDatabaseUnavailable(error)) return false;
      if (since !== null) {
        failures++;
        return true;
      }
      since = Date.now();
      failures = 1;
      logger.warn(
        { reason: describe(error) },
        'database unavailable: requests answer 503 and jobs wait until it is back; probing every 2 s',
      );
      if (!CLOSED_ON_PURPOSE.test(describe(error))) {
        probe = setInterval(() => void check(), PROBE_INTERVAL_MS);
        probe.unref();
      }
      return true;
    },
    get reports() {
      return failures;
    },
  };
  trackers.set(database.db, tracker);
  return tracker;
}

/** The innermost error's code and message: enough to tell the cause, without a stack per line. */
function describe(error: unknown): string {
  let current = error as { message?: string; code?: string; cause?: unknown; errors?: unknown[] };
  while (current?.cause && typeof current.cause === 'object') current = current.cause as typeof current;
  const first = Array.isArray(current?.errors) ? (current.errors[0] as typeof current) : undefined;
  const message = current?.message || first?.message || String(error);
  const code = current?.code ?? first?.code;
  return code && !message.includes(code) ? `${message} (${code})` : message;
}
