/**
 * A small closed-loop load generator on undici: `connections` workers, each sending the next
 * request as soon as the previous answer has been read, for `durationMs` (bounded in time and in
 * count). Every answer must have the expected status, or the run fails: throughput of errors is
 * not throughput.
 */
import { Pool } from 'undici';

export type LoadOptions = {
  origin: string;
  path: string;
  headers?: Record<string, string>;
  connections: number;
  durationMs: number;
  expectedStatus?: number;
  /** a hard cap on requests, so a run stops even against a server that answers instantly */
  maxRequests?: number;
};

export type LoadResult = { requests: number; seconds: number; requestsPerSecond: number; p50Ms: number; p99Ms: number };

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const {
    origin,
    path,
    headers = {},
    connections,
    durationMs,
    expectedStatus = 200,
    maxRequests = 2_000_000,
  } = options;
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const latencies: number[] = [];
  let sent = 0;
  const started = performance.now();
  const deadline = started + durationMs;

  async function worker() {
    while (performance.now() < deadline && sent < maxRequests) {
      sent += 1;
      const requestStarted = performance.now();
      const response = await pool.request({ method: 'GET', path, headers });
      await response.body.arrayBuffer();
      if (response.statusCode !== expectedStatus) {
        throw new Error(`GET ${path} answered ${response.statusCode}, expected ${expectedStatus}`);
      }
      latencies.push(performance.now() - requestStarted);
    }
  }

  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    await pool.close();
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (quantile: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * quantile))] ?? 0;
  return {
    requests: latencies.length,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}
