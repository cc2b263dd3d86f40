/** Timed HTTP reads of the feed bench: p50 and p95 of repeated requests, and a streamed download. */
import { nextPageCursor } from '../../src/shared/schemas/paging.ts';

export type Percentiles = { p50: number; p95: number; max: number };

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 };
}

export type Reader = { origin: string; cookie: string };

/** One request, its body read to the end; throws on an error status. */
export async function timedRead(reader: Reader, path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${reader.origin}${path}`, {
    ...init,
    headers: { cookie: reader.cookie, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const body = await response.arrayBuffer();
  const ms = performance.now() - started;
  if (!response.ok)
    throw new Error(`${path}: HTTP ${response.status} ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
  return { ms, bytes: body.byteLength, response, body };
}

/** p50/p95 of `runs` requests after one warm-up. */
export async function repeated(reader: Reader, path: string, runs = 20, init: RequestInit = {}) {
  await timedRead(reader, path, init);
  const times: number[] = [];
  let bytes = 0;
  let total: string | null = null;
  for (let run = 0; run < runs; run += 1) {
    const read = await timedRead(reader, path, init);
    times.push(read.ms);
    bytes = read.bytes;
    total = read.response.headers.get('x-total-count');
  }
  return { ...percentiles(times), bytes, total };
}

/** Walks up to `pages` pages by their Link headers; gives the address of the last one reached and its number. */
export async function pageDeep(
  reader: Reader,
  firstPath: string,
  pages: number,
): Promise<{ path: string; page: number }> {
  let path = firstPath;
  for (let page = 1; page < pages; page += 1) {
    const read = await timedRead(reader, path);
    const cursor = nextPageCursor(read.response.headers.get('link'));
    if (!cursor) return { path, page };
    const url = new URL(firstPath, reader.origin);
    url.searchParams.set('cursor', cursor);
    path = `${url.pathname}${url.search}`;
  }
  return { path, page: pages };
}

/** A download read chunk by chunk, never held whole: its time, size and lines. */
export async function streamedDownload(reader: Reader, path: string) {
  const started = performance.now();
  const response = await fetch(`${reader.origin}${path}`, { headers: { cookie: reader.cookie } });
  if (!response.ok || !response.body) throw new Error(`${path}: HTTP ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { ms: performance.now() - started, bytes, lines };
}
