/**
 * Bluesky posts naming the brand, through `app.bsky.feed.searchPosts` with a signed-in session
 * (Bluesky's AppView refuses unauthenticated search; the session: bluesky-client.ts).
 *
 * - Search: `GET {BLUESKY_API_URL}/xrpc/app.bsky.feed.searchPosts?q=…&sort=latest&since=…&limit=100
 *   &cursor=…` (the PDS forwards it to the AppView with the session's authority;
 *   BLUESKY_APPVIEW_URL, the public AppView, refuses unauthenticated search and is not used here).
 *   The answer is `{ cursor?, hitsTotal?, posts }`; paging ends when no cursor comes back. One
 *   search per term: the name as a phrase, the website domain, the declared Bluesky handle. The
 *   query syntax is "unspecified, Lucene recommended" in the lexicon, so no OR or negation is
 *   relied on: excluded terms are left to the relevance step.
 * - `since` filters on Bluesky's sortAt (the earlier of createdAt and indexedAt); a post whose own
 *   createdAt is older than since is skipped as well.
 * - Limits: with the rate-limit window spent, the next call waits for the reset when that is
 *   short, and the run stops early (saying so) when it is not.
 */

import type { OutsideServicesConfig } from '../../../outside-services-config.ts';
import { ServiceError } from '../../http/fetch-service.ts';
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
import { BlueskyClient } from './bluesky-client.ts';

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

/** Posts for each search term, newest first, into `byUri` (kept if a later page fails). */
async function readPosts(
  client: BlueskyClient,
  query: MentionQuery,
  context: MentionSearchContext,
  byUri: Map<string, Mention>,
): Promise<MentionSearchResult> {
  const result = (stoppedEarly: string | null) => ({ mentions: [...byUri.values()], stoppedEarly });
  for (const term of blueskySearchTerms(query)) {
    let cursor: string | null = null;
    do {
      if (!(await client.window.ready(context.signal))) {
        return result("Bluesky's rate limit was reached; the rest is read on the next run.");
      }
      const params = new URLSearchParams({ q: term, sort: 'latest', limit: String(PAGE_SIZE) });
      if (query.since) params.set('since', query.since.toISOString());
      if (cursor) params.set('cursor', cursor);
      const answer = (await client.query('app.bsky.feed.searchPosts', params, context.signal)) as SearchAnswer;
      if (!Array.isArray(answer.posts))
        throw new ServiceError('malformed', 'Bluesky sent a search answer without posts.');
      for (const post of answer.posts) {
        const mention = mentionFromBlueskyPost(post);
        if (!mention || byUri.has(mention.externalId) || olderThan(mention.publishedAt, query.since)) continue;
        byUri.set(mention.externalId, mention);
        if (byUri.size >= query.maxItems) {
          await context.onProgress?.(byUri.size);
          return result(`Stopped at ${query.maxItems} posts for this run.`);
        }
      }
      await context.onProgress?.(byUri.size);
      cursor = answer.posts.length > 0 && answer.cursor ? answer.cursor : null;
    } while (cursor);
  }
  return result(null);
}

export function createBlueskyMentionSource(
  config: OutsideServicesConfig['bluesky'],
  deps: BlueskySourceDeps = {},
): MentionSource {
  const client = new BlueskyClient(
    config,
    deps.wait ?? realWait,
    deps.now ?? Date.now,
    deps.maxRateLimitWaitMs ?? 60_000,
  );
  return {
    kind: 'bluesky',
    label: 'Bluesky',
    availability: () =>
      config.credentials ? { available: true } : unavailable('Set BLUESKY_IDENTIFIER and BLUESKY_APP_PASSWORD'),
    async search(query, context) {
      const byUri = new Map<string, Mention>();
      try {
        return await readPosts(client, query, context, byUri);
      } catch (error) {
        return keptOnRateLimit('Bluesky', [...byUri.values()], error);
      }
    },
  };
}
