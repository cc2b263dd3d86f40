/**
 * One call to TikTok's Commercial Content API (https://developers.tiktok.com/doc/commercial-content-api-getting-started):
 * a client access token from `POST /v2/oauth/token/` (grant_type=client_credentials, valid two
 * hours; kept in this process until five minutes before it runs out), then the research endpoint
 * with `Authorization: Bearer <token>` and the requested `fields` in the query string.
 *
 * Every answer has TikTok's error structure `{ error: { code, message, log_id } }`; code "ok" is
 * success. HTTP 429 / `rate_limit_exceeded` is retried as Retry-After asks (fetchService); the
 * daily quota (`daily_quota_limit_exceeded`, research clients have 1,000 requests a day, reset at
 * 00:00 UTC) ends the run. The client key, secret and token are passed as secrets, so no error
 * leaving here can quote them; errors quote TikTok's log_id, which is safe to show.
 */
import {
  DEFAULT_SERVICE_RETRY,
  fetchService,
  type RetryPolicy,
  ServiceError,
  type ServiceErrorKind,
} from '../http/fetch-service.ts';

export const TIKTOK_SERVICE = 'TikTok';

export type TikTokSettings = {
  apiUrl: string;
  credentials: { clientKey: string; clientSecret: string };
  retry?: RetryPolicy;
  signal?: AbortSignal;
  /**
   * Called before each research request: counts it against the daily quota, and throws a
   * TikTokApiError of kind 'quota' when the day's requests are spent.
   */
  countRequest?: () => Promise<void>;
  /** tests: wait without a real timer */
  wait?: (ms: number) => Promise<unknown>;
};

export class TikTokApiError extends Error {
  override readonly name = 'TikTokApiError';
  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    /** TikTok's error code ("rate_limit_exceeded"), when it sent one */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

export const QUOTA_MESSAGE =
  "TikTok's daily request quota for this server is used up; discovery can run again after 00:00 UTC.";

type CachedToken = { token: string; expiresAt: number };
const tokens = new Map<string, CachedToken>();
const TOKEN_MARGIN_MS = 5 * 60 * 1000;

/** Tests: forget cached tokens (a double restarted, or a token the double revoked). */
export function forgetTikTokTokens(): void {
  tokens.clear();
}

/**
 * Ids are 64-bit integers (ad.id, business_id): past 2^53 a JavaScript number would change them,
 * so long integers are read as strings, and ids are sent as `idNumber(...)` markers written out as
 * bare JSON numbers.
 */
const LONG_INTEGER = /([:[,]\s*)(-?\d{16,})(?=\s*[,}\]])/g;
function parseWithLongIds(text: string): unknown {
  try {
    return JSON.parse(text.replace(LONG_INTEGER, '$1"$2"'));
  } catch {
    throw new TikTokApiError('malformed', 'TikTok sent an answer that is not JSON.');
  }
}
const ID_MARK = 'tiktok-int:';
export const idNumber = (id: string) => `${ID_MARK}${id}`;
const jsonWithIds = (body: Record<string, unknown>) =>
  JSON.stringify(body).replace(new RegExp(`"${ID_MARK}(\\d{1,30})"`, 'g'), '$1');

type ErrorStruct = { code?: unknown; message?: unknown; log_id?: unknown };

function errorOf(body: unknown): ErrorStruct | null {
  if (!body || typeof body !== 'object') return null;
  const error = (body as { error?: unknown }).error;
  return error && typeof error === 'object' ? (error as ErrorStruct) : null;
}

function parseJson(text: string | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const QUOTA_CODES = new Set(['daily_quota_limit_exceeded', 'quota_exceeded']);
const AUTH_CODES = new Set(['access_token_invalid', 'invalid_client', 'scope_not_authorized', 'unauthorized']);

/** A TikTok error answer as a TikTokApiError a user may read (TikTok's own message is not shown: it may echo input). */
function apiErrorOf(kind: ServiceErrorKind, error: ErrorStruct | null, fallback: string): TikTokApiError {
  const code = typeof error?.code === 'string' ? error.code : null;
  const logId = typeof error?.log_id === 'string' && /^[\w-]{1,80}$/.test(error.log_id) ? error.log_id : null;
  const reference = logId ? ` (TikTok log id ${logId})` : '';
  if (code && QUOTA_CODES.has(code)) return new TikTokApiError('quota', QUOTA_MESSAGE, code);
  if (code === 'rate_limit_exceeded' || kind === 'rate_limited')
    return new TikTokApiError('rate_limited', `TikTok is limiting requests; try again later${reference}.`, code);
  if ((code && AUTH_CODES.has(code)) || kind === 'auth')
    return new TikTokApiError(
      'auth',
      `TikTok refused this server's client credentials${reference}. An administrator must check TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET.`,
      code,
    );
  if (code === 'invalid_params' || kind === 'bad_request')
    return new TikTokApiError('bad_request', `TikTok refused the search${reference}.`, code);
  return new TikTokApiError(kind, `${fallback}${reference}`, code);
}

function fromServiceError(error: unknown, fallback: string): TikTokApiError {
  if (error instanceof TikTokApiError) return error;
  if (error instanceof ServiceError) {
    return apiErrorOf(error.kind, errorOf(parseJson(error.details.body)), error.message);
  }
  return new TikTokApiError('unreachable', fallback);
}

async function clientToken(settings: TikTokSettings): Promise<string> {
  const { clientKey, clientSecret } = settings.credentials;
  const cacheKey = `${settings.apiUrl}\n${clientKey}`;
  const cached = tokens.get(cacheKey);
  if (cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now()) return cached.token;
  let body: unknown;
  try {
    const response = await fetchService({
      service: TIKTOK_SERVICE,
      url: `${settings.apiUrl}/v2/oauth/token/`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'cache-control': 'no-cache' },
      body: new URLSearchParams({
        client_key: clientKey,
        client_secret: clientSecret,
        grant_type: 'client_credentials',
      }),
      secrets: [clientKey, clientSecret],
      retry: settings.retry ?? DEFAULT_SERVICE_RETRY,
      signal: settings.signal,
      wait: settings.wait,
    });
    body = response.json();
  } catch (error) {
    throw fromServiceError(error, 'TikTok did not give this server an access token.');
  }
  const answer = body as { access_token?: unknown; expires_in?: unknown; error?: unknown };
  // A refused key or secret is answered with HTTP 200 and `error: "invalid_client"`.
  if (typeof answer?.access_token !== 'string' || !answer.access_token) {
    const code = typeof answer?.error === 'string' ? answer.error : null;
    throw apiErrorOf('auth', { code: code ?? 'invalid_client' }, 'TikTok did not give this server an access token.');
  }
  const seconds = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 7200;
  tokens.set(cacheKey, { token: answer.access_token, expiresAt: Date.now() + seconds * 1000 });
  return answer.access_token;
}

/**
 * POSTs `body` to a research endpoint with the requested fields and returns the answer's `data`.
 * An expired or revoked token is fetched anew once.
 */
export async function tiktokResearchRequest(
  settings: TikTokSettings,
  path: string,
  fields: readonly string[],
  body: Record<string, unknown>,
): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    const token = await clientToken(settings);
    await settings.countRequest?.();
    const url = new URL(`${settings.apiUrl}${path}`);
    url.searchParams.set('fields', fields.join(','));
    let answer: unknown;
    try {
      const response = await fetchService({
        service: TIKTOK_SERVICE,
        url,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: jsonWithIds(body),
        secrets: [token, settings.credentials.clientKey, settings.credentials.clientSecret],
        retry: settings.retry ?? DEFAULT_SERVICE_RETRY,
        signal: settings.signal,
        wait: settings.wait,
      });
      answer = parseWithLongIds(response.text);
    } catch (error) {
      const failure = fromServiceError(error, 'TikTok could not be reached.');
      if (failure.code === 'access_token_invalid' && attempt === 1) {
        forgetTikTokTokens();
        continue;
      }
      throw failure;
    }
    const error = errorOf(answer);
    if (error && error.code !== 'ok') {
      const failure = apiErrorOf('bad_request', error, 'TikTok refused the request.');
      if (failure.code === 'access_token_invalid' && attempt === 1) {
        forgetTikTokTokens();
        continue;
      }
      throw failure;
    }
    const data = (answer as { data?: unknown } | null)?.data;
    if (!data || typeof data !== 'object')
      throw new TikTokApiError('malformed', 'TikTok sent an answer without the data it documents.');
    return data;
  }
}
