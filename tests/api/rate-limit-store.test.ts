import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseRateLimitStore,
  purgeExpiredRateLimits,
  rateLimitStorageKey,
} from '../../src/server/http/rate-limit-store.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts';

// The database-backed store on its own: the counting statement, windows, scopes, hashed keys and
// the purge of ended windows, on the default test database (PGlite, or PostgreSQL in CI).

const MINUTE = 60_000;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

type Counted = { current: number; ttl: number };

function incr(store: FastifyRateLimitStore, key: string, timeWindow = MINUTE): Promise<Counted> {
  return new Promise((resolve, reject) =>
    store.incr(key, (error, result) => (error || !result ? reject(error) : resolve(result)), timeWindow, 10),
  );
}

function read(store: FastifyRateLimitStore, key: string): Promise<Counted> {
  const readable = store as FastifyRateLimitStore & {
    read(key: string, cb: (e: Error | null, r?: Counted) => void): void;
  };
  return new Promise((resolve, reject) =>
    readable.read(key, (error, result) => (error || !result ? reject(error) : resolve(result))),
  );
}

/** A store as the plugin makes one: the root for the app, then a child per route or createRateLimit. */
function routeStore(url?: string): FastifyRateLimitStore {
  const Store = databaseRateLimitStore(database.executeSql);
  const root = new Store({});
  const routeInfo = url ? { method: 'POST', url } : {};
  return root.child({ routeInfo } as unknown as Parameters<FastifyRateLimitStore['child']>[0]);
}

async function counterRows() {
  const { rows } = await database.executeSql('select key, hits from rate_limit_counters order by key', []);
  return rows as { key: string; hits: number }[];
}

async function endWindowOf(storedKey: string) {
  await database.executeSql("update rate_limit_counters set resets_at = now() - interval '1 second' where key = $1", [
    storedKey,
  ]);
}

describe('database rate-limit store', () => {
  it('counts hits in one window and reports the time left in it', async () => {
    const store = routeStore('/api/count');
    const first = await incr(store, '10.0.0.1');
    const second = await incr(store, '10.0.0.1');
    expect(first.current).toBe(1);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(MINUTE - 5_000);
    expect(second.ttl).toBeLessThanOrEqual(MINUTE);
  });

  it('starts a new window at one once the last one has ended', async () => {
    const store = routeStore('/api/window');
    await incr(store, '10.0.0.2');
    await incr(store, '10.0.0.2');
    await endWindowOf(rateLimitStorageKey('POST /api/window', '10.0.0.2'));
    const next = await incr(store, '10.0.0.2');
    expect(next.current).toBe(1);
    expect(next.ttl).toBeGreaterThan(MINUTE - 5_000);
  });

  it('shares one counter between stores of different processes for the same route and key', async () => {
    const inOneProcess = routeStore('/api/shared');
    const inAnother = routeStore('/api/shared');
    const counts = await Promise.all(
      Array.from({ length: 12 }, (_, index) => incr(index % 2 === 0 ? inOneProcess : inAnother, 'client')),
    );
    // Concurrent hits from both queue on one row: each gets its own number, none is lost.
    expect(counts.map((count) => count.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
  });

  it('keeps separate counters for separate routes and for limits made without a route', async () => {
    const login = routeStore('/api/scope-a');
    const other = routeStore('/api/scope-b');
    const unrouted = routeStore();
    await incr(login, 'same-client');
    await incr(login, 'same-client');
    expect((await incr(other, 'same-client')).current).toBe(1);
    expect((await incr(unrouted, 'same-client')).current).toBe(1);
  });

  it('stores only a hash of the key, so no counter names an address, account or e-mail', async () => {
    const store = routeStore();
    await incr(store, 'support-contact:address:someone@example.com');
    const stored = rateLimitStorageKey('', 'support-contact:address:someone@example.com');
    const rows = await counterRows();
    expect(rows).toContainEqual({ key: stored, hits: 1 });
    expect(stored).toMatch(/^[a-f0-9]{64}$/);
    expect(rows.some((row) => row.key.includes('example.com'))).toBe(false);
  });

  it('reads the current count without counting a hit', async () => {
    const store = routeStore('/api/read');
    expect(await read(store, 'reader')).toEqual({ current: 0, ttl: 0 });
    await incr(store, 'reader');
    const seen = await read(store, 'reader');
    expect(seen.current).toBe(1);
    expect(seen.ttl).toBeGreaterThan(0);
    expect((await read(store, 'reader')).current).toBe(1);
  });

  it('purges counters whose window has ended and keeps the running ones', async () => {
    const store = routeStore('/api/purge');
    await incr(store, 'ended');
    await incr(store, 'running');
    const ended = rateLimitStorageKey('POST /api/purge', 'ended');
    const running = rateLimitStorageKey('POST /api/purge', 'running');
    await endWindowOf(ended);
    expect(await purgeExpiredRateLimits(database.executeSql)).toBeGreaterThanOrEqual(1);
    const keys = (await counterRows()).map((row) => row.key);
    expect(keys).not.toContain(ended);
    expect(keys).toContain(running);
  });

  it('reports a database error to the plugin instead of counting nothing', async () => {
    const failing = databaseRateLimitStore(async () => {
      throw new Error('connection refused');
    });
    const store = new failing({}).child({ routeInfo: {} } as unknown as Parameters<FastifyRateLimitStore['child']>[0]);
    await expect(incr(store, 'anyone')).rejects.toThrow('connection refused');
  });
});
