/**
 * What the profile network doubles share: a JSON server on 127.0.0.1 that records each request,
 * serves the fixture images (a profile's picture lives at /img/<file>), and can be told to fail
 * the next requests the way the real services do (429 with Retry-After, 503, a slow answer).
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Failure = { status: 429 | 503 | 500; times: number; retryAfter?: string; body?: string };

export type DoubleServer = {
  origin: string;
  requests: URL[];
  /** the next `times` API requests answer `status` */
  failNext(failure: Failure): void;
  /** API requests wait this long before answering (to show reads overlap the crawl) */
  setLatency(ms: number): void;
  close(): Promise<void>;
};

export const fixtureImage = (file: string) => readFileSync(new URL(`../../fixtures/images/${file}`, import.meta.url));

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
}

export async function startJsonDouble(
  handle: (url: URL, response: ServerResponse, request: IncomingMessage) => void,
): Promise<DoubleServer> {
  const requests: URL[] = [];
  let failure: Failure | null = null;
  let latency = 0;
  let origin = '';
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname.startsWith('/img/')) {
      const file = url.pathname.slice('/img/'.length);
      const type = file.endsWith('.jpg') ? 'image/jpeg' : 'image/png';
      response.writeHead(200, { 'content-type': type });
      response.end(fixtureImage(file));
      return;
    }
    requests.push(url);
    const answer = () => {
      if (failure && failure.times > 0) {
        failure.times -= 1;
        const headers: Record<string, string> = failure.retryAfter ? { 'retry-after': failure.retryAfter } : {};
        sendJson(response, failure.status, failure.body ? JSON.parse(failure.body) : { error: 'unavailable' }, headers);
        return;
      }
      handle(url, response, request);
    };
    if (latency > 0) setTimeout(answer, latency);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    failNext(next) {
      failure = { ...next };
    },
    setLatency(ms) {
      latency = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A date `days` before `now`, as the APIs write them. */
export const daysAgo = (days: number, now = Date.now()) => new Date(now - days * 86_400_000).toISOString();
