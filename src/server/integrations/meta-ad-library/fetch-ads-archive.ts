/**
 * Fetching a search of Meta's Ad Library (`GET {META_GRAPH_URL}/ads_archive`) page by page, with
 * retries for rate limits and transient errors. Each page is parsed whole before it is handed on,
 * so a page that arrives malformed or cut off is never half-stored.
 *
 * The Graph API takes the token in the query string (and puts it in its own `paging.next` links),
 * so every address here carries it: no error leaving this module may quote one. Errors are made
 * here with their own words, and anything else thrown on the way out has the token masked.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { deadline } from '../http/deadline.ts';
import {
  ADS_ARCHIVE_FIELDS,
  type AdsArchivePage,
  MalformedAnswerError,
  type MetaAd,
  type MetaMediaType,
  parseAdsArchivePage,
} from './parse-ads-archive.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy, retryDelayMs, TOKEN_ERROR_CODE } from './retry-policy.ts';

/** Ads read per competitor in one run at most; the result says when a search went further. */
export const MAX_ADS_PER_RUN = 1000;
export const DEFAULT_PAGE_SIZE = 250;
const PAGE_TIMEOUT_MS = 30_000;

/** Said to the user: their administrator, not they, can renew the server's access. */
export const TOKEN_INVALID_MESSAGE =
  "Meta's Ad Library no longer accepts this server's access, so ads can't be discovered right now. Add ads by hand or import a CSV meanwhile; your administrator can renew the access.";
/** Logged for administrators when Meta refuses the token. */
export const TOKEN_INVALID_ADMIN_HINT =
  'The Meta Ad Library token is invalid or expired: create a new one at https://www.facebook.com/ads/library/api and set META_AD_LIBRARY_TOKEN on the server.';

export type AdLibraryErrorKind = 'token' | 'rate_limited' | 'malformed' | 'upstream';

/** Why a search stopped, in words the user can act on. */
export class AdLibraryError extends Error {
  override readonly name = 'AdLibraryError';
  constructor(
    readonly kind: AdLibraryErrorKind,
    message: string,
  ) {
    super(message);
  }
}

const TOKEN_IN_QUERY = /(access_token=)[^&\s"'#]+/gi;

/** The text with the token, and any access_token query value, replaced by a mark. */
export function maskToken(text: string, token: string): string {
  const masked = text.replace(TOKEN_IN_QUERY, '$1[masked]');
  return token ? masked.split(token).join('[masked]').split(encodeURIComponent(token)).join('[masked]') : masked;
}

/** Everything of an error that a log line or a stored message could show; null when it cannot be told. */
function visibleTextOf(error: Error): string | null {
  try {
    const properties = JSON.stringify({ ...error, cause: String((error as { cause?: unknown }).cause ?? '') });
    return `${error.message}\n${error.stack ?? ''}\n${properties}`;
  } catch {
    return null;
  }
}

/**
 * An error safe to log or store. One that shows neither the token nor an access_token query value
 * (in its message, stack, cause or own properties) is returned as it is, so a database error keeps
 * its code; any other is rebuilt from its masked message and stack, without its cause or extra
 * properties (Node's URL errors keep the address they refused in `input`).
 */
export function withoutToken(error: unknown, token: string): Error {
  const original = error instanceof Error ? error : new Error(String(error));
  const visible = visibleTextOf(original);
  if (visible !== null && maskToken(visible, token) === visible) return original;
  if (original instanceof AdLibraryError) return new AdLibraryError(original.kind, maskToken(original.message, token));
  const safe = new Error(maskToken(original.message, token));
  safe.name = original.name;
  safe.stack = original.stack ? maskToken(original.stack, token) : safe.stack;
  return safe;
}

export type AdSearch = {
  graphUrl: string;
  token: string;
  /** a Facebook page id searches that page's ads; otherwise the search is by words (the name) */
  pageId: string | null;
  searchTerms: string;
  /** ISO country codes the ads reached */
  countries: string[];
  /** the `media_type` filter; absent searches every media type */
  mediaType?: MetaMediaType;
};

export type FetchOptions = {
  pageSize?: number;
  maxAds?: number;
  retry?: RetryPolicy;
  signal?: AbortSignal;
  /** called after each page with the ads read so far */
  onPage?: (page: { ads: MetaAd[]; pageNumber: number; readSoFar: number }) => Promise<void>;
};

export type SearchOutcome = { read: number; pages: number; capped: boolean };

export function firstPageUrl(search: AdSearch, pageSize = DEFAULT_PAGE_SIZE): string {
  const url = new URL(`${search.graphUrl.replace(/\/+$/, '')}/ads_archive`);
  const params = url.searchParams;
  params.set('access_token', search.token);
  if (search.pageId) params.set('search_page_ids', JSON.stringify([search.pageId]));
  else params.set('search_terms', search.searchTerms);
  params.set('ad_reached_countries', JSON.stringify(search.countries));
  params.set('ad_active_status', 'ALL');
  params.set('ad_type', 'ALL');
  if (search.mediaType) params.set('media_type', search.mediaType);
  params.set('limit', String(pageSize));
  params.set('fields', ADS_ARCHIVE_FIELDS.join(','));
  return url.toString();
}

type GraphError = { code: number | null; message: string | null };

function graphErrorOf(body: string): GraphError {
  try {
    const error = (JSON.parse(body) as { error?: { code?: unknown; message?: unknown } }).error;
    return {
      code: typeof error?.code === 'number' ? error.code : null,
      message: typeof error?.message === 'string' ? error.message : null,
    };
  } catch {
    return { code: null, message: null };
  }
}

/** One page, retried as the policy says; a final failure is an AdLibraryError. */
async function fetchPage(url: string, retry: RetryPolicy, signal?: AbortSignal): Promise<AdsArchivePage> {
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    let body: string;
    const timeout = deadline(PAGE_TIMEOUT_MS);
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
      });
      body = await response.text();
    } catch (error) {
      signal?.throwIfAborted();
      if (attempt < retry.maxAttempts) {
        await sleep(Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** (attempt - 1)), undefined, { signal });
        continue;
      }
      const detail =
        error instanceof Error && error.name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
      throw new AdLibraryError(
        'upstream',
        `Meta Ad Library ${detail} after ${attempt} attempts. Please try again later.`,
      );
    } finally {
      timeout.clear();
    }
    if (response.ok) {
      try {
        return parseAdsArchivePage(body);
      } catch (error) {
        if (error instanceof MalformedAnswerError) throw new AdLibraryError('malformed', error.message);
        throw error;
      }
    }
    const graphError = graphErrorOf(body);
    if (graphError.code === TOKEN_ERROR_CODE) throw new AdLibraryError('token', TOKEN_INVALID_MESSAGE);
    const delay = retryDelayMs(
      { status: response.status, errorCode: graphError.code, headers: response.headers },
      attempt,
      retry,
    );
    if (delay !== null) {
      await sleep(delay, undefined, { signal });
      continue;
    }
    const limited = graphError.code !== null && [4, 17, 32, 613].includes(graphError.code);
    const said = graphError.message ? `: ${graphError.message.slice(0, 300)}` : '';
    throw new AdLibraryError(
      limited ? 'rate_limited' : 'upstream',
      limited
        ? `Meta Ad Library is limiting requests and still refused after ${attempt} attempts. Please try again in an hour.`
        : `Meta Ad Library refused the search (HTTP ${response.status}${graphError.code ? `, code ${graphError.code}` : ''})${said}`,
    );
  }
}

/**
 * Follows `paging.next` to the end, or until `maxAds` are read (capped: true). Only links on the
 * Graph API's own origin are followed, since they carry the token.
 */
export async function searchAdsArchive(search: AdSearch, options: FetchOptions = {}): Promise<SearchOutcome> {
  const { pageSize = DEFAULT_PAGE_SIZE, maxAds = MAX_ADS_PER_RUN, retry = DEFAULT_RETRY_POLICY, signal } = options;
  try {
    const origin = new URL(search.graphUrl).origin;
    let url: string | null = firstPageUrl(search, pageSize);
    let read = 0;
    let pages = 0;
    while (url) {
      const page = await fetchPage(url, retry, signal);
      pages += 1;
      const ads = page.ads.slice(0, maxAds - read);
      read += ads.length;
      await options.onPage?.({ ads, pageNumber: pages, readSoFar: read });
      if (read >= maxAds) return { read, pages, capped: page.next !== null || ads.length < page.ads.length };
      if (page.next && (!URL.canParse(page.next) || new URL(page.next).origin !== origin)) {
        throw new AdLibraryError(
          'malformed',
          'Meta Ad Library pointed the next page at another address; it was not followed.',
        );
      }
      url = page.next && page.ads.length > 0 ? page.next : null;
    }
    return { read, pages, capped: false };
  } catch (error) {
    throw withoutToken(error, search.token);
  }
}
