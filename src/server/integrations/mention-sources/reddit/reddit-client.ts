/**
 * Reddit's Data API with application-only OAuth, as the Reddit mention source uses it.
 *
 * - Token: `POST REDDIT_AUTH_URL` with `grant_type=client_credentials` and HTTP basic auth (client
 *   id and secret); `{ access_token, token_type: "bearer", expires_in }` is kept until a minute
 *   before it expires, and fetched again once if the API refuses it (401).
 * - Every call carries the User-Agent Reddit's API rules ask for,
 *   `<platform>:<app id>:<version> (by /u/<username>)`.
 * - `X-Ratelimit-Remaining`, `-Used` and `-Reset` (seconds to the end of the window) are read after
 *   every call (RateLimitWindow); 429s are retried as Retry-After asks (fetchService).
 */
import type { OutsideServicesConfig } from '../../../outside-services-config.ts';
import { fetchService, ServiceError } from '../../http/fetch-service.ts';
import { RateLimitWindow, type Wait } from '../keyed-source-helpers.ts';

const SERVICE = 'Reddit';
const APP_VERSION = '1.0.0';

/** `server:brandlens:1.0.0 (by /u/name)`, the format Reddit's API rules ask for. */
export function redditUserAgent(username: string | undefined): string {
  const base = `server:brandlens:${APP_VERSION}`;
  return username ? `${base} (by /u/${username})` : base;
}

export class RedditClient {
  readonly window: RateLimitWindow;
  private token: { value: string; expiresAt: number } | null = null;
  private readonly userAgent: string;

  constructor(
    private readonly config: OutsideServicesConfig['reddit'],
    private readonly wait: Wait,
    private readonly now: () => number,
    maxRateLimitWaitMs: number,
  ) {
    this.userAgent = redditUserAgent(config.username);
    this.window = new RateLimitWindow(wait, now, maxRateLimitWaitMs);
  }

  private get secrets() {
    return [this.config.credentials?.clientId, this.config.credentials?.clientSecret, this.token?.value];
  }

  private async accessToken(signal?: AbortSignal): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    const credentials = this.config.credentials;
    if (!credentials) throw new ServiceError('auth', 'Reddit is not configured on this server.');
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
    const response = await fetchService({
      service: SERVICE,
      url: this.config.authUrl,
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'user-agent': this.userAgent },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
      secrets: [...this.secrets, basic],
      signal,
      wait: (ms) => this.wait(ms, signal),
    });
    const answer = response.json() as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== 'string' || !answer.access_token) {
      // Reddit answers 200 with {"error": "invalid_grant"} for some refusals.
      throw new ServiceError('auth', "Reddit refused this server's credentials.");
    }
    const lifetimeMs = (typeof answer.expires_in === 'number' ? answer.expires_in : 3600) * 1000;
    this.token = { value: answer.access_token, expiresAt: this.now() + Math.max(0, lifetimeMs - 60_000) };
    return this.token.value;
  }

  /** `GET {REDDIT_API_URL}{path}?{params}` as JSON, with a fresh token once if Reddit refuses the kept one. */
  async get(path: string, params: URLSearchParams, signal?: AbortSignal): Promise<unknown> {
    for (let attempt = 1; ; attempt += 1) {
      const bearer = await this.accessToken(signal);
      try {
        const response = await fetchService({
          service: SERVICE,
          url: `${this.config.apiUrl}${path}?${params}`,
          headers: { authorization: `bearer ${bearer}`, 'user-agent': this.userAgent },
          secrets: this.secrets,
          signal,
          wait: (ms) => this.wait(ms, signal),
        });
        const remaining = response.headers.get('x-ratelimit-remaining');
        const reset = Number(response.headers.get('x-ratelimit-reset'));
        const spent = remaining !== null && Number(remaining) < 1 && Number.isFinite(reset);
        this.window.note(spent ? this.now() + reset * 1000 : null);
        return response.json();
      } catch (error) {
        if (error instanceof ServiceError && error.details.status === 401 && attempt === 1) {
          this.token = null;
          continue;
        }
        throw error;
      }
    }
  }
}
