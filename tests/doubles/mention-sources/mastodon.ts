/**
 * A loopback double of Mastodon's public hashtag timeline, `GET /api/v1/timelines/tag/:hashtag`,
 * for several instances at once: instance `domain` lives under `/i/<domain>` (so
 * MASTODON_INSTANCE_URLS is `domain=<origin>/i/<domain>,…`). Answers Status entities newest first,
 * `limit` (default 20, at most 40), `max_id` / `since_id` / `min_id`, with a `Link` header
 * (rel="next" by max_id, rel="prev" by min_id) as Mastodon pages, and the rate-limit headers
 * (X-RateLimit-Limit 300 per 5 minutes, X-RateLimit-Remaining, X-RateLimit-Reset); past the limit
 * it answers 429 with {"error":"Too many requests"}.
 */
import { type HttpDouble, sendJson, startHttpDouble } from './http-double.ts';

export type Toot = {
  /** the instance-local id; the same post federated elsewhere has another id there */
  id: string;
  /** the post's home address (the same on every instance) */
  uri: string;
  url?: string;
  createdAt: Date;
  html: string;
  acct: string;
  displayName: string;
  replies?: number;
  reblogs?: number;
  favourites?: number;
  spoiler?: string;
  visibility?: 'public' | 'unlisted' | 'private';
};

export type MastodonDouble = HttpDouble & {
  /** MASTODON_INSTANCE_URLS for these instance domains */
  instancesSetting(domains: string[]): string;
  setTimeline(domain: string, tag: string, toots: Toot[]): void;
  /** requests left in the current 5-minute window (default 300) */
  setRemaining(remaining: number): void;
};

export const RATE_LIMIT = 300;

export function statusOf(toot: Toot) {
  const [username] = toot.acct.split('@');
  return {
    id: toot.id,
    created_at: toot.createdAt.toISOString(),
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    sensitive: Boolean(toot.spoiler),
    spoiler_text: toot.spoiler ?? '',
    visibility: toot.visibility ?? 'public',
    language: 'en',
    uri: toot.uri,
    url: toot.url ?? toot.uri,
    replies_count: toot.replies ?? 0,
    reblogs_count: toot.reblogs ?? 0,
    favourites_count: toot.favourites ?? 0,
    content: toot.html,
    reblog: null,
    account: {
      id: '1',
      username,
      acct: toot.acct,
      display_name: toot.displayName,
      url: `https://example.social/@${username}`,
    },
    media_attachments: [],
    mentions: [],
    tags: [],
    emojis: [],
    card: null,
    poll: null,
  };
}

export async function startMastodonDouble(): Promise<MastodonDouble> {
  const timelines = new Map<string, Toot[]>();
  let remaining = RATE_LIMIT;
  let origin = '';
  const double = await startHttpDouble((url, _request, response) => {
    const match = /^\/i\/([^/]+)\/api\/v1\/timelines\/tag\/([^/]+)$/.exec(url.pathname);
    if (!match) return response.writeHead(404).end('{"error":"Record not found"}');
    const reset = new Date(Date.now() + 5 * 60_000).toISOString();
    const limitHeaders = { 'x-ratelimit-limit': String(RATE_LIMIT), 'x-ratelimit-reset': reset };
    if (remaining <= 0) {
      return response
        .writeHead(429, { 'content-type': 'application/json', ...limitHeaders, 'x-ratelimit-remaining': '0' })
        .end('{"error":"Too many requests"}');
    }
    remaining -= 1;
    const [domain, tag] = [match[1] ?? '', decodeURIComponent(match[2] ?? '').toLowerCase()];
    const limit = Math.min(40, Number(url.searchParams.get('limit') ?? '20'));
    const maxId = url.searchParams.get('max_id');
    const sinceId = url.searchParams.get('since_id') ?? url.searchParams.get('min_id');
    const newestFirst = [...(timelines.get(`${domain}#${tag}`) ?? [])].sort((a, b) =>
      Number(BigInt(b.id) - BigInt(a.id)),
    );
    const page = newestFirst
      .filter((toot) => !maxId || BigInt(toot.id) < BigInt(maxId))
      .filter((toot) => !sinceId || BigInt(toot.id) > BigInt(sinceId))
      .slice(0, limit);
    const base = `${origin}/i/${domain}/api/v1/timelines/tag/${encodeURIComponent(tag)}`;
    const link =
      page.length > 0
        ? `<${base}?limit=${limit}&max_id=${page[page.length - 1]!.id}>; rel="next", <${base}?limit=${limit}&min_id=${page[0]!.id}>; rel="prev"`
        : undefined;
    sendJson(response, page.map(statusOf), {
      ...limitHeaders,
      'x-ratelimit-remaining': String(remaining),
      ...(link ? { link } : {}),
    });
  });
  origin = double.origin;
  return {
    ...double,
    instancesSetting: (domains) => domains.map((domain) => `${domain}=${origin}/i/${domain}`).join(','),
    setTimeline(domain, tag, toots) {
      timelines.set(`${domain}#${tag.toLowerCase()}`, toots);
    },
    setRemaining(next) {
      remaining = next;
    },
  };
}
