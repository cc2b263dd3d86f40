/**
 * A loopback double of TikTok's Commercial Content API as the TikTok connector calls it, in the
 * documented shapes:
 *
 * - `POST /v2/oauth/token/` (form: client_key, client_secret, grant_type=client_credentials) gives
 *   `{ access_token: "clt.…", expires_in: 7200, token_type: "Bearer" }`; a wrong key or secret is
 *   answered, as TikTok does, with HTTP 200 and `{ error: "invalid_client", … }`.
 * - `POST /v2/research/adlib/ad/query/?fields=…` with `filters.advertiser_business_ids`,
 *   `filters.ad_published_date_range` (required), `max_count` (≤ 50) and `search_id`: answers
 *   `{ data: { ads: [{ ad, advertiser }], has_more, search_id }, error: { code: "ok", … } }` with
 *   only the requested fields, page by page.
 * - `POST /v2/research/adlib/advertiser/query/?fields=…` with `search_term` (≤ 50 characters).
 * - Errors as `{ error: { code, message, log_id } }`: 401 access_token_invalid for an unknown or
 *   revoked token, 400 invalid_params, 429 rate_limit_exceeded with Retry-After on request, 429
 *   daily_quota_limit_exceeded once the daily quota set is spent, 500 on request.
 *
 * Business and ad ids are 64-bit integers written as bare JSON numbers, as TikTok writes them.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TIKTOK_CLIENT_KEY = 'tiktok-test-client-key';
export const TIKTOK_CLIENT_SECRET = 'tiktok-test-client-secret-value';

export type TikTokDoubleAd = {
  id: string;
  first_shown_date?: string;
  last_shown_date?: string;
  status?: 'active' | 'inactive';
  videos?: { url: string }[];
  image_urls?: string[];
  reach?: { unique_users_seen: string };
};
export type TikTokDoubleAdvertiser = { business_id: string; business_name: string; country_code: string };

export type TikTokCall = {
  path: string;
  fields: string | null;
  authorization: string | null;
  /** the raw body as sent (ids as bare numbers) */
  body: string;
};

export type TikTokApiDouble = {
  /** TIKTOK_API_URL for the app */
  apiUrl: string;
  calls: TikTokCall[];
  /** tokens handed out so far */
  issuedTokens: string[];
  setAdvertisers(advertisers: TikTokDoubleAdvertiser[]): void;
  /** the ads of one advertiser (by business id), newest first as TikTok lists them */
  setAds(businessId: string, ads: TikTokDoubleAd[]): void;
  /** the next research request is answered 429 rate_limit_exceeded with this Retry-After (seconds) */
  rateLimitOnce(retryAfterSeconds?: number): void;
  /** the next research request is answered with this HTTP status (500, 503) */
  failOnce(status: number): void;
  /** research requests allowed in all before 429 daily_quota_limit_exceeded; null: no limit */
  setDailyQuota(requests: number | null): void;
  /** every token handed out so far is refused as access_token_invalid */
  revokeTokens(): void;
  close(): Promise<void>;
};

const logId = () => `2026${Date.now()}${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
const okError = () => ({ code: 'ok', message: '', log_id: logId() });

/** JSON with every "id-like" value in `ids` written as a bare number, as TikTok's i64 fields are. */
function jsonWithBareIds(value: unknown): string {
  return JSON.stringify(value).replace(/"(business_id|id)":"(\d+)"/g, '"$1":$2');
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : jsonWithBareIds(body));
}

const failure = (code: string, message: string) => ({ error: { code, message, log_id: logId() } });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function pick(object: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in object).map((key) => [key, object[key]]));
}

export async function startTikTokApiDouble(): Promise<TikTokApiDouble> {
  const advertisers: TikTokDoubleAdvertiser[] = [];
  const adsByAdvertiser = new Map<string, TikTokDoubleAd[]>();
  const searches = new Map<string, { businessId: string; offset: number }>();
  const calls: TikTokCall[] = [];
  const issuedTokens: string[] = [];
  const validTokens = new Set<string>();
  let rateLimitNext: number | null = null;
  let failNext: number | null = null;
  let quota: number | null = null;
  let researchRequests = 0;

  function token(res: ServerResponse, body: string) {
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'client_credentials') {
      return send(res, 400, { error: 'invalid_request', error_description: 'grant_type', log_id: logId() });
    }
    if (form.get('client_key') !== TIKTOK_CLIENT_KEY || form.get('client_secret') !== TIKTOK_CLIENT_SECRET) {
      return send(res, 200, {
        error: 'invalid_client',
        error_description: 'Client key or secret is incorrect.',
        log_id: logId(),
      });
    }
    const accessToken = `clt.${randomUUID().replace(/-/g, '')}`;
    issuedTokens.push(accessToken);
    validTokens.add(accessToken);
    send(res, 200, { access_token: accessToken, expires_in: 7200, token_type: 'Bearer' });
  }

  function adQuery(res: ServerResponse, fields: string[], request: Record<string, unknown>) {
    const filters = (request.filters ?? {}) as Record<string, unknown>;
    const range = filters.ad_published_date_range as { min?: string; max?: string } | undefined;
    const maxCount = (request.max_count as number | undefined) ?? 10;
    if (!range?.min || !range.max || maxCount > 50 || maxCount < 1) {
      return send(res, 400, failure('invalid_params', 'Invalid parameters'));
    }
    let search = typeof request.search_id === 'string' ? searches.get(request.search_id) : undefined;
    let searchId = typeof request.search_id === 'string' ? request.search_id : randomUUID();
    if (!search) {
      const ids = (filters.advertiser_business_ids as string[] | undefined) ?? [];
      search = { businessId: String(ids[0] ?? ''), offset: 0 };
      searchId = randomUUID();
    }
    const all = adsByAdvertiser.get(search.businessId) ?? [];
    const page = all.slice(search.offset, search.offset + maxCount);
    searches.set(searchId, { businessId: search.businessId, offset: search.offset + page.length });
    const advertiser = advertisers.find((entry) => entry.business_id === search.businessId);
    const adFields = fields.filter((field) => field.startsWith('ad.')).map((field) => field.slice(3));
    const advertiserFields = fields.filter((field) => field.startsWith('advertiser.')).map((field) => field.slice(11));
    send(res, 200, {
      data: {
        ads: page.map((ad) => ({
          ad: pick(ad as Record<string, unknown>, adFields),
          advertiser: pick(
            { business_id: search.businessId, business_name: advertiser?.business_name ?? 'Unknown' },
            advertiserFields,
          ),
        })),
        has_more: search.offset + page.length < all.length,
        search_id: searchId,
      },
      error: okError(),
    });
  }

  function advertiserQuery(res: ServerResponse, fields: string[], request: Record<string, unknown>) {
    const term = typeof request.search_term === 'string' ? request.search_term : '';
    if (!term || term.length > 50) return send(res, 400, failure('invalid_params', 'search_term is invalid'));
    const found = advertisers
      .filter((entry) => entry.business_name.toLowerCase().includes(term.toLowerCase()))
      .slice(0, (request.max_count as number | undefined) ?? 10);
    send(res, 200, {
      data: { advertisers: found.map((entry) => pick(entry as unknown as Record<string, unknown>, fields)) },
      error: okError(),
    });
  }

  async function research(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    const authorization = req.headers.authorization ?? null;
    const bearer = authorization?.replace(/^Bearer /i, '') ?? '';
    if (!validTokens.has(bearer)) {
      return send(
        res,
        401,
        failure('access_token_invalid', 'The access token is invalid or not found in the request.'),
      );
    }
    researchRequests++;
    if (quota !== null && researchRequests > quota) {
      const now = new Date();
      const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
      return send(res, 429, failure('daily_quota_limit_exceeded', 'Daily quota limit exceeded.'), {
        'retry-after': String(Math.ceil((midnight - now.getTime()) / 1000)),
      });
    }
    if (rateLimitNext !== null) {
      const wait = rateLimitNext;
      rateLimitNext = null;
      return send(res, 429, failure('rate_limit_exceeded', 'API rate limit exceeded.'), {
        'retry-after': String(wait),
      });
    }
    if (failNext !== null) {
      const status = failNext;
      failNext = null;
      return send(res, status, failure('internal_error', 'Something went wrong.'));
    }
    const fields = (url.searchParams.get('fields') ?? '').split(',').filter(Boolean);
    if (fields.length === 0) return send(res, 400, failure('invalid_params', 'fields is required'));
    let request: Record<string, unknown>;
    try {
      // ids arrive as bare 64-bit numbers: read as strings so none is rounded
      request = JSON.parse(body.replace(/([:[,]\s*)(\d{10,})(?=\s*[,}\]])/g, '$1"$2"')) as Record<string, unknown>;
    } catch {
      return send(res, 400, failure('invalid_params', 'The body is not JSON'));
    }
    if (url.pathname === '/v2/research/adlib/ad/query/') return adQuery(res, fields, request);
    return advertiserQuery(res, fields, request);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(req);
      calls.push({
        path: url.pathname,
        fields: url.searchParams.get('fields'),
        authorization: req.headers.authorization ?? null,
        body,
      });
      if (req.method !== 'POST') return send(res, 405, failure('invalid_params', 'POST only'));
      if (url.pathname === '/v2/oauth/token/') return token(res, body);
      if (url.pathname === '/v2/research/adlib/ad/query/' || url.pathname === '/v2/research/adlib/advertiser/query/') {
        return research(req, res, url, body);
      }
      send(res, 404, failure('not_found', 'Not found'));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}`,
    calls,
    issuedTokens,
    setAdvertisers(list) {
      advertisers.splice(0, advertisers.length, ...list);
    },
    setAds(businessId, ads) {
      adsByAdvertiser.set(businessId, ads);
    },
    rateLimitOnce(retryAfterSeconds = 1) {
      rateLimitNext = retryAfterSeconds;
    },
    failOnce(status) {
      failNext = status;
    },
    setDailyQuota(requests) {
      quota = requests;
      researchRequests = 0;
    },
    revokeTokens() {
      validTokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An ad as TikTok's query answers it, with all documented fields. */
export function tiktokAd(id: string, overrides: Partial<TikTokDoubleAd> = {}): TikTokDoubleAd {
  return {
    id,
    first_shown_date: '20260901',
    last_shown_date: '20261120',
    status: 'active',
    videos: [{ url: `https://cdn.tiktok-double.example/video/${id}.mp4?x-expires=1800000000&x-signature=abc` }],
    image_urls: [],
    reach: { unique_users_seen: '11K' },
    ...overrides,
  };
}
