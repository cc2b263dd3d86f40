/**
 * The loopback server under every mention-source double (127.0.0.1 only): records each request,
 * and lets a test put faults ahead of the double's normal answers (a 429 with Retry-After, a 401,
 * a quota error in the service's own shape), each used once.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type DoubleRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
};

export type DoubleReply = { status: number; headers?: Record<string, string>; body?: unknown };

export type DoubleServer = {
  url: string;
  calls: DoubleRequest[];
  /**
   * The next `times` requests whose path contains `pathPart` get this reply instead, once `skip`
   * such requests were answered normally (a fault on the second page).
   */
  fault(pathPart: string, reply: DoubleReply, times?: number, skip?: number): void;
  close(): Promise<void>;
};

export async function startDoubleServer(
  answer: (request: DoubleRequest) => DoubleReply | Promise<DoubleReply>,
): Promise<DoubleServer> {
  const calls: DoubleRequest[] = [];
  const faults: { pathPart: string; reply: DoubleReply; left: number; skip: number }[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const url = new URL(incoming.url ?? '/', 'http://double.invalid');
      const request: DoubleRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      calls.push(request);
      const fault = faults.find((candidate) => candidate.left > 0 && request.path.includes(candidate.pathPart));
      let reply: DoubleReply;
      if (fault && fault.skip > 0) {
        fault.skip -= 1;
        reply = await answer(request);
      } else if (fault) {
        fault.left -= 1;
        reply = fault.reply;
      } else {
        try {
          reply = await answer(request);
        } catch (error) {
          reply = { status: 500, body: { error: String(error) } };
        }
      }
      const text =
        reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      response
        .writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...reply.headers })
        .end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    fault(pathPart, reply, times = 1, skip = 0) {
      faults.push({ pathPart, reply, left: times, skip });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Offset paging over a list: the items of one page and whether more follow. */
export function pageOf<T>(items: T[], start: number, size: number): { items: T[]; next: number | null } {
  const page = items.slice(start, start + size);
  return { items: page, next: start + size < items.length ? start + size : null };
}

/** A date `index` steps of `stepMs` before `from`: generated items run from newest to oldest. */
export function stepBack(from: Date, index: number, stepMs = 3_600_000): Date {
  return new Date(from.getTime() - index * stepMs);
}
