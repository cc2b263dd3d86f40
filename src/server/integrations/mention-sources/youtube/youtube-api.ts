/**
 * The YouTube Data API v3 calls the YouTube mention source makes, each counted against the
 * project's daily quota before it is sent (units as Google's quota table states them):
 *
 * | call                                                        | units |
 * | ----------------------------------------------------------- | ----- |
 * | search.list (part=snippet, type=video)                      | 100   |
 * | commentThreads.list (videoId or allThreadsRelatedToChannelId)| 1    |
 * | channels.list (forHandle)                                   | 1     |
 * | videos.list (part=statistics, up to 50 ids)                 | 1     |
 *
 * Google's newer documentation describes search.list as drawing on a separate "search" bucket of
 * 100 calls a day; counting it as 100 units of 10,000 gives the same ceiling (100 searches a day)
 * under either description.
 *
 * The quota resets at midnight Pacific time. The ledger is kept in this process: a server running
 * several worker processes should give each its share through YOUTUBE_DAILY_QUOTA_UNITS.
 *
 * Errors come as `{ error: { code, message, errors: [{ domain, reason, message }] } }`: reason
 * `quotaExceeded` / `dailyLimitExceeded` (403) is the daily quota (ServiceError 'quota'),
 * `rateLimitExceeded` / `userRateLimitExceeded` (403) a short-term limit ('rate_limited'),
 * `commentsDisabled` (403) a video whose comments are off (skipped), `keyInvalid` (400) and
 * `forbidden` (403) the key ('auth').
 */
import { fetchService, ServiceError } from '../../http/fetch-service.ts';
import type { Wait } from '../keyed-source-helpers.ts';

export const QUOTA_COST = { search: 100, commentThreads: 1, channels: 1, videos: 1 } as const;
type Endpoint = keyof typeof QUOTA_COST;

const SERVICE = 'YouTube';

/** The project's units spent today (Pacific time), in this process. */
export class YoutubeQuotaLedger {
  private day = '';
  private spent = 0;
  private exhausted = false;

  constructor(
    readonly dailyUnits: number,
    private readonly now: () => number = Date.now,
  ) {}

  private today(): string {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(this.now());
    if (day !== this.day) {
      this.day = day;
      this.spent = 0;
      this.exhausted = false;
    }
    return day;
  }

  remaining(): number {
    this.today();
    return this.exhausted ? 0 : Math.max(0, this.dailyUnits - this.spent);
  }

  take(units: number): void {
    this.today();
    this.spent += units;
  }

  /** YouTube said the quota is spent: nothing more today, whatever the count says. */
  markExhausted(): void {
    this.today();
    this.exhausted = true;
  }

  spentToday(): number {
    this.today();
    return this.spent;
  }
}

/** Why a run stopped spending: the day's quota or this run's share of it. */
export class QuotaStop extends Error {
  constructor(readonly scope: 'day' | 'run') {
    super(scope);
  }
}

/**
 * The reason of a YouTube error answer (`error.errors[0].reason`), or null. A refused key comes as
 * 400 `badRequest` with an ErrorInfo detail `API_KEY_INVALID`: reported as `keyInvalid`.
 */
export function youtubeErrorReason(error: ServiceError): string | null {
  try {
    const body = JSON.parse(error.details.body ?? '') as {
      error?: { errors?: { reason?: unknown }[]; details?: { reason?: unknown }[] };
    };
    if (body.error?.details?.some((detail) => detail.reason === 'API_KEY_INVALID')) return 'keyInvalid';
    const reason = body.error?.errors?.[0]?.reason;
    return typeof reason === 'string' ? reason : null;
  } catch {
    return null;
  }
}

export type YoutubeApi = {
  get(endpoint: Endpoint, params: Record<string, string>, signal?: AbortSignal): Promise<unknown>;
  /** Units this run has spent. */
  readonly spent: number;
};

/**
 * A client for one run: each call is refused (QuotaStop) when it would pass the day's remaining
 * units or the run's share, and counted before it is sent (a call YouTube refuses still costs).
 */
export function youtubeApiForRun(
  config: { apiUrl: string; apiKey: string },
  ledger: YoutubeQuotaLedger,
  runUnits: number,
  wait: Wait,
): YoutubeApi {
  let spent = 0;
  return {
    get spent() {
      return spent;
    },
    async get(endpoint, params, signal) {
      const cost = QUOTA_COST[endpoint];
      if (cost > ledger.remaining()) throw new QuotaStop('day');
      if (spent + cost > runUnits) throw new QuotaStop('run');
      ledger.take(cost);
      spent += cost;
      const path = endpoint === 'search' ? 'search' : endpoint;
      const url = `${config.apiUrl}/${path}?${new URLSearchParams({ ...params, key: config.apiKey })}`;
      try {
        const response = await fetchService({
          service: SERVICE,
          url,
          secrets: [config.apiKey],
          signal,
          wait: (ms) => wait(ms, signal),
        });
        return response.json();
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        const reason = youtubeErrorReason(error);
        if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded') {
          ledger.markExhausted();
          throw new ServiceError(
            'quota',
            "YouTube's daily quota for this server is used up; it resets at midnight Pacific time.",
            {
              status: error.details.status,
            },
          );
        }
        if (reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded') {
          throw new ServiceError('rate_limited', 'YouTube is limiting requests; try again later.', {
            status: error.details.status,
          });
        }
        if (reason === 'keyInvalid' || reason === 'forbidden' || reason === 'accessNotConfigured') {
          throw new ServiceError('auth', "YouTube refused this server's API key.", { status: error.details.status });
        }
        throw error;
      }
    },
  };
}
