/**
 * What every mention-source double shares: an HTTP server on 127.0.0.1 only, a record of every
 * request, and faults a test queues (the next request answers 429 with Retry-After, 503, a body
 * that is not what the API documents), answered before the API's own handler runs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault = { status: number; headers?: Record<string, string>; body?: string };

export type HttpDouble = {
  origin: string;
  /** every request's path and query, in order */
  calls: URL[];
  /** the next `times` requests whose path starts with `pathPrefix` (default any) answer this */
  failNext(fault: Fault, options?: { times?: number; pathPrefix?: string }): void;
  /** every request on `pathPrefix` answers this until cleared (a source that is down) */
  failAlways(pathPrefix: string, fault: Fault | null): void;
  /**
   * Holds the next request on `pathPrefix` until the returned release() is called, so a test can
   * look at progress mid-run without depending on timing.
   */
  holdNext(pathPrefix: string): () => void;
  close(): Promise<void>;
};

type Handler = (url: URL, request: IncomingMessage, response: ServerResponse) => void;

export async function startHttpDouble(handle: Handler): Promise<HttpDouble> {
  const calls: URL[] = [];
  const queued: { fault: Fault; times: number; pathPrefix: string }[] = [];
  const always = new Map<string, Fault>();
  const holds: { pathPrefix: string; released: Promise<void> }[] = [];
  const answerFault = (response: ServerResponse, fault: Fault) =>
    response.writeHead(fault.status, { 'content-type': 'text/plain', ...fault.headers }).end(fault.body ?? '');
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    calls.push(url);
    const hold = holds.find((entry) => url.pathname.startsWith(entry.pathPrefix));
    if (hold) {
      holds.splice(holds.indexOf(hold), 1);
      await hold.released;
    }
    for (const [prefix, fault] of always) if (url.pathname.startsWith(prefix)) return answerFault(response, fault);
    const next = queued.find((entry) => url.pathname.startsWith(entry.pathPrefix));
    if (next) {
      next.times -= 1;
      if (next.times <= 0) queued.splice(queued.indexOf(next), 1);
      return answerFault(response, next.fault);
    }
    handle(url, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    calls,
    failNext(fault, options = {}) {
      queued.push({ fault, times: options.times ?? 1, pathPrefix: options.pathPrefix ?? '/' });
    },
    holdNext(pathPrefix) {
      let release = () => {};
      holds.push({ pathPrefix, released: new Promise<void>((resolve) => (release = resolve)) });
      return () => release();
    },
    failAlways(pathPrefix, fault) {
      if (fault) always.set(pathPrefix, fault);
      else always.delete(pathPrefix);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(response: ServerResponse, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}

/** Whether a text names the searched words, as a search engine would match them (case-insensitive). */
export function matchesPhrase(text: string, phrase: string): boolean {
  return text.toLowerCase().includes(phrase.toLowerCase());
}
