/**
 * How the profile sources call their APIs: through fetchService for operator-configured base URLs
 * (retries with backoff honouring Retry-After, time and size limits, secrets masked), and through
 * safeFetch for a host a user named (a Mastodon instance from a handle), so the SSRF rules apply.
 */
import { FetchRefusedError, safeFetch } from '../../analysis/fetch/safe-fetch.ts';
import { fetchService, type RetryPolicy, ServiceError } from '../http/fetch-service.ts';

/** Audit reads wait less than background jobs: the audit is waiting for them. */
export const PROFILE_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 400, maxDelayMs: 8_000 };
export const PROFILE_TIMEOUT_MS = 10_000;
export const PROFILE_MAX_BYTES = 4 * 1024 * 1024;

export type JsonAnswer = { json: unknown; link: string | null };
export type JsonGetter = (url: string, signal?: AbortSignal) => Promise<JsonAnswer>;

/**
 * A getter for a service at the base URL the operator configured. The URLs it is given may be
 * links the service sent (Link paging): any not on `configuredUrl`'s host is vetted by the
 * crawler's address rules before it is requested.
 */
export function serviceGetter(
  service: string,
  configuredUrl: string,
  secrets: (string | undefined)[] = [],
): JsonGetter {
  return async (url, signal) => {
    const response = await fetchService({
      service,
      url,
      configuredUrl,
      secrets,
      signal,
      retry: PROFILE_RETRY,
      timeoutMs: PROFILE_TIMEOUT_MS,
      maxBytes: PROFILE_MAX_BYTES,
    });
    return { json: response.json(), link: response.headers.get('link') };
  };
}

/** A getter for a user-named host: safeFetch's address rules, one retry on a 429 or 5xx. */
export function safeGetter(service: string, options: { allowLoopback: boolean }): JsonGetter {
  return async (url, signal) => {
    for (let attempt = 1; ; attempt += 1) {
      const response = await safeFetch(url, {
        allowLoopback: options.allowLoopback,
        timeoutMs: PROFILE_TIMEOUT_MS,
        maxBytes: PROFILE_MAX_BYTES,
        accept: 'application/json',
        signal,
      });
      const body = response.body.toString('utf8');
      if (response.status >= 200 && response.status < 300) {
        try {
          return { json: JSON.parse(body) as unknown, link: response.headers.link ?? null };
        } catch {
          throw new ServiceError('malformed', `${service} sent an answer that is not JSON.`);
        }
      }
      const retryable = response.status === 429 || response.status >= 500;
      if (retryable && attempt < 2) {
        await new Promise((resolve) => setTimeout(resolve, PROFILE_RETRY.baseDelayMs));
        continue;
      }
      if (response.status === 404) throw new ServiceError('not_found', `${service} found nothing (HTTP 404).`);
      if (response.status === 429) throw new ServiceError('rate_limited', `${service} is limiting requests.`);
      if (response.status >= 500) throw new ServiceError('upstream', `${service} answered HTTP ${response.status}.`);
      throw new ServiceError('bad_request', `${service} refused the request (HTTP ${response.status}).`, {
        status: response.status,
        body: body.slice(0, 2000),
      });
    }
  };
}

/** The rel="next" address of an RFC 8288 Link header. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part.trim());
    if (match) return match[1]!;
  }
  return null;
}

export { FetchRefusedError };
