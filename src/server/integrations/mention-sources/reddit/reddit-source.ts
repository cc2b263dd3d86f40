/**
 * Reddit posts naming the brand, through Reddit's Data API with application-only OAuth.
 *
 * - Token: `POST REDDIT_AUTH_URL` with `grant_type=client_credentials` and HTTP basic auth (client
 *   id and secret); the answer `{ access_token, token_type: "bearer", expires_in }` is kept until a
 *   minute before it expires, and fetched again once if the API refuses it (401).
 * - Search: `GET {REDDIT_API_URL}/search?q=…&sort=new&type=link&limit=100&t=…&after=…` (a Listing:
 *   `data.after` pages on; `data.children[].data` are the posts). Reddit's listings stop after
 *   about 1,000 items whatever the paging.
 * - Comments: Reddit's documented `/search` takes `type` = sr, link, user only; it does not search
 *   comments. A comment naming the brand under a post that does not is therefore not found, and we
 *   say so (docs/listening-keyed-sources.md) rather than read every thread.
 * - Query: the name as a phrase OR the website's domain. Reddit documents no negation for its
 *   current search, so excluded terms are left to the relevance step.
 * - Limits: the User-Agent Reddit asks for (`<platform>:<app id>:<version> (by /u/<username>)`);
 *   `X-Ratelimit-Remaining`, `-Used` and `-Reset` (seconds to the end of the window) are read after
 *   every call: with nothing left, the next call waits for the reset when that is short, and the
 *   run stops early (saying so) when it is not. 429s are retried as Retry-After asks (fetchService).
 */

import type { OutsideServicesConfig } from '../../../outside-services-config.ts';
import { fetchService, ServiceError } from '../../http/fetch-service.ts';
import {
  dateFrom,
  engagementOf,
  keptOnRateLimit,
  olderThan,
  plainText,
  quotedPhrase,
  realWait,
  unavailable,
  type Wait,
} from '../keyed-source-helpers.ts';
import type {
  Mention,
  MentionQuery,
  MentionSearchContext,
  MentionSearchResult,
  MentionSource,
} from '../mention-source.ts';

const SERVICE = 'Reddit';
const PAGE_SIZE = 100;
/** Reddit's search query is limited to 512 characters. */
const MAX_QUERY_LENGTH = 512;
const APP_VERSION = '1.0.0';

export type RedditSourceDeps = {
  wait?: Wait;
  now?: () => number;
  /** The longest wait for Reddit's rate-limit window to reset before the run stops early. */
  maxRateLimitWaitMs?: number;
};

type RedditPost = {
  id?: string;
  name?: string;
  permalink?: string;
  title?: string;
  selftext?: string;
  author?: string;
  created_utc?: number;
  score?: number;
  num_comments?: number;
  subreddit?: string;
  url?: string;
};
type Listing = { data?: { after?: string | null; children?: { kind?: string; data?: RedditPost }[] } };

/** `server:brandlens:1.0.0 (by /u/name)`, the format Reddit's API rules ask for. */
export function redditUserAgent(username: string | undefined): string {
  const base = `server:brandlens:${APP_VERSION}`;
  return username ? `${base} (by /u/${username})` : base;
}

/** The smallest `t` window that still covers since (Reddit's search filters by it server-side). */
export function timeWindow(since: Date | null, now: number): string {
  if (!since) return 'all';
  const age = now - since.getTime();
  const windows: [string, number][] = [
    ['hour', 3_600_000],
    ['day', 86_400_000],
    ['week', 7 * 86_400_000],
    ['month', 31 * 86_400_000],
    ['year', 366 * 86_400_000],
  ];
  return windows.find(([, span]) => age <= span)?.[0] ?? 'all';
}

export function redditQuery(query: MentionQuery): string {
  const terms = [quotedPhrase(query.name)];
  if (query.domain) terms.push(quotedPhrase(query.domain));
  return terms.join(' OR ').slice(0, MAX_QUERY_LENGTH);
}

/**
 * Mapping: id ← `name` (the fullname t3_…), url ← www.reddit.com + `permalink`, title ← `title`,
 * content ← `selftext` (the title for a link post), author handle ← `author` ("[deleted]" → none),
 * date ← `created_utc`, engagement ← `score` (Reddit fuzzes it) and `num_comments` as `comments`,
 * platform ← "Reddit · r/<subreddit>".
 */
export function mentionFromRedditPost(post: RedditPost): Mention | null {
  const fullname = post.name ?? (post.id ? `t3_${post.id}` : null);
  const title = plainText(post.title);
  const body = plainText(post.selftext);
  const content = body || title;
  if (!fullname || !content) return null;
  const author = post.author && post.author !== '[deleted]' ? post.author : null;
  return {
    externalId: `reddit:${fullname}`,
    url: post.permalink ? `https://www.reddit.com${post.permalink}` : null,
    title: title || null,
    content,
    authorName: null,
    authorHandle: author ? `u/${author}` : null,
    publishedAt: dateFrom(post.created_utc),
    engagement: engagementOf({ score: post.score, comments: post.num_comments }),
    rating: null,
    platform: post.subreddit ? `Reddit · r/${post.subreddit}` : 'Reddit',
    channel: 'forum',
  };
}

export function createRedditMentionSource(
  config: OutsideServicesConfig['reddit'],
  deps: RedditSourceDeps = {},
): MentionSource {
  const wait = deps.wait ?? realWait;
  const now = deps.now ?? Date.now;
  const maxRateLimitWaitMs = deps.maxRateLimitWaitMs ?? 60_000;
  const userAgent = redditUserAgent(config.username);
  const secrets = [config.credentials?.clientId, config.credentials?.clientSecret];
  let token: { value: string; expiresAt: number } | null = null;
  /** When Reddit said the window is spent: the time it resets. */
  let windowResetsAt: number | null = null;

  async function accessToken(signal?: AbortSignal): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    const credentials = config.credentials;
    if (!credentials) throw new ServiceError('auth', 'Reddit is not configured on this server.');
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
    const response = await fetchService({
      service: SERVICE,
      url: config.authUrl,
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'user-agent': userAgent },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
      secrets: [...secrets, basic],
      signal,
      wait: (ms) => wait(ms, signal),
    });
    const answer = response.json() as { access_token?: unknown; expires_in?: unknown; error?: unknown };
    if (typeof answer.access_token !== 'string' || !answer.access_token) {
      // Reddit answers 200 with {"error": "invalid_grant"} for some refusals.
      throw new ServiceError('auth', "Reddit refused this server's credentials.");
    }
    const lifetimeMs = (typeof answer.expires_in === 'number' ? answer.expires_in : 3600) * 1000;
    token = { value: answer.access_token, expiresAt: now() + Math.max(0, lifetimeMs - 60_000) };
    return token.value;
  }

  /** Reads Reddit's rate-limit headers: with none left, when the window resets. */
  function noteRateLimit(headers: Headers): void {
    const remaining = Number(headers.get('x-ratelimit-remaining'));
    const reset = Number(headers.get('x-ratelimit-reset'));
    windowResetsAt =
      headers.has('x-ratelimit-remaining') && remaining < 1 && Number.isFinite(reset) ? now() + reset * 1000 : null;
  }

  async function searchPage(params: URLSearchParams, signal?: AbortSignal): Promise<Listing> {
    for (let attempt = 1; ; attempt += 1) {
      const bearer = await accessToken(signal);
      try {
        const response = await fetchService({
          service: SERVICE,
          url: `${config.apiUrl}/search?${params}`,
          headers: { authorization: `bearer ${bearer}`, 'user-agent': userAgent },
          secrets: [...secrets, bearer],
          signal,
          wait: (ms) => wait(ms, signal),
        });
        noteRateLimit(response.headers);
        return response.json() as Listing;
      } catch (error) {
        // An expired or revoked token: fetch a new one once.
        if (error instanceof ServiceError && error.details.status === 401 && attempt === 1) {
          token = null;
          continue;
        }
        throw error;
      }
    }
  }

  return {
    kind: 'reddit',
    label: 'Reddit',
    availability: () =>
      config.credentials ? { available: true } : unavailable('Set REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET'),
    async search(query: MentionQuery, context: MentionSearchContext): Promise<MentionSearchResult> {
      const mentions: Mention[] = [];
      try {
        const seen = new Set<string>();
        let after: string | null = null;
        for (;;) {
          if (windowResetsAt !== null) {
            const waitMs = windowResetsAt - now();
            if (waitMs > maxRateLimitWaitMs) {
              return { mentions, stoppedEarly: `Reddit's rate limit was reached; the rest is read on the next run.` };
            }
            if (waitMs > 0) await wait(waitMs, context.signal);
            windowResetsAt = null;
          }
          const params = new URLSearchParams({
            q: redditQuery(query),
            sort: 'new',
            type: 'link',
            t: timeWindow(query.since, now()),
            limit: String(PAGE_SIZE),
            raw_json: '1',
          });
          if (after) params.set('after', after);
          const listing = await searchPage(params, context.signal);
          if (!Array.isArray(listing.data?.children)) {
            throw new ServiceError('malformed', 'Reddit sent a search answer without a listing.');
          }
          let reachedSince = false;
          for (const child of listing.data.children) {
            const mention = child.data ? mentionFromRedditPost(child.data) : null;
            if (!mention || seen.has(mention.externalId)) continue;
            // sort=new: the first post older than since ends the search.
            if (olderThan(mention.publishedAt, query.since)) {
              reachedSince = true;
              break;
            }
            seen.add(mention.externalId);
            mentions.push(mention);
            if (mentions.length >= query.maxItems) {
              await context.onProgress?.(mentions.length);
              const more = Boolean(listing.data.after) || child !== listing.data.children.at(-1);
              return { mentions, stoppedEarly: more ? `Stopped at ${query.maxItems} posts for this run.` : null };
            }
          }
          await context.onProgress?.(mentions.length);
          after = listing.data.after ?? null;
          if (reachedSince || !after) return { mentions, stoppedEarly: null };
        }
      } catch (error) {
        return keptOnRateLimit('Reddit', mentions, error);
      }
    },
  };
}
