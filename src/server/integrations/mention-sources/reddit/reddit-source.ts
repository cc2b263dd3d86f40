/**
 * Reddit posts naming the brand, through Reddit's Data API with application-only OAuth (the token,
 * User-Agent and rate-limit headers: reddit-client.ts).
 *
 * - Search: `GET {REDDIT_API_URL}/search?q=…&sort=new&type=link&limit=100&t=…&after=…` (a Listing:
 *   `data.after` pages on; `data.children[].data` are the posts). Reddit's listings stop after
 *   about 1,000 items whatever the paging.
 * - Comments: Reddit's documented `/search` takes `type` = sr, link, user only; it does not search
 *   comments. A comment naming the brand under a post that does not is therefore not found, and we
 *   say so (README, "Sources that need the operator's keys") rather than read every thread.
 * - Query: the name as a phrase OR the website's domain. Reddit documents no negation for its
 *   current search, so excluded terms are left to the relevance step.
 * - Limits: with Reddit's rate-limit window spent, the next call waits for the reset when that is
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
import { RedditClient } from './reddit-client.ts';

const PAGE_SIZE = 100;
/** Reddit's search query is limited to 512 characters. */
const MAX_QUERY_LENGTH = 512;

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

/** Posts from newest to `since`, `maxItems` or the end, into `mentions` (kept if a later page fails). */
async function readPosts(
  client: RedditClient,
  query: MentionQuery,
  context: MentionSearchContext,
  mentions: Mention[],
  now: () => number,
): Promise<MentionSearchResult> {
  const seen = new Set<string>();
  let after: string | null = null;
  for (;;) {
    if (!(await client.window.ready(context.signal))) {
      return { mentions, stoppedEarly: "Reddit's rate limit was reached; the rest is read on the next run." };
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
    const listing = (await client.get('/search', params, context.signal)) as Listing;
    const children = listing.data?.children;
    if (!Array.isArray(children)) throw new ServiceError('malformed', 'Reddit sent a search answer without a listing.');
    for (const [index, child] of children.entries()) {
      const mention = child.data ? mentionFromRedditPost(child.data) : null;
      if (!mention || seen.has(mention.externalId)) continue;
      // sort=new: the first post older than since ends the search.
      if (olderThan(mention.publishedAt, query.since)) return { mentions, stoppedEarly: null };
      seen.add(mention.externalId);
      mentions.push(mention);
      if (mentions.length >= query.maxItems) {
        await context.onProgress?.(mentions.length);
        const more = Boolean(listing.data?.after) || index < children.length - 1;
        return { mentions, stoppedEarly: more ? `Stopped at ${query.maxItems} posts for this run.` : null };
      }
    }
    await context.onProgress?.(mentions.length);
    after = listing.data?.after ?? null;
    if (!after) return { mentions, stoppedEarly: null };
  }
}

export function createRedditMentionSource(
  config: OutsideServicesConfig['reddit'],
  deps: RedditSourceDeps = {},
): MentionSource {
  const now = deps.now ?? Date.now;
  const client = new RedditClient(config, deps.wait ?? realWait, now, deps.maxRateLimitWaitMs ?? 60_000);
  return {
    kind: 'reddit',
    label: 'Reddit',
    availability: () =>
      config.credentials ? { available: true } : unavailable('Set REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET'),
    async search(query, context) {
      const mentions: Mention[] = [];
      try {
        return await readPosts(client, query, context, mentions, now);
      } catch (error) {
        return keptOnRateLimit('Reddit', mentions, error);
      }
    },
  };
}
