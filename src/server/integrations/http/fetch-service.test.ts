import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchService, maskSecrets, retryAfterMs, ServiceError } from './fetch-service.ts';

let server: Server;
let base: string;
const hits = new Map<string, number>();

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const count = (hits.get(path) ?? 0) + 1;
    hits.set(path, count);
    if (path === '/flaky' && count < 3) {
      response.writeHead(503).end('busy');
    } else if (path === '/limited' && count === 1) {
      response.writeHead(429, { 'retry-after': '1' }).end();
    } else if (path === '/long-wait') {
      response.writeHead(429, { 'retry-after': '3600' }).end();
    } else if (path === '/denied') {
      response.writeHead(401).end(`{"error":"bad key ${request.url}"}`);
    } else if (path === '/big') {
      response.writeHead(200).end('x'.repeat(5000));
    } else if (path === '/not-json') {
      response.writeHead(200).end('<html>');
    } else {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ path, method: request.method }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const waits: number[] = [];
const wait = async (ms: number) => {
  waits.push(ms);
};

describe('fetchService', () => {
  it('returns the parsed answer', async () => {
    const answer = await fetchService({ service: 'Test', url: `${base}/ok`, method: 'POST', body: '{}', wait });
    expect(answer.json()).toEqual({ path: '/ok', method: 'POST' });
  });

  it('retries 5xx with backoff until it succeeds', async () => {
    waits.length = 0;
    const answer = await fetchService({ service: 'Test', url: `${base}/flaky`, wait });
    expect(answer.status).toBe(200);
    expect(waits).toEqual([500, 1000]);
  });

  it('waits as long as Retry-After asks on 429', async () => {
    waits.length = 0;
    await fetchService({ service: 'Test', url: `${base}/limited`, wait });
    expect(waits).toEqual([1000]);
  });

  it('ends as rate limited when Retry-After is past the cap, with the wait', async () => {
    const error = await fetchService({ service: 'Test', url: `${base}/long-wait`, wait }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('rate_limited');
    expect((error as ServiceError).details.retryAfterMs).toBe(3_600_000);
  });

  it('masks credentials in errors and does not retry refused credentials', async () => {
    hits.delete('/denied');
    const error = (await fetchService({
      service: 'Test',
      url: `${base}/denied?key=sekret-key-123`,
      secrets: ['sekret-key-123'],
      wait,
    }).catch((e: unknown) => e)) as ServiceError;
    expect(error.kind).toBe('auth');
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('sekret-key-123');
    expect(hits.get('/denied')).toBe(1);
  });

  it('refuses answers past the size limit and bodies that are not JSON', async () => {
    const big = (await fetchService({ service: 'Test', url: `${base}/big`, maxBytes: 1000, wait }).catch(
      (e: unknown) => e,
    )) as ServiceError;
    expect(big.message).toContain('larger than 1000 bytes');
    const page = await fetchService({ service: 'Test', url: `${base}/not-json`, wait });
    expect(() => page.json()).toThrow(/not JSON/);
  });
});

describe('helpers', () => {
  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('7')).toBe(7000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
  });
  it('masks raw and URL-encoded secrets', () => {
    expect(maskSecrets('a=x/y+z b=x%2Fy%2Bz', ['x/y+z'])).toBe('a=[masked] b=[masked]');
  });
});
