import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import { createShutdown } from './shutdown.ts';

function recorder() {
  const steps: string[] = [];
  const logger = {
    info: (_fields: object, message: string) => steps.push(`info: ${message}`),
    warn: (_fields: object, message: string) => steps.push(`warn: ${message}`),
    error: (_fields: object, message: string) => steps.push(`error: ${message}`),
  };
  const queue = {
    stopTakingJobs: async () => void steps.push('queue: stop taking jobs'),
    stop: async (options?: { timeoutMs?: number }) => void steps.push(`queue: stop within ${options?.timeoutMs}`),
  } as unknown as JobQueue;
  const database = { close: async () => void steps.push('database: close') } as unknown as DatabaseHandle;
  const exits: number[] = [];
  return { steps, logger, queue, database, exits, exit: (code: number) => void exits.push(code) };
}

/** A server whose one route answers only when released. */
async function serverWithSlowRoute() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived: () => void = () => {};
  const inFlight = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const app = Fastify();
  app.get('/slow', async () => {
    arrived();
    await released;
    return { done: true };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `${address}/slow`, inFlight, release };
}

describe('createShutdown', () => {
  it('waits for the request in flight, then stops the jobs within what is left of the bound, closes the database and exits 0', async () => {
    const { steps, logger, queue, database, exits, exit } = recorder();
    const { app, url, inFlight, release } = await serverWithSlowRoute();
    const response = fetch(url);
    await inFlight;
    const shutdown = createShutdown({ logger, timeoutMs: 10_000, queue, database, app, exit });
    const done = shutdown('SIGTERM');
    await expect(fetch(url)).rejects.toThrow();
    release();
    expect((await response).status).toBe(200);
    await done;
    expect(exits).toEqual([0]);
    expect(steps[0]).toBe('info: shutting down: no new requests or jobs; waiting for those in flight');
    expect(steps).toContain('info: web server closed: requests in flight finished');
    const stop = steps.find((step) => step.startsWith('queue: stop within'));
    expect(Number(stop?.split(' ').at(-1))).toBeLessThanOrEqual(10_000);
    expect(steps.indexOf('queue: stop taking jobs')).toBeLessThan(steps.indexOf(stop!));
    expect(steps.slice(-4)).toEqual([stop, 'database: close', 'info: database closed', 'info: stopped']);
  });

  it('closes the connections of requests still running at the bound', async () => {
    const { steps, logger, queue, database, exits, exit } = recorder();
    const { app, url, inFlight, release } = await serverWithSlowRoute();
    const response = fetch(url);
    await inFlight;
    await createShutdown({ logger, timeoutMs: 200, queue, database, app, exit })('SIGTERM');
    await expect(response).rejects.toThrow();
    release();
    expect(steps).toContain('warn: requests still running at the shutdown bound: closing their connections');
    expect(exits).toEqual([0]);
  });

  it('exits at once with 1 on a second signal', async () => {
    const { steps, logger, queue, database, exits, exit } = recorder();
    const { app, inFlight, url, release } = await serverWithSlowRoute();
    const response = fetch(url);
    await inFlight;
    const shutdown = createShutdown({ logger, timeoutMs: 10_000, queue, database, app, exit });
    const first = shutdown('SIGTERM');
    void shutdown('SIGINT');
    expect(exits).toEqual([1]);
    expect(steps).toContain('warn: second signal: exiting at once, without waiting for requests or jobs');
    release();
    await response;
    await first;
  });

  it('takes the same signal arriving twice at once (npm passing it on, and the process group) as one', async () => {
    const { steps, logger, queue, database, exits, exit } = recorder();
    const { app, inFlight, url, release } = await serverWithSlowRoute();
    const response = fetch(url);
    await inFlight;
    const shutdown = createShutdown({ logger, timeoutMs: 10_000, queue, database, app, exit });
    const first = shutdown('SIGTERM');
    void shutdown('SIGTERM');
    expect(exits).toEqual([]);
    expect(steps).toContain(
      'info: the same signal again at once (from npm and the process group): still shutting down',
    );
    release();
    expect((await response).status).toBe(200);
    await first;
    expect(exits).toEqual([0]);
  });

  it('exits at once with 1 when the same signal comes again after the window', async () => {
    const { logger, queue, database, exits, exit } = recorder();
    const { app, inFlight, url, release } = await serverWithSlowRoute();
    const response = fetch(url);
    await inFlight;
    const shutdown = createShutdown({ logger, timeoutMs: 10_000, queue, database, app, exit, repeatWindowMs: 0 });
    const first = shutdown('SIGINT');
    void shutdown('SIGINT');
    expect(exits).toEqual([1]);
    release();
    await response;
    await first;
  });
});
