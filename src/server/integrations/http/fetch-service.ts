/**
 * One request to an outside service's API (a base URL the operator configured, never one a user
 * typed: those go through safeFetch and its address rules), with what every such API needs:
 *
 * - a time limit and a size limit on the answer;
 * - retries with backoff on 429, 5xx and network faults, honouring Retry-After (seconds or a date)
 *   up to a cap: a longer wait ends the request as rate limited, with the wait, instead of holding
 *   a worker;
 * - errors a user may read, with every credential the caller names masked out of them (an API key
 *   in a query string, a bearer token in an echoed header), and no cause chain that could quote one.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { deadline } from './deadline.ts';

export type ServiceErrorKind =
  | 'auth' // 401/403: the credentials are refused
  | 'rate_limited' // 429 (or a Retry-After past the cap)
  | 'quota' // the service says its daily quota is spent (the caller decides from the answer)
  | 'not_found' // 404
  | 'bad_request' // another 4xx
  | 'upstream' // 5xx after the retries
  | 'malformed' // an answer that is not what the API documents
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

async function attemptWithin(request: ServiceRequest, timeout: AbortSignal): Promise<ServiceResponse> {
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method ?? 'GET',
      headers: { 'user-agent': USER_AGENT, accept: 'application/json', ...request.headers },
      body: request.body,
      signal,
      redirect: 'follow',
    });
  } catch {
    if (request.signal?.aborted)
      throw new ServiceError('unreachable', `The request to ${request.service} was stopped.`);
    throw new ServiceError(
      'unreachable',
      timeout.aborted ? `${request.service} did not answer in time.` : `${request.service} could not be reached.`,
    );
  }
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
