/**
 * A loopback double of Meta's Graph API `ads_archive` endpoint, as the Ad Library connector calls
 * it: answers page by page (paging.next with an `after` cursor), refuses once with a rate-limit
 * error on request (code 613 or 17, HTTP 400/403 as Meta does), answers code 190 for an expired
 * token, sends a malformed or cut-off page on request, and records the query of every call.
 * Like Meta, every ad it answers carries `ad_snapshot_url` with the caller's access token in its
 * query string (asked for or not), and a search by page id answers that page's ads. It also
 * serves a landing page (/pages/...) for the landing-page checks.
 *
 * Coverage as Meta documents it: an ad that reached no EU country is answered only when it is a
 * political or issue ad (`ad_reached_countries` in the ads_archive reference). The UK answers every
 * ad unless `setUkPoliticalOnly(true)`, since Meta's Ad Library API page lists it with the EU. An ad
 * reaches the countries in its `__reached` list (every country asked when it has none), carries its
 * media type in `__media_type` (IMAGE when absent) for the `media_type` filter, and is political
 * when `__political` is true; these marks are the double's own and are never answered.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const EXPIRED_TOKEN = 'expired-token';
type MalformedKind = 'truncated' | 'no-data' | 'bad-next';
export const VERSION_PATH = '/v23.0';

export type MetaGraphDouble = {
  /** META_GRAPH_URL for the app: base and version */
  graphUrl: string;
  /** the origin, for the landing pages */
  origin: string;
  /** the query of every ads_archive call, in order */
  calls: URLSearchParams[];
  /** the ads a search finds: by page id (search_page_ids) or by words (search_terms) */
  setAds(key: string, ads: object[]): void;
  /** the next ads_archive call is refused once as Meta refuses over its rate limit */
  rateLimitOnce(code?: 613 | 17 | 4 | 32): void;
  /**
   * the next call that would answer page `pageNumber` (1-based) is broken instead: cut off, without
   * data, or with a `paging.next` that is not a valid address (carrying the token, as Meta's do)
   */
  malformedOnce(kind: MalformedKind, pageNumber?: number): void;
  /** ads_archive answers from page `fromPage` on wait this long first (a slow API, so progress can be watched) */
  setLatency(ms: number, fromPage?: number): void;
  /**
   * Holds the answers for page `pageNumber` (1-based) until the returned release() is called, so a
   * test can look at progress mid-run without depending on timing.
   */
  holdPage(pageNumber: number): () => void;
  /** while true, every token is refused as expired (code 190) */
  setTokenExpired(expired: boolean): void;
  /** whether a search of the UK alone answers political and issue ads only (false: every ad) */
  setUkPoliticalOnly(politicalOnly: boolean): void;
  /** an HTML page served at /pages/<name> */
  setPage(name: string, html: string): void;
  close(): Promise<void>;
};

/** An ordinary ad: no spend, impressions, reach or targeting disclosed. */
export function ordinaryAd(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    ad_creation_time: '2025-01-02',
    ad_delivery_start_time: '2025-01-03',
    ad_creative_bodies: [`Fresh coffee delivered weekly. Shop now and save 20% (${id}).`],
    ad_creative_link_titles: ['Coffee subscriptions'],
    ad_creative_link_descriptions: ['Free delivery on your first order'],
    ad_creative_link_captions: ['northwind.example'],
    page_id: '1234567890',
    page_name: 'Northwind Roasters',
    publisher_platforms: ['facebook', 'instagram'],
    languages: ['en'],
    ...overrides,
  };
}

/** A political or issue ad: spend and impressions as ranges, EU reach and targeting disclosed. */
export function politicalAd(id: string, overrides: Record<string, unknown> = {}) {
  return ordinaryAd(id, {
    ad_creative_bodies: ['Vote for cleaner streets this May.'],
    ad_delivery_stop_time: '2025-02-01',
    spend: { lower_bound: '100', upper_bound: '199' },
    impressions: { lower_bound: '1000', upper_bound: '4999' },
    currency: 'GBP',
    eu_total_reach: 3120,
    target_ages: ['18', '65+'],
    target_gender: 'All',
    target_locations: [{ name: 'London', type: 'city', excluded: false }],
    __political: true,
    ...overrides,
  });
}

/** `count` ordinary ads with ids `${prefix}1` ... */
export function manyAds(count: number, prefix = 'ad-') {
  return Array.from({ length: count }, (_, index) => ordinaryAd(`${prefix}${index + 1}`));
}

/**
 * An ad as Meta answers it: its snapshot link carries the caller's token, and a search by page id
 * finds only that page's ads.
 */
function asMetaAnswers(ad: { id: string }, token: string, pageId: string | null) {
  const snapshot = `https://www.facebook.com/ads/archive/render_ad/?id=${ad.id}&access_token=${token}`;
  const answered = Object.fromEntries(Object.entries(ad).filter(([name]) => !name.startsWith('__')));
  return { ...answered, ...(pageId ? { page_id: pageId } : {}), ad_snapshot_url: snapshot };
}

const EU = new Set('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' '));
type DoubleAd = { id: string; __reached?: string[]; __media_type?: string; __political?: boolean };

/** Whether Meta would answer the ad to a search of these countries and media type. */
function answers(ad: DoubleAd, query: URLSearchParams, ukPoliticalOnly: boolean): boolean {
  const asked = JSON.parse(query.get('ad_reached_countries') ?? '[]') as string[];
  const reached = asked.includes('ALL')
    ? (ad.__reached ?? ['ALL'])
    : asked.filter((c) => !ad.__reached || ad.__reached.includes(c));
  if (reached.length === 0) return false;
  const mediaType = query.get('media_type') ?? 'ALL';
  if (mediaType !== 'ALL' && (ad.__media_type ?? 'IMAGE') !== mediaType) return false;
  const allAds = reached.some((c) => c === 'ALL' || EU.has(c) || (c === 'GB' && !ukPoliticalOnly));
  return allAds || ad.__political === true;
}

function graphError(code: number, message: string, type = 'OAuthException') {
  return JSON.stringify({ error: { message, type, code, fbtrace_id: 'double' } });
}

export async function startMetaGraphDouble(): Promise<MetaGraphDouble> {
  const ads = new Map<string, object[]>();
  const pages = new Map<string, string>();
  const calls: URLSearchParams[] = [];
  let rateLimit: number | null = null;
  let tokenExpired = false;
  let ukPoliticalOnly = false;
  let latency = { ms: 0, fromPage: 1 };
  let malformed: { kind: MalformedKind; pageNumber: number } | null = null;
  const held = new Map<number, { released: boolean; waiting: Array<() => void> }>();

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://double.invalid');
    if (url.pathname.startsWith('/pages/')) {
      const html = pages.get(url.pathname.slice('/pages/'.length));
      if (!html) return response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    }
    if (url.pathname !== `${VERSION_PATH}/ads_archive`) {
      return response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(graphError(803, 'Unknown path', 'GraphMethodException'));
    }
    calls.push(url.searchParams);
    const query = url.searchParams;
    const limit = Math.max(1, Number(query.get('limit') ?? 25));
    const offset = Number(query.get('after') ?? 0);
    const pageNumber = Math.floor(offset / limit) + 1;
    const json = (status: number, body: string, headers: Record<string, string> = {}) => {
      const send = () => response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
      const hold = held.get(pageNumber);
      const answer = () => (latency.ms > 0 && pageNumber >= latency.fromPage ? setTimeout(send, latency.ms) : send());
      if (hold && !hold.released) hold.waiting.push(answer);
      else answer();
    };
    if (tokenExpired || query.get('access_token') === EXPIRED_TOKEN) {
      return json(400, graphError(190, 'Error validating access token: Session has expired.'));
    }
    if (!query.get('access_token')) return json(400, graphError(190, 'An access token is required.'));
    if (rateLimit !== null) {
      const code = rateLimit;
      rateLimit = null;
      const status = code === 613 || code === 4 ? 400 : 403;
      return json(status, graphError(code, 'Calls to this api have exceeded the rate limit.'), { 'retry-after': '1' });
    }
    const pageIds = query.get('search_page_ids');
    const pageId = pageIds ? (JSON.parse(pageIds) as string[])[0]! : null;
    const key = pageId ?? query.get('search_terms') ?? '';
    const token = query.get('access_token') ?? '';
    const found = (ads.get(key) ?? [])
      .filter((ad) => answers(ad as DoubleAd, query, ukPoliticalOnly))
      .map((ad) => asMetaAnswers(ad as { id: string }, token, pageId));
    if (malformed && malformed.pageNumber === pageNumber) {
      const kind = malformed.kind;
      malformed = null;
      if (kind === 'no-data') return json(200, JSON.stringify({ result: 'unexpected' }));
      if (kind === 'bad-next') {
        const next = `http://[not-an-address${url.pathname}?access_token=${token}&after=${offset + limit}`;
        return json(200, JSON.stringify({ data: found.slice(offset, offset + limit), paging: { next } }));
      }
      const whole = JSON.stringify({ data: found.slice(offset, offset + limit) });
      return json(200, whole.slice(0, Math.floor(whole.length / 2)));
    }
    const slice = found.slice(offset, offset + limit);
    const body: { data: object[]; paging?: object } = { data: slice };
    if (offset + limit < found.length) {
      const next = new URL(`${origin}${url.pathname}`);
      for (const [name, value] of query) next.searchParams.set(name, value);
      next.searchParams.set('after', String(offset + limit));
      body.paging = { cursors: { after: String(offset + limit) }, next: next.toString() };
    }
    return json(200, JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    graphUrl: `${origin}${VERSION_PATH}`,
    origin,
    calls,
    setAds: (key, list) => ads.set(key, list),
    rateLimitOnce: (code = 613) => {
      rateLimit = code;
    },
    malformedOnce: (kind, pageNumber = 1) => {
      malformed = { kind, pageNumber };
    },
    setLatency: (ms, fromPage = 1) => {
      latency = { ms, fromPage };
    },
    holdPage: (pageNumber) => {
      const hold = { released: false, waiting: [] as Array<() => void> };
      held.set(pageNumber, hold);
      return () => {
        hold.released = true;
        for (const answer of hold.waiting.splice(0)) answer();
      };
    },
    setTokenExpired: (expired) => {
      tokenExpired = expired;
    },
    setUkPoliticalOnly: (politicalOnly) => {
      ukPoliticalOnly = politicalOnly;
    },
    setPage: (name, html) => pages.set(name, html),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
