/**
 * A loopback double of Bluesky's public AppView, in the shape of its lexicons:
 * - GET /xrpc/app.bsky.actor.getProfile?actor= → app.bsky.actor.defs#profileViewDetailed, or HTTP 400
 *   {"error":"InvalidRequest","message":"Profile not found"} for a handle nobody holds;
 * - GET /xrpc/app.bsky.feed.getAuthorFeed?actor=&filter=&limit=&cursor= → {feed: feedViewPost[], cursor},
 *   newest first, `limit` (1–100, default 50) a page, a cursor while more remain; a repost carries
 *   `reason` (app.bsky.feed.defs#reasonRepost) and another author.
 */
import { type DoubleServer, daysAgo, sendJson, startJsonDouble } from './server.ts';

export type BlueskyPost = { text: string; daysAgo: number; likes?: number; replies?: number; reposts?: number };
export type BlueskyAccount = {
  handle: string;
  displayName?: string;
  description?: string;
  /** a file in tests/fixtures/images, served by the double */
  avatar?: string;
  followers?: number;
  posts: BlueskyPost[];
  /** how many reposts of others' posts to mix in (they are not the account's posts) */
  reposts?: number;
};

export type BlueskyDouble = DoubleServer & { appviewUrl: string; setAccounts(accounts: BlueskyAccount[]): void };

export async function startBlueskyDouble(initial: BlueskyAccount[] = []): Promise<BlueskyDouble> {
  let accounts = initial;
  const didOf = (handle: string) => `did:plc:${handle.replace(/[^a-z0-9]/g, '')}`;
  const find = (actor: string | null) =>
    accounts.find((account) => account.handle === actor || didOf(account.handle) === actor);
  const server = await startJsonDouble((url, response) => {
    const actor = find(url.searchParams.get('actor'));
    if (url.pathname === '/xrpc/app.bsky.actor.getProfile') {
      if (!actor) return sendJson(response, 400, { error: 'InvalidRequest', message: 'Profile not found' });
      return sendJson(response, 200, {
        did: didOf(actor.handle),
        handle: actor.handle,
        displayName: actor.displayName,
        description: actor.description,
        avatar: actor.avatar ? `${server.origin}/img/${actor.avatar}` : undefined,
        followersCount: actor.followers ?? 0,
        followsCount: 12,
        postsCount: actor.posts.length,
        indexedAt: daysAgo(400),
      });
    }
    if (url.pathname === '/xrpc/app.bsky.feed.getAuthorFeed') {
      if (!actor) return sendJson(response, 400, { error: 'InvalidRequest', message: 'Profile not found' });
      const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 50)));
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const items = feedOf(actor, didOf(actor.handle));
      const page = items.slice(start, start + limit);
      const next = start + limit < items.length ? String(start + limit) : undefined;
      return sendJson(response, 200, { feed: page, ...(next ? { cursor: next } : {}) });
    }
    sendJson(response, 501, { error: 'MethodNotImplemented', message: 'Method Not Implemented' });
  });
  return {
    ...server,
    appviewUrl: server.origin,
    setAccounts(next) {
      accounts = next;
    },
  };
}

function feedOf(account: BlueskyAccount, did: string) {
  const own = account.posts.map((post, index) => ({
    post: {
      uri: `at://${did}/app.bsky.feed.post/3k${index.toString().padStart(6, '0')}`,
      cid: `bafy${index}`,
      author: { did, handle: account.handle },
      record: { $type: 'app.bsky.feed.post', text: post.text, createdAt: daysAgo(post.daysAgo) },
      replyCount: post.replies ?? 0,
      repostCount: post.reposts ?? 0,
      likeCount: post.likes ?? 0,
      quoteCount: 0,
      indexedAt: daysAgo(post.daysAgo),
    },
    sortAt: daysAgo(post.daysAgo),
  }));
  const reposts = Array.from({ length: account.reposts ?? 0 }, (_, index) => ({
    post: {
      uri: `at://did:plc:someoneelse/app.bsky.feed.post/3r${index}`,
      cid: `bafyr${index}`,
      author: { did: 'did:plc:someoneelse', handle: 'someone.bsky.social' },
      record: { $type: 'app.bsky.feed.post', text: 'Not ours', createdAt: daysAgo(index + 1) },
      likeCount: 999,
      indexedAt: daysAgo(index + 1),
    },
    reason: {
      $type: 'app.bsky.feed.defs#reasonRepost',
      by: { did, handle: account.handle },
      indexedAt: daysAgo(index + 1),
    },
    sortAt: daysAgo(index + 1),
  }));
  return [...own, ...reposts]
    .sort((a, b) => b.sortAt.localeCompare(a.sortAt))
    .map(({ sortAt: _sortAt, ...item }) => item);
}
