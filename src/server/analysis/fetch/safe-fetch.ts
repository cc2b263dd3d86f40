/**
 * GET a URL a user gave us without letting it reach anything but the public internet.
 *
 * - http and https only, no user:password@ in the URL, ports 80 and 443 only (unless loopback is
 *   allowed, for tests whose servers listen on random ports);
 * - the host name is resolved here and refused if ANY of its addresses is not public; the
 *   connection then goes to a vetted address only (the socket's DNS lookup is pinned to it, so a
 *   second, different answer from DNS cannot be slipped in), while the Host header and TLS SNI
 *   keep the name (this rule is vet-url.ts, which fetchService holds outside addresses to too);
 * - redirects are followed by hand, each hop checked the same way;
 * - one time limit covers DNS, connecting, headers and body of every hop; the body is streamed
 *   and abandoned as soon as it passes the size limit (after decompression too).
 *
 * Every failure is a FetchRefusedError whose message a user can read.
 */

import type { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import {
  FetchRefusedError,
  pinnedLookup,
  type Resolver,
  shown,
  systemResolver,
  type VetContext,
  vetUrl,
} from './vet-url.ts';

export { type FetchFailureReason, FetchRefusedError, type Resolver } from './vet-url.ts';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_USER_AGENT = 'Mozilla/5.0 (compatible; BrandlensBot/1.0)';
const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';

export type SafeFetchOptions = {
  /** Tests only: also allow loopback addresses (127.0.0.0/8, ::1) and any port. Never in production. */
  allowLoopback?: boolean;
  /** for DNS, connecting, headers and body of all hops together; default 10 s */
  timeoutMs?: number;
  /** largest body accepted, after decompression; default 5 MB */
  maxBytes?: number;
  /** default 5 */
  maxRedirects?: number;
  userAgent?: string;
  accept?: string;
  /** host name → addresses; default the system resolver (dns.lookup, all addresses) */
  resolver?: Resolver;
  /** stops the fetch (a FetchRefusedError with reason 'aborted') */
  signal?: AbortSignal;
};

export type RedirectHop = { from: string; to: string; status: number };

export type SafeFetchResult = {
  /** the URL requested */
  url: string;
  /** the URL that answered, after redirects */
  finalUrl: string;
  status: number;
  /** lower-cased names; repeated headers joined with ', ' */
  headers: Record<string, string>;
  contentType: string | null;
  /** decompressed */
  body: Buffer;
  bytes: number;
  redirects: RedirectHop[];
  fetchMs: number;
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** "10 s", "0.2 s", "2 minutes" */
export function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return ms === 60_000 ? '1 minute' : `${ms / 60_000} minutes`;
  const seconds = ms / 1000;
  return `${seconds >= 10 ? Math.round(seconds) : Number(seconds.toFixed(1)) || Number(seconds.toFixed(3))} s`;
}

/** "5 MB", "500 KB", "100 bytes" (binary units, as the limits are set) */
export function formatBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number(mb.toFixed(1))} MB`;
  const kb = bytes / 1024;
  if (kb >= 1) return `${Number(kb.toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** Abandons a response body (undici reports an unread, destroyed body as an error: nobody needs it). */
function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy();
}

function headerRecord(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    record[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return record;
}

function decompress(body: Buffer, encoding: string | undefined, maxBytes: number): Buffer {
  if (!encoding) return body;
  const codings = encoding
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding && coding !== 'identity')
    .reverse();
  let result = body;
  for (const coding of codings) {
    const options = { maxOutputLength: maxBytes };
    if (coding === 'gzip' || coding === 'x-gzip') result = gunzipSync(result, options);
    else if (coding === 'br') result = brotliDecompressSync(result, options);
    else if (coding === 'deflate') {
      // "deflate" is meant to be zlib-wrapped, but some servers send raw deflate
      try {
        result = inflateSync(result, options);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw error;
        result = inflateRawSync(result, options);
      }
    } else throw new Error(`unsupported content encoding ${coding}`);
  }
  return result;
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  EPIPE: 'the connection was closed',
  UND_ERR_SOCKET: 'the connection was closed',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate is not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another name',
};
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * GET `input` under the address policy and limits described above. Resolves for any HTTP status
 * (a 404 is an answer, not a failure); rejects with a FetchRefusedError otherwise.
 */
export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const allowLoopback = options.allowLoopback === true;

  let start: URL;
  try {
    start = new URL(input);
  } catch (error) {
    throw new FetchRefusedError(`${String(input)} is not a valid web address`, 'invalid url', String(input), {
      cause: error,
    });
  }
  start.hash = '';
  const startShown = shown(start);

  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new Error('timeout')), timeoutMs);
  const signal = options.signal ? AbortSignal.any([timer.signal, options.signal]) : timer.signal;

  const failure = (error: unknown): FetchRefusedError => {
    if (error instanceof FetchRefusedError) return error;
    if (options.signal?.aborted) {
      return new FetchRefusedError(`Stopped fetching ${startShown}`, 'aborted', startShown, { cause: error });
    }
    const code = errorCode(error);
    if (timer.signal.aborted || (code && TIMEOUT_CODES.has(code))) {
      return new FetchRefusedError(
        `Gave up on ${startShown} after ${formatDuration(timeoutMs)}`,
        'timeout',
        startShown,
        {
          cause: error,
        },
      );
    }
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      return new FetchRefusedError(`Could not resolve ${start.hostname}`, 'unresolved', startShown, { cause: error });
    }
    const words = (code && NETWORK_WORDS[code]) ?? (error instanceof Error ? error.message : String(error));
    return new FetchRefusedError(`Could not fetch ${startShown}: ${words}`, 'network', startShown, { cause: error });
  };

  const redirects: RedirectHop[] = [];
  let current = start;
  let previous: URL | null = null;
  try {
    for (;;) {
      const from = previous;
      const context: VetContext = {
        allowLoopback,
        resolver: options.resolver ?? systemResolver,
        signal,
        refusal: (url, why) =>
          from
            ? `Refused to follow the redirect from ${shown(from)} to ${shown(url)}: ${why}`
            : `Refused to fetch ${shown(url)}: ${why}`,
      };
      const addresses = await vetUrl(current, context);
      // undici (some 30 MB resident) loads with the first outside fetch, not when a server starts.
      const { Agent, request } = await import('undici');
      const agent = new Agent({
        connect: { lookup: pinnedLookup(addresses), timeout: timeoutMs },
        connections: 1,
        pipelining: 1,
      });
      try {
        const response = await request(current, {
          dispatcher: agent,
          method: 'GET',
          signal,
          reset: true,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          headers: {
            'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
            accept: options.accept ?? DEFAULT_ACCEPT,
            'accept-encoding': 'gzip, deflate, br',
          },
        });
        const headers = headerRecord(response.headers);
        const location = headers.location;
        if (REDIRECT_STATUSES.has(response.statusCode) && location) {
          discard(response.body);
          let next: URL;
          try {
            next = new URL(location, current);
          } catch (error) {
            throw new FetchRefusedError(
              `Could not follow the redirect from ${shown(current)}: "${location}" is not a valid web address`,
              'invalid url',
              startShown,
              { cause: error },
            );
          }
          next.hash = '';
          redirects.push({ from: shown(current), to: shown(next), status: response.statusCode });
          if (redirects.length > maxRedirects) {
            throw new FetchRefusedError(
              `Too many redirects (more than ${maxRedirects}) from ${startShown}`,
              'too many redirects',
              startShown,
            );
          }
          previous = current;
          current = next;
          continue;
        }

        const tooLarge = () =>
          new FetchRefusedError(`${shown(current)} is larger than ${formatBytes(maxBytes)}`, 'too large', startShown);
        const declared = Number(headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          discard(response.body);
          throw tooLarge();
        }
        const chunks: Buffer[] = [];
        let received = 0;
        for await (const chunk of response.body) {
          const buffer = chunk as Buffer;
          received += buffer.length;
          if (received > maxBytes) {
            discard(response.body);
            throw tooLarge();
          }
          chunks.push(buffer);
        }
        let body: Buffer;
        try {
          body = decompress(Buffer.concat(chunks), headers['content-encoding'], maxBytes);
        } catch (error) {
          if (errorCode(error) === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
          throw new FetchRefusedError(
            `Could not read ${shown(current)}: its compressed body is damaged`,
            'network',
            startShown,
            { cause: error },
          );
        }
        return {
          url: startShown,
          finalUrl: shown(current),
          status: response.statusCode,
          headers,
          contentType: headers['content-type'] ?? null,
          body,
          bytes: body.length,
          redirects,
          fetchMs: Math.round(performance.now() - started),
        };
      } finally {
        agent.destroy().catch(() => {});
      }
    }
  } catch (error) {
    throw failure(error);
  } finally {
    clearTimeout(timeout);
  }
}
