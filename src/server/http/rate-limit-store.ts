import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SqlExecutor } from '../db/client.ts';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** Expired counters are removed at most this often per process, by the request that finds them due. */
export const PURGE_INTERVAL_MS = 10 * 60 * 1000;
/** One purge removes at most this many rows, so it never holds up the request that runs it for long. */
const PURGE_BATCH = 1000;

/**
 * One hit in one statement: a new counter, the next hit in the current window, or the first hit of a
 * new window when the last one has ended. Times are the database's, so app machines with skewed
 * clocks still agree on when a window ends; concurrent hits on one key queue on its row, so none is
 * lost between processes.
 */
const COUNT_HIT = `
  insert into rate_limit_counters as counter (key, hits, resets_at)
  values ($1, 1, now() + $2 * interval '1 millisecond')
  on conflict (key) do update set
    hits = case when counter.resets_at <= now() then 1 else least(counter.hits + 1, 2147483647) end,
    resets_at = case when counter.resets_at <= now() then excluded.resets_at else counter.resets_at end
  returning hits, greatest(0, extract(epoch from (resets_at - now())) * 1000)::float8 as ttl_ms`;

const READ_HITS = `
  select hits, (extract(epoch from (resets_at - now())) * 1000)::float8 as ttl_ms
  from rate_limit_counters where key = $1 and resets_at > now()`;

const PURGE_EXPIRED = `
  with purged as (
    delete from rate_limit_counters where key in (
      select key from rate_limit_counters where resets_at <= now() limit ${PURGE_BATCH}
    )
    returning 1
  )
  select count(*)::integer as purged from purged`;

/**
 * The stored key: a SHA-256 of the limit's name and the client's key. Clients are keyed by address,
 * account id, e-mail address or token, and a counter must not name anyone (a deleted account leaves
 * no row that points back at it), while equal keys still meet on one row in every process.
 */
export function rateLimitStorageKey(scope: string, key: string): string {
  return createHash('sha256').update(`${scope}\u0000${key}`, 'utf8').digest('hex');
}

/** Removes counters whose window has ended (up to one batch); answers how many went. */
export async function purgeExpiredRateLimits(executeSql: SqlExecutor): Promise<number> {
  const { rows } = await executeSql(PURGE_EXPIRED, []);
  return (rows[0] as { purged: number } | undefined)?.purged ?? 0;
}

type StoreDeps = { executeSql: SqlExecutor; purgeWhenDue(): void };

class DatabaseRateLimitStore implements FastifyRateLimitStore {
  /** scope names the limit: the route's method and URL, or '' for limits made with createRateLimit. */
  constructor(
    private readonly deps: StoreDeps,
    private readonly scope: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number): void {
    this.deps.executeSql(COUNT_HIT, [rateLimitStorageKey(this.scope, key), timeWindow]).then(
      ({ rows }) => {
        const [row] = rows as { hits: number; ttl_ms: number }[];
        if (!row) return callback(new Error('the rate-limit counter was not returned'));
        callback(null, { current: row.hits, ttl: Math.ceil(row.ttl_ms) });
        this.deps.purgeWhenDue();
      },
      (error: Error) => callback(error),
    );
  }

  /** The current window's count without counting a hit (`{ increment: false }`). */
  read(key: string, callback: Callback): void {
    this.deps.executeSql(READ_HITS, [rateLimitStorageKey(this.scope, key)]).then(
      ({ rows }) => {
        const [row] = rows as { hits: number; ttl_ms: number }[];
        callback(null, row ? { current: row.hits, ttl: Math.ceil(row.ttl_ms) } : { current: 0, ttl: 0 });
      },
      (error: Error) => callback(error),
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // The plugin passes its merged options, with the route under routeInfo (empty for limits made
    // with createRateLimit, whose key generators name them: api-token:, support-contact:...).
    const { routeInfo } = routeOptions as unknown as { routeInfo?: { method?: string | string[]; url?: string } };
    const scope = routeInfo?.url ? `${[routeInfo.method].flat().join(',')} ${routeInfo.url}` : '';
    return new DatabaseRateLimitStore(this.deps, scope);
  }
}

/**
 * A @fastify/rate-limit store that counts in the rate_limit_counters table, so every app process on
 * one database shares each limit: N processes allow the limit once, not N times. Fixed windows, like
 * the plugin's own store; `continueExceeding` and `exponentialBackoff` are not offered (no route
 * uses them). Pass the class as the plugin's `store` option.
 */
export function databaseRateLimitStore(
  executeSql: SqlExecutor,
  options: { onPurgeError?: (error: unknown) => void } = {},
): FastifyRateLimitStoreCtor {
  let lastPurgeAt = Date.now();
  const purgeWhenDue = () => {
    if (Date.now() - lastPurgeAt < PURGE_INTERVAL_MS) return;
    lastPurgeAt = Date.now();
    // Not awaited: the request that finds it due is not held up by housekeeping.
    purgeExpiredRateLimits(executeSql).catch((error: unknown) => options.onPurgeError?.(error));
  };
  const deps: StoreDeps = { executeSql, purgeWhenDue };
  return class RootDatabaseRateLimitStore extends DatabaseRateLimitStore {
    constructor() {
      super(deps, '');
    }
  };
}
