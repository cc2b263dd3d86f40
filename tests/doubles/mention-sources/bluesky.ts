/**
 * A loopback double of a Bluesky PDS as the Bluesky mention source calls it (XRPC over HTTP):
 * - `POST /xrpc/com.atproto.server.createSession` `{ identifier, password }` → `{ did, handle,
 *   accessJwt, refreshJwt, active }`, or 401 `{ error: "AuthenticationRequired", message }`.
 * - `POST /xrpc/com.atproto.server.refreshSession` (refresh token as bearer) → new tokens, or 400
 *   `{ error: "ExpiredToken" }`.
 * - `GET /xrpc/app.bsky.feed.searchPosts?q&sort&since&limit&cursor` (access token as bearer) →
 *   `{ cursor?, hitsTotal, posts: PostView[] }`, newest first; an expired access token gets 400
 *   `{ error: "ExpiredToken", message: "Token has expired" }`, none 401 `AuthenticationRequired`.
 *   Answers carry `ratelimit-limit`, `-remaining`, `-reset` (Unix seconds) and `-policy`.
 */
import { type DoubleServer, pageOf, startDoubleServer, stepBack } from './double-server.ts';

export type BlueskyPostView = {
  uri: string;
  cid: string;
  author: { did: string; handle: string; displayName?: string };
  record: { $type: 'app.bsky.feed.post'; text: string; createdAt: string; langs: string[] };
  replyCount: number;
  repostCount: number;
  likeCount: number;
  quoteCount: number;
  indexedAt: string;
};

export type BlueskyDouble = DoubleServer & {
  identifier: string;
  appPassword: string;
  /** `count` posts a search for `q` finds, newest first, an hour apart from `newest`. */
  loadPosts(q: string, count: number, newest?: Date): BlueskyPostView[];
  setRateLimit(headers: { remaining: number; reset: number }): void;
  /** Every access token issued so far answers ExpiredToken from now on. */
  expireAccessTokens(): void;
  sessionsCreated: number;
  sessionsRefreshed: number;
};

export function blueskyPost(index: number, text: string, created: Date): BlueskyPostView {
  const did = `did:plc:author${index % 40}`;
  const rkey = `3k${index.toString(36).padStart(6, '0')}`;
  return {
    uri: `at://${did}/app.bsky.feed.post/${rkey}`,
    cid: `bafyrei${rkey}`,
    author: {
      did,
      handle: `fan${index % 40}.bsky.social`,
      ...(index % 5 === 0 ? {} : { displayName: `Fan ${index % 40}` }),
    },
    record: {
      $type: 'app.bsky.feed.post',
      text: `${text} (${index})`,
      createdAt: created.toISOString(),
      langs: ['en'],
    },
    replyCount: index % 4,
    repostCount: index % 3,
    likeCount: index % 11,
    quoteCount: index % 2,
    indexedAt: created.toISOString(),
  };
}

export async function startBlueskyDouble(): Promise<BlueskyDouble> {
  const identifier = 'brandlens.bsky.social';
  const appPassword = 'abcd-efgh-ijkl-mnop';
  const results = new Map<string, BlueskyPostView[]>();
  const access = new Map<string, 'valid' | 'expired'>();
  const refresh = new Set<string>();
  let rateLimit = { remaining: 2999, reset: Math.floor(Date.now() / 1000) + 300 };
  const counters = { sessionsCreated: 0, sessionsRefreshed: 0 };
  const issue = () => {
    const suffix = Math.random().toString(36).slice(2);
    const tokens = { accessJwt: `eyJ.access.${suffix}`, refreshJwt: `eyJ.refresh.${suffix}` };
    access.set(tokens.accessJwt, 'valid');
    refresh.add(tokens.refreshJwt);
    return { did: 'did:plc:brandlens', handle: identifier, active: true, ...tokens };
  };
  const bearerOf = (header: string | undefined) => /^Bearer (.+)$/.exec(header ?? '')?.[1];

  const server = await startDoubleServer((request) => {
    if (request.method === 'POST' && request.path === '/xrpc/com.atproto.server.createSession') {
      const body = JSON.parse(request.body || '{}') as { identifier?: string; password?: string };
      if (body.identifier !== identifier || body.password !== appPassword) {
        return { status: 401, body: { error: 'AuthenticationRequired', message: 'Invalid identifier or password' } };
      }
      counters.sessionsCreated += 1;
      return { status: 200, body: issue() };
    }
    if (request.method === 'POST' && request.path === '/xrpc/com.atproto.server.refreshSession') {
      const token = bearerOf(request.headers.authorization);
      if (!token || !refresh.has(token))
        return { status: 400, body: { error: 'ExpiredToken', message: 'Token has expired' } };
      refresh.delete(token);
      counters.sessionsRefreshed += 1;
      return { status: 200, body: issue() };
    }
    if (request.method === 'GET' && request.path === '/xrpc/app.bsky.feed.searchPosts') {
      const headers = {
        'ratelimit-limit': '3000',
        'ratelimit-remaining': String(rateLimit.remaining),
        'ratelimit-reset': String(rateLimit.reset),
        'ratelimit-policy': '3000;w=300',
      };
      const token = bearerOf(request.headers.authorization);
      const state = token ? access.get(token) : undefined;
      if (state === 'expired')
        return { status: 400, headers, body: { error: 'ExpiredToken', message: 'Token has expired' } };
      if (!state)
        return { status: 401, headers, body: { error: 'AuthenticationRequired', message: 'Authentication Required' } };
      const since = request.query.get('since');
      const found = (results.get(request.query.get('q') ?? '') ?? []).filter(
        (post) => !since || post.indexedAt >= new Date(since).toISOString(),
      );
      const limit = Math.min(100, Number(request.query.get('limit') ?? '25'));
      const page = pageOf(found, Number(request.query.get('cursor') ?? '0'), limit);
      return {
        status: 200,
        headers,
        body: {
          ...(page.next === null ? {} : { cursor: String(page.next) }),
          hitsTotal: found.length,
          posts: page.items,
        },
      };
    }
    return { status: 404, body: { error: 'MethodNotImplemented', message: 'Method Not Implemented' } };
  });

  return {
    ...server,
    identifier,
    appPassword,
    get sessionsCreated() {
      return counters.sessionsCreated;
    },
    get sessionsRefreshed() {
      return counters.sessionsRefreshed;
    },
    loadPosts(q: string, count: number, newest = new Date()) {
      const posts = Array.from({ length: count }, (_, index) =>
        blueskyPost(index + 1, `Loving ${q.replace(/"/g, '')} today`, stepBack(newest, index)),
      );
      results.set(q, posts);
      return posts;
    },
    setRateLimit(headers: { remaining: number; reset: number }) {
      rateLimit = headers;
    },
    expireAccessTokens() {
      for (const token of access.keys()) access.set(token, 'expired');
    },
  };
}
