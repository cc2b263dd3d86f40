/**
 * When to try a Graph API call again. Meta's rate-limit and transient codes (4 application limit,
 * 17 user limit, 32 page limit, 613 calls per time window) and HTTP 5xx are retried after a pause;
 * 190 (token invalid or expired) and everything else are final.
 */
export const RETRIED_ERROR_CODES = new Set([4, 17, 32, 613]);
export const TOKEN_ERROR_CODE = 190;

export type RetryPolicy = {
  /** attempts in all, the first one included */
  maxAttempts: number;
  /** the first pause; doubled on each further attempt */
  baseDelayMs: number;
  /** no pause is longer, whatever the server asks */
  maxDelayMs: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 1000, maxDelayMs: 30_000 };

export type Failure = { status: number; errorCode: number | null; headers: Headers };

export function isRetried(failure: Pick<Failure, 'status' | 'errorCode'>): boolean {
  if (failure.errorCode !== null && RETRIED_ERROR_CODES.has(failure.errorCode)) return true;
  return failure.status >= 500 && failure.errorCode !== TOKEN_ERROR_CODE;
}

/**
 * The pause the server asks for: Retry-After (seconds or a date), else Meta's usage headers'
 * estimated_time_to_regain_access (minutes); null when it says nothing.
 */
export function requestedDelayMs(headers: Headers, now = Date.now()): number | null {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  for (const name of ['x-business-use-case-usage', 'x-ad-account-usage', 'x-app-usage']) {
    const minutes = regainMinutes(headers.get(name));
    if (minutes !== null) return minutes * 60_000;
  }
  return null;
}

function regainMinutes(header: string | null): number | null {
  if (!header) return null;
  try {
    const found = JSON.stringify(JSON.parse(header)).match(/"estimated_time_to_regain_access":\s*(\d+)/);
    return found ? Number(found[1]) : null;
  } catch {
    return null;
  }
}

/** The pause before attempt `attempt + 1` (attempt counts from 1), or null to give up. */
export function retryDelayMs(
  failure: Failure,
  attempt: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): number | null {
  if (!isRetried(failure) || attempt >= policy.maxAttempts) return null;
  const asked = requestedDelayMs(failure.headers);
  const backoff = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(policy.maxDelayMs, asked ?? backoff);
}
