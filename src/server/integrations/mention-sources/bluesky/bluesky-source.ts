/**
 * Bluesky posts naming the brand, through `app.bsky.feed.searchPosts` with a signed-in session
 * (Bluesky's AppView refuses unauthenticated search).
 *
 * - Session: `POST {BLUESKY_API_URL}/xrpc/com.atproto.server.createSession` with the identifier and
 *   an app password; `{ accessJwt, refreshJwt }` are kept in memory only (never logged or stored).
 *   createSession is itself tightly limited (30 per 5 minutes, 300 a day per account), so the
 *   session is reused across runs: on `ExpiredToken` it is refreshed with
 *   `com.atproto.server.refreshSession` (the refresh token as bearer), and created anew only when
 *   that fails too.
 * - Search: `GET {BLUESKY_API_URL}/xrpc/app.bsky.feed.searchPosts?q=…&sort=latest&since=…&limit=100
 *   &cursor=…` (the PDS forwards it to the AppView with the session's authority; BLUESKY_APPVIEW_URL,
 *   the public AppView, refuses unauthenticated search and is not used here). The answer is `{ cursor?, hitsTotal?, posts }`;
 *   paging ends when no cursor comes back. One search per term: the name as a phrase, the website
 *   domain, the declared Bluesky handle. The query syntax is "unspecified, Lucene recommended" in
 *   the lexicon, so no OR or negation is relied on: excluded terms are left to the relevance step.
 * - `since` filters on Bluesky's sortAt (the earlier of createdAt and indexedAt); a post whose own
 *   createdAt is older than since is skipped as well.
 * - Limits: the `ratelimit-remaining` / `ratelimit-reset` (Unix seconds) headers are read after
 *   each call and the next call waits for the reset when none is left (or the run stops early when
 *   the wait is long); a 429 is retried by fetchService (Retry-After when given, else backoff).
 */

import type { OutsideServicesConfig } from '../../../outside-services-config.ts';
import { fetchService, ServiceError, type ServiceResponse } from '../../http/fetch-service.ts';
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

const SERVICE = 'Bluesky';
const PAGE_SIZE = 100;

export type BlueskySourceDeps = { wait?: Wait; now?: () => number; maxRateLimitWaitMs?: number };

type PostView = {
  uri?: string;
  cid?: string;
  author?: { did?: string; handle?: string; displayName?: string };
  record?: { text?: string; createdAt?: string };
  likeCount?: number;
  replyCount?: number;
  repostCount?: number;
  quoteCount?: number;
  indexedAt?: string;
};
type SearchAnswer = { cursor?: string; hitsTotal?: number; posts?: PostView[] };
type Session = { accessJwt: string; refreshJwt: string };

/** `https://bsky.app/profile/<handle or did>/post/<rkey>` from `at://<did>/app.bsky.feed.post/<rkey>`. */
export function blueskyWebUrl(uri: string, handle: string | undefined): string | null {
  const match = /^at:\/\/([^/]+)\/app\.bsky\.feed\.post\/([^/?#]+)$/.exec(uri);
  if (!match) return null;
  const profile = handle && handle !== 'handle.invalid' ? handle : match[1];
  return `https://bsky.app/profile/${profile}/post/${match[2]}`;
}

/**
 * Mapping: id ← `uri` (at://…), url ← the bsky.app address built from it, content ← `record.text`,
 * author ← `author.displayName` and `author.handle`, date ← `record.createdAt`, engagement ←
 * `likeCount`, `replyCount`, `repostCount`, `quoteCount` as likes, replies, reposts, quotes.
 */
export function mentionFromBlueskyPost(post: PostView): Mention | null {
  const content = plainText(post.record?.text);
  if (!post.uri || !content) return null;
  const handle = post.author?.handle && post.author.handle !== 'handle.invalid' ? post.author.handle : null;
  return {
    externalId: `bluesky:${post.uri}`,
    url: blueskyWebUrl(post.uri, post.author?.handle),
    title: null,
    content,
    authorName: post.author?.displayName?.trim() || null,
    authorHandle: handle ? `@${handle}` : null,
    publishedAt: dateFrom(post.record?.createdAt),
    engagement: engagementOf({
      likes: post.likeCount,
      replies: post.replyCount,
      reposts: post.repostCount,
      quotes: post.quoteCount,
    }),
    rating: null,
    platform: 'Bluesky',
    channel: 'social',
  };
}

/** The searches run for a query, each a complete `q`. */
export function blueskySearchTerms(query: MentionQuery): string[] {
  const terms = [quotedPhrase(query.name)];
  if (query.domain) terms.push(query.domain);
  if (query.handles.bluesky) terms.push(query.handles.bluesky.replace(/^@/, ''));
  return [...new Set(terms)];
}

function errorCode(error: ServiceError): string | null {
  try {
    const body = JSON.parse(error.details.body ?? '') as { error?: unknown };
    return typeof body.error === 'string' ? body.error : null;
  } catch {
    return null;
  }
}

export function createBlueskyMentionSource(
  config: OutsideServicesConfig['bluesky'],
  deps: BlueskySourceDeps = {},
): MentionSource {
  const wait = deps.wait ?? realWait;
  const now = deps.now ?? Date.now;
  const maxRateLimitWaitMs = deps.maxRateLimitWaitMs ?? 60_000;
  let session: Session | null = null;
  let windowResetsAt: number | null = null;
  const secretsOf = () => [config.credentials?.appPassword, session?.accessJwt, session?.refreshJwt];

  async function call(
    path: string,
    init: { method?: 'GET' | 'POST'; bearer?: string; body?: object },
    signal?: AbortSignal,
  ) {
    return fetchService({
      service: SERVICE,
      url: `${config.apiUrl}/xrpc/${path}`,
      method: init.method ?? 'GET',
      headers: {
        ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      secrets: [...secretsOf(), init.bearer],
      signal,
      wait: (ms) => wait(ms, signal),
    });
  }

  function sessionFrom(response: ServiceResponse): Session {
    const answer = response.json() as { accessJwt?: unknown; refreshJwt?: unknown };
    if (typeof answer.accessJwt !== 'string' || typeof answer.refreshJwt !== 'string') {
      throw new ServiceError('malformed', 'Bluesky sent a session without its tokens.');
    }
    return { accessJwt: answer.accessJwt, refreshJwt: answer.refreshJwt };
  }

  async function createSession(signal?: AbortSignal): Promise<Session> {
    const credentials = config.credentials;
    if (!credentials) throw new ServiceError('auth', 'Bluesky is not configured on this server.');
    try {
      const body = { identifier: credentials.identifier, password: credentials.appPassword };
      session = sessionFrom(await call('com.atproto.server.createSession', { method: 'POST', body }, signal));
      return session;
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

  async function renewSession(signal?: AbortSignal): Promise<Session> {
    const refreshJwt = session?.refreshJwt;
    session = null;
    if (refreshJwt) {
      try {
        const response = await call(
          'com.atproto.server.refreshSession',
          { method: 'POST', bearer: refreshJwt },
          signal,
        );
        session = sessionFrom(response);
        return session;
      } catch {
        // An expired or revoked refresh token: sign in again below.
      }
    }
    return createSession(signal);
  }

  function noteRateLimit(headers: Headers): void {
    const remaining = Number(headers.get('ratelimit-remaining'));
    const reset = Number(headers.get('ratelimit-reset'));
    windowResetsAt = headers.has('ratelimit-remaining') && remaining < 1 && reset > 0 ? reset * 1000 : null;
  }

  async function searchPage(params: URLSearchParams, signal?: AbortSignal): Promise<SearchAnswer> {
    for (let attempt = 1; ; attempt += 1) {
      const current = session ?? (await createSession(signal));
      try {
        const response = await call(`app.bsky.feed.searchPosts?${params}`, { bearer: current.accessJwt }, signal);
        noteRateLimit(response.headers);
        return response.json() as SearchAnswer;
      } catch (error) {
        const expired =
          error instanceof ServiceError &&
          (errorCode(error) === 'ExpiredToken' || errorCode(error) === 'InvalidToken' || error.details.status === 401);
        if (expired && attempt === 1) {
          await renewSession(signal);
          continue;
        }
        throw error;
      }
    }
  }

  return {
    kind: 'bluesky',
    label: 'Bluesky',
    availability: () =>
      config.credentials ? { available: true } : unavailable('Set BLUESKY_IDENTIFIER and BLUESKY_APP_PASSWORD'),
    async search(query: MentionQuery, context: MentionSearchContext): Promise<MentionSearchResult> {
      const byUri = new Map<string, Mention>();
      try {
        for (const term of blueskySearchTerms(query)) {
          let cursor: string | null = null;
          do {
            if (windowResetsAt !== null) {
              const waitMs = windowResetsAt - now();
              if (waitMs > maxRateLimitWaitMs) {
                return {
                  mentions: [...byUri.values()],
                  stoppedEarly: "Bluesky's rate limit was reached; the rest is read on the next run.",
                };
              }
              if (waitMs > 0) await wait(waitMs, context.signal);
              windowResetsAt = null;
            }
            const params = new URLSearchParams({ q: term, sort: 'latest', limit: String(PAGE_SIZE) });
            if (query.since) params.set('since', query.since.toISOString());
            if (cursor) params.set('cursor', cursor);
            const answer = await searchPage(params, context.signal);
            if (!Array.isArray(answer.posts))
              throw new ServiceError('malformed', 'Bluesky sent a search answer without posts.');
            for (const post of answer.posts) {
              const mention = mentionFromBlueskyPost(post);
              if (!mention || byUri.has(mention.externalId) || olderThan(mention.publishedAt, query.since)) continue;
              byUri.set(mention.externalId, mention);
              if (byUri.size >= query.maxItems) {
                await context.onProgress?.(byUri.size);
                return {
                  mentions: [...byUri.values()],
                  stoppedEarly: `Stopped at ${query.maxItems} posts for this run.`,
                };
              }
            }
            await context.onProgress?.(byUri.size);
            cursor = answer.posts.length > 0 && answer.cursor ? answer.cursor : null;
          } while (cursor);
        }
        return { mentions: [...byUri.values()], stoppedEarly: null };
      } catch (error) {
        return keptOnRateLimit('Bluesky', [...byUri.values()], error);
      }
    },
  };
}
