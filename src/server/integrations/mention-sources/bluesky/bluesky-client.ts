/**
 * A Bluesky PDS session for XRPC calls, as the Bluesky mention source uses it.
 *
 * - `POST {BLUESKY_API_URL}/xrpc/com.atproto.server.createSession` with the identifier and an app
 *   password gives `{ accessJwt, refreshJwt }`, kept in memory only (never logged or stored; masked
 *   in every error). createSession is itself tightly limited (30 per 5 minutes, 300 a day per
 *   account), so the session is reused across runs: on `ExpiredToken` (400) or a 401 it is
 *   refreshed with `com.atproto.server.refreshSession` (the refresh token as bearer), and created
 *   anew only when that fails too.
 * - The `ratelimit-remaining` / `ratelimit-reset` (Unix seconds) headers are read after each call
 *   (RateLimitWindow); a 429 is retried by fetchService (Retry-After when given, else backoff).
 */
import type { OutsideServicesConfig } from '../../../outside-services-config.ts';
import { fetchService, ServiceError, type ServiceResponse } from '../../http/fetch-service.ts';
import { RateLimitWindow, type Wait } from '../keyed-source-helpers.ts';

const SERVICE = 'Bluesky';

type Session = { accessJwt: string; refreshJwt: string };
type CallInit = { method?: 'GET' | 'POST'; bearer?: string; body?: object };

/** The XRPC error name of a refusal (`{ error: "ExpiredToken", message }`), or null. */
function errorCode(error: ServiceError): string | null {
  try {
    const body = JSON.parse(error.details.body ?? '') as { error?: unknown };
    return typeof body.error === 'string' ? body.error : null;
  } catch {
    return null;
  }
}

function sessionFrom(response: ServiceResponse): Session {
  const answer = response.json() as { accessJwt?: unknown; refreshJwt?: unknown };
  if (typeof answer.accessJwt !== 'string' || typeof answer.refreshJwt !== 'string') {
    throw new ServiceError('malformed', 'Bluesky sent a session without its tokens.');
  }
  return { accessJwt: answer.accessJwt, refreshJwt: answer.refreshJwt };
}

export class BlueskyClient {
  readonly window: RateLimitWindow;
  private session: Session | null = null;

  constructor(
    private readonly config: OutsideServicesConfig['bluesky'],
    private readonly wait: Wait,
    now: () => number,
    maxRateLimitWaitMs: number,
  ) {
    this.window = new RateLimitWindow(wait, now, maxRateLimitWaitMs);
  }

  private call(path: string, init: CallInit, signal?: AbortSignal) {
    return fetchService({
      service: SERVICE,
      url: `${this.config.apiUrl}/xrpc/${path}`,
      method: init.method ?? 'GET',
      headers: {
        ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      secrets: [this.config.credentials?.appPassword, this.session?.accessJwt, this.session?.refreshJwt, init.bearer],
      signal,
      wait: (ms) => this.wait(ms, signal),
    });
  }

  private async createSession(signal?: AbortSignal): Promise<Session> {
    const credentials = this.config.credentials;
    if (!credentials) throw new ServiceError('auth', 'Bluesky is not configured on this server.');
    const body = { identifier: credentials.identifier, password: credentials.appPassword };
    try {
      this.session = sessionFrom(await this.call('com.atproto.server.createSession', { method: 'POST', body }, signal));
      return this.session;
    } catch (error) {
      // createSession answers 401 AuthenticationRequired for a wrong identifier or app password.
      if (error instanceof ServiceError && (error.kind === 'auth' || errorCode(error) === 'AuthenticationRequired')) {
        throw new ServiceError('auth', "Bluesky refused this server's identifier or app password.", {
          status: error.details.status,
        });
      }
      throw error;
    }
  }

  private async renewSession(signal?: AbortSignal): Promise<void> {
    const refreshJwt = this.session?.refreshJwt;
    this.session = null;
    if (refreshJwt) {
      try {
        const init: CallInit = { method: 'POST', bearer: refreshJwt };
        this.session = sessionFrom(await this.call('com.atproto.server.refreshSession', init, signal));
        return;
      } catch {
        // An expired or revoked refresh token: sign in again below.
      }
    }
    await this.createSession(signal);
  }

  /** `GET /xrpc/<method>?<params>` with the session, renewed once when Bluesky says it expired. */
  async query(method: string, params: URLSearchParams, signal?: AbortSignal): Promise<unknown> {
    for (let attempt = 1; ; attempt += 1) {
      const current = this.session ?? (await this.createSession(signal));
      try {
        const response = await this.call(`${method}?${params}`, { bearer: current.accessJwt }, signal);
        const remaining = response.headers.get('ratelimit-remaining');
        const reset = Number(response.headers.get('ratelimit-reset'));
        this.window.note(remaining !== null && Number(remaining) < 1 && reset > 0 ? reset * 1000 : null);
        return response.json();
      } catch (error) {
        const code = error instanceof ServiceError ? errorCode(error) : null;
        const expired =
          error instanceof ServiceError &&
          (code === 'ExpiredToken' || code === 'InvalidToken' || error.details.status === 401);
        if (!expired || attempt > 1) throw error;
        await this.renewSession(signal);
      }
    }
  }
}
