/**
 * One request to an outside service's API (a base URL the operator configured, never one a user
 * typed: those go through safeFetch and its address rules), with what every such API needs:
 *
 * - a time limit and a size limit on the answer;
 * - retries with backoff on 429, 5xx and network faults, honouring Retry-After (seconds or a date)
 *   up to a cap: a longer wait ends the request as rate limited, with the wait, instead of holding
 *   a worker;
 * - errors a user may read, with every credential the caller names masked out of them (an API key
 *   in a query string, a bearer token in an echoed header), and no cause chain that could quote one;
 * - redirects followed by hand, a few at most: the configured host and port are trusted as the
 *   operator set them, any other address (a redirect elsewhere, a paging link the caller passes on
 *   with its configuredUrl) must pass the crawler's address rules before anything connects to it
 *   (service-connections.ts).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { FetchRefusedError, type Resolver, shown } from '../../analysis/fetch/vet-url.ts';
import { deadline } from './deadline.ts';
import { type HopFetch, type HopInit, ServiceConnections } from './service-connections.ts';

export type ServiceErrorKind =
  | 'auth' // 401/403: the credentials are refused
  | 'rate_limited' // 429 (or a Retry-After past the cap)
  | 'quota' // the service says its daily quota is spent (the caller decides from the answer)
  | 'not_found' // 404
  | 'bad_request' // another 4xx
  | 'upstream' // 5xx after the retries
  | 'malformed' // an answer that is not what the API documents (a redirect loop included)
  | 'refused_address' // a redirect or link to an address this server does not connect to
  | 'unreachable'; // DNS, connection, time limit, size limit

export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    readonly details: { status?: number; retryAfterMs?: number; body?: string } = {},
  ) {
    super(message);
  }
}

export type RetryPolicy = {
  /** Tries in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  /** The longest wait between tries; a Retry-After beyond it ends the request as rate limited. */
  maxDelayMs: number;
};

export const DEFAULT_SERVICE_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 500, maxDelayMs: 30_000 };

export type ServiceRequest = {
  /** The service's name as users read it ("Hacker News", "Reddit"), for error messages. */
  service: string;
  url: string | URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A string is sent as is (set content-type in headers); URLSearchParams as a form. */
  body?: string | URLSearchParams;
  timeoutMs?: number;
  maxBytes?: number;
  retry?: RetryPolicy;
  /** Credentials to mask in any error text. */
  secrets?: (string | undefined)[];
  signal?: AbortSignal;
  /** Tests: wait without a real timer. */
  wait?: (ms: number) => Promise<unknown>;
  /**
   * The base URL the operator configured for this service; default `url` itself. Its host and
   * port are reached as configured; any other address is held to the crawler's address rules. A
   * caller following a link the service sent (a Link header, a next-page URL) passes the base its
   * first request was built on, so that the link is vetted before it is requested.
   */
  configuredUrl?: string | URL;
  /** Tests: host name → addresses for hosts other than the configured one; default the system's. */
  resolver?: Resolver;
};

export type ServiceResponse = {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON; a ServiceError 'malformed' when it is not JSON. */
  json(): unknown;
};

export const DEFAULT_SERVICE_TIMEOUT_MS = 20_000;
export const DEFAULT_SERVICE_MAX_BYTES = 10 * 1024 * 1024;
/** Redirects followed in one request at most. */
export const MAX_SERVICE_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/**
 * The only headers sent on to another origin. Services take their keys in headers of their own
 * (x-goog-api-key, apikey, x-api-key ...), so rather than strip the known credential headers, as
 * fetch does, everything else is left behind: no key leaves for a host it was not meant for.
 */
const HEADERS_FOR_ANOTHER_ORIGIN = new Set(['accept', 'accept-language', 'user-agent', 'content-type']);

function headersForOrigin(headers: Record<string, string>, sameOrigin: boolean): Record<string, string> {
  if (sameOrigin) return { ...headers };
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => HEADERS_FOR_ANOTHER_ORIGIN.has(name.toLowerCase())),
  );
}
const USER_AGENT = 'Brandlens/1.0 (+https://github.com/brandlens)';

/** The text with each secret (raw and URL-encoded) replaced by a mark. */
export function maskSecrets(text: string, secrets: (string | undefined)[] = []): string {
  let masked = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    masked = masked.split(secret).join('[masked]').split(encodeURIComponent(secret)).join('[masked]');
  }
  return masked;
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function backoffMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
}

async function readLimited(response: Response, maxBytes: number, service: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new ServiceError('unreachable', `${service} sent an answer larger than ${maxBytes} bytes.`);
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      await response.body.cancel().catch(() => {});
      throw new ServiceError('unreachable', `${service} sent an answer larger than ${maxBytes} bytes.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function errorForStatus(service: string, status: number, body: string, retryAfter: number | null): ServiceError {
  const details = { status, body: body.slice(0, 2000), ...(retryAfter === null ? {} : { retryAfterMs: retryAfter }) };
  if (status === 401 || status === 403) {
    return new ServiceError('auth', `${service} refused this server's credentials (HTTP ${status}).`, details);
  }
  if (status === 429)
    return new ServiceError('rate_limited', `${service} is limiting requests; try again later.`, details);
  if (status === 404)
    return new ServiceError('not_found', `${service} found nothing at this address (HTTP 404).`, details);
  if (status >= 500)
    return new ServiceError('upstream', `${service} is not answering properly (HTTP ${status}).`, details);
  return new ServiceError('bad_request', `${service} refused the request (HTTP ${status}).`, details);
}

function masked(error: ServiceError, secrets: (string | undefined)[] | undefined): ServiceError {
  const details = {
    ...error.details,
    ...(error.details.body ? { body: maskSecrets(error.details.body, secrets) } : {}),
  };
  return new ServiceError(error.kind, maskSecrets(error.message, secrets), details);
}

async function attemptOnce(request: ServiceRequest): Promise<ServiceResponse> {
  const timeout = deadline(request.timeoutMs ?? DEFAULT_SERVICE_TIMEOUT_MS);
  try {
    return await attemptWithin(request, timeout.signal);
  } finally {
    timeout.clear();
  }
}

type Hop = HopInit & { url: URL };

/** The request a redirect asks for, as fetch would make it; null when the answer is no redirect. */
function redirectedHop(service: string, hop: Hop, response: Response): Hop | null {
  const location = response.headers.get('location');
  if (!REDIRECT_STATUSES.has(response.status) || !location) return null;
  let url: URL;
  try {
    url = new URL(location, hop.url);
  } catch {
    throw new ServiceError('malformed', `${service} redirected to an address that is not valid.`);
  }
  url.hash = '';
  const headers = headersForOrigin(hop.headers, url.origin === hop.url.origin);
  const asGet =
    response.status === 303 || ((response.status === 301 || response.status === 302) && hop.method === 'POST');
  if (!asGet) return { ...hop, url, headers };
  delete headers['content-type'];
  return { url, method: 'GET', headers, signal: hop.signal };
}

/** A refusal by the address rules as the service's failure, in words a user can read. */
function refusalOf(service: string, error: FetchRefusedError): ServiceError {
  if (error.reason === 'unresolved') {
    const host = URL.canParse(error.url) ? new URL(error.url).hostname : error.url;
    return new ServiceError('unreachable', `${service} could not be reached: ${host} could not be resolved.`);
  }
  return new ServiceError('refused_address', error.message);
}

async function sendHop(
  request: ServiceRequest,
  hop: Hop,
  redirected: boolean,
  connections: ServiceConnections,
  timeout: AbortSignal,
): Promise<Response> {
  const stopped = () =>
    request.signal?.aborted
      ? new ServiceError('unreachable', `The request to ${request.service} was stopped.`)
      : new ServiceError(
          'unreachable',
          timeout.aborted ? `${request.service} did not answer in time.` : `${request.service} could not be reached.`,
        );
  let send: HopFetch;
  try {
    send = await connections.open(hop.url, (url, why) =>
      redirected
        ? `Refused to follow the redirect from ${request.service} to ${shown(url)}: ${why}`
        : `Refused to fetch ${shown(url)} for ${request.service}: ${why}`,
    );
  } catch (error) {
    if (error instanceof FetchRefusedError) throw refusalOf(request.service, error);
    throw stopped();
  }
  try {
    return await send(hop.url, { method: hop.method, headers: hop.headers, body: hop.body, signal: hop.signal });
  } catch {
    throw stopped();
  }
}

async function attemptWithin(request: ServiceRequest, timeout: AbortSignal): Promise<ServiceResponse> {
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const connections = new ServiceConnections(new URL(request.configuredUrl ?? request.url), {
    resolver: request.resolver,
    signal,
  });
  let hop: Hop = {
    url: new URL(request.url),
    method: request.method ?? 'GET',
    headers: { 'user-agent': USER_AGENT, accept: 'application/json', ...request.headers },
    body: request.body,
    signal,
  };
  try {
    for (let redirects = 0; ; redirects += 1) {
      const response = await sendHop(request, hop, redirects > 0, connections, timeout);
      const next = redirectedHop(request.service, hop, response);
      if (!next) return await answerOf(request, response);
      await response.body?.cancel().catch(() => {});
      if (redirects >= MAX_SERVICE_REDIRECTS) {
        throw new ServiceError('malformed', `${request.service} redirected more than ${MAX_SERVICE_REDIRECTS} times.`);
      }
      hop = next;
    }
  } finally {
    connections.close();
  }
}

async function answerOf(request: ServiceRequest, response: Response): Promise<ServiceResponse> {
  const text = await readLimited(response, request.maxBytes ?? DEFAULT_SERVICE_MAX_BYTES, request.service);
  if (!response.ok) {
    throw errorForStatus(request.service, response.status, text, retryAfterMs(response.headers.get('retry-after')));
  }
  return {
    status: response.status,
    headers: response.headers,
    text,
    json() {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw new ServiceError('malformed', `${request.service} sent an answer that is not JSON.`);
      }
    },
  };
}

const RETRYABLE: ReadonlySet<ServiceErrorKind> = new Set(['rate_limited', 'upstream', 'unreachable']);

/** The request, retried as its policy allows; a ServiceError (credentials masked) when it fails. */
export async function fetchService(request: ServiceRequest): Promise<ServiceResponse> {
  const policy = request.retry ?? DEFAULT_SERVICE_RETRY;
  const wait = request.wait ?? ((ms: number) => sleep(ms, undefined, { signal: request.signal }));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await attemptOnce(request);
    } catch (error) {
      const failure =
        error instanceof ServiceError
          ? error
          : new ServiceError('unreachable', `${request.service} could not be reached.`);
      if (!RETRYABLE.has(failure.kind) || attempt >= policy.attempts || request.signal?.aborted) {
        throw masked(failure, request.secrets);
      }
      const asked = failure.details.retryAfterMs;
      if (asked !== undefined && asked > policy.maxDelayMs) throw masked(failure, request.secrets);
      await wait(asked ?? backoffMs(policy, attempt));
    }
  }
}
