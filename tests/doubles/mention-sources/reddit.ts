/**
 * A loopback double of Reddit's Data API as the Reddit mention source calls it:
 * - `POST /api/v1/access_token` (application-only OAuth): HTTP basic auth with the client id and
 *   secret, `grant_type=client_credentials`; answers `{ access_token, token_type, expires_in, scope }`
 *   or 401 `{ message: "Unauthorized", error: 401 }`.
 * - `GET /search` with `Authorization: bearer <token>`: a Listing (`kind: "Listing"`, `data.after`,
 *   `data.children[]` of `{ kind: "t3", data: post }`), newest first, `limit` per page (max 100),
 *   `after` a post's fullname; 401 for an unknown or revoked token. Every answer carries
 *   `X-Ratelimit-Used`, `-Remaining` and `-Reset` (a test sets them).
 */
import { type DoubleServer, pageOf, startDoubleServer, stepBack } from './double-server.ts';

export type RedditPostData = {
  id: string;
  name: string;
  permalink: string;
  title: string;
  selftext: string;
  author: string;
  created_utc: number;
  score: number;
  num_comments: number;
  subreddit: string;
  url: string;
};

export type RedditDouble = DoubleServer & {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  posts: RedditPostData[];
  /** `count` posts naming `name`, newest first, one hour apart from `newest`. */
  loadPosts(count: number, name?: string, newest?: Date): RedditPostData[];
  /** The rate-limit headers of the next answers. */
  setRateLimit(headers: { used: number; remaining: number; reset: number }): void;
  /** Refuses every token issued so far (as if expired). */
  revokeTokens(): void;
  tokensIssued: number;
};

export function redditPost(index: number, name = 'Northwind Roasters', created = new Date()): RedditPostData {
  const id = `p${index.toString(36)}`;
  return {
    id,
    name: `t3_${id}`,
    permalink: `/r/coffee/comments/${id}/post_${index}/`,
    title: `Thoughts on ${name}? (${index})`,
    selftext: index % 3 === 0 ? '' : `I tried ${name} beans last week, post ${index}.`,
    author: index % 7 === 0 ? '[deleted]' : `brewer${index}`,
    created_utc: Math.floor(created.getTime() / 1000),
    score: index % 50,
    num_comments: index % 9,
    subreddit: 'coffee',
    url: `https://www.reddit.com/r/coffee/comments/${id}/post_${index}/`,
  };
}

export async function startRedditDouble(): Promise<RedditDouble> {
  const clientId = 'reddit-client-id';
  const clientSecret = 'reddit-client-secret-value';
  const valid = new Set<string>();
  let rateLimit = { used: 1, remaining: 599, reset: 300 };
  const state = { tokensIssued: 0, posts: [] as RedditPostData[] };
  const rateHeaders = () => ({
    'x-ratelimit-used': String(rateLimit.used),
    'x-ratelimit-remaining': String(rateLimit.remaining),
    'x-ratelimit-reset': String(rateLimit.reset),
  });

  const server = await startDoubleServer((request) => {
    if (request.method === 'POST' && request.path === '/api/v1/access_token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      const form = new URLSearchParams(request.body);
      if (request.headers.authorization !== expected || form.get('grant_type') !== 'client_credentials') {
        return { status: 401, body: { message: 'Unauthorized', error: 401 } };
      }
      state.tokensIssued += 1;
      const token = `reddit-token-${state.tokensIssued}-${Math.random().toString(36).slice(2)}`;
      valid.add(token);
      return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: 86400, scope: '*' } };
    }
    if (request.method === 'GET' && request.path === '/search') {
      const bearer = /^bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!bearer || !valid.has(bearer)) {
        return { status: 401, headers: rateHeaders(), body: { message: 'Unauthorized', error: 401 } };
      }
      const limit = Math.min(100, Number(request.query.get('limit') ?? '25'));
      const after = request.query.get('after');
      const start = after ? state.posts.findIndex((post) => post.name === after) + 1 : 0;
      const page = pageOf(state.posts, start, limit);
      return {
        status: 200,
        headers: rateHeaders(),
        body: {
          kind: 'Listing',
          data: {
            after: page.next === null ? null : (page.items.at(-1)?.name ?? null),
            before: null,
            dist: page.items.length,
            children: page.items.map((data) => ({ kind: 't3', data })),
          },
        },
      };
    }
    return { status: 404, body: { message: 'Not Found', error: 404 } };
  });

  return {
    ...server,
    authUrl: `${server.url}/api/v1/access_token`,
    clientId,
    clientSecret,
    get posts() {
      return state.posts;
    },
    get tokensIssued() {
      return state.tokensIssued;
    },
    loadPosts(count: number, name?: string, newest = new Date()) {
      state.posts = Array.from({ length: count }, (_, index) => redditPost(index + 1, name, stepBack(newest, index)));
      return state.posts;
    },
    setRateLimit(headers: { used: number; remaining: number; reset: number }) {
      rateLimit = headers;
    },
    revokeTokens() {
      valid.clear();
    },
  };
}
