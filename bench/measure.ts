/** Small helpers the benchmarks share: a median, a timed call, and running on each database. */
import { type DatabaseHandle, openDatabase } from '../src/server/db/client.ts';
import { createTestDatabase } from '../tests/helpers/database.ts';

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/**
 * Runs `measure` on an embedded in-memory database, then on a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set (and says how to get it otherwise).
 */
export async function measureOnEachDatabase(
  measure: (database: DatabaseHandle, label: string) => Promise<void>,
): Promise<void> {
  const embedded = await openDatabase({});
  try {
    await measure(embedded, 'PGlite (embedded, in memory)');
  } finally {
    await embedded.close();
  }
  if (!process.env.TEST_DATABASE_URL) {
    console.log('  (set TEST_DATABASE_URL to measure on PostgreSQL as well)');
    return;
  }
  const postgres = await createTestDatabase({ kind: 'postgres' });
  try {
    await measure(postgres, 'PostgreSQL');
  } finally {
    await postgres.close();
  }
}
