/**
 * The crawl's fetching: pages, small resources and (possibly gzipped) sitemaps through safeFetch,
 * under one signal that ends at the crawl's time limit or when the caller cancels; and failed
 * fetches turned into problems users can read.
 */
import { gunzipSync } from 'node:zlib';
import {
  DEFAULT_MAX_BYTES,
  FetchRefusedError,
  formatBytes,
  formatDuration,
  type Resolver,
  type SafeFetchResult,
  safeFetch,
} from '../fetch/safe-fetch.ts';
import type { CrawlProblem } from '../types.ts';

const PAGE_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';
const SITEMAP_ACCEPT = 'application/xml,text/xml;q=0.9,*/*;q=0.5';
const RESOURCE_MAX_BYTES = 1024 * 1024;

export type FetcherOptions = {
  allowLoopback?: boolean;
  resolver?: Resolver;
  pageTimeoutMs: number;
  totalTimeoutMs: number;
  /** per page and sitemap; resources get at most 1 MB */
  maxBytes?: number;
  signal?: AbortSignal;
};

export type CrawlFetcher = {
  fetchPage(url: string): Promise<SafeFetchResult>;
  fetchResource(url: string, accept: string): Promise<SafeFetchResult>;
  fetchSitemap(url: string): Promise<SafeFetchResult>;
  /** true once the time limit passed or the caller cancelled */
  stopped(): boolean;
  /** true when the time limit (not the caller) stopped the crawl */
  timedOut(): boolean;
  /** 'the crawl reached its time limit of 2 min' */
  limitWords: string;
  /** a failed fetch as a problem; the caller's cancellation is rethrown */
  problemFor(url: string, error: unknown): CrawlProblem;
  /** rethrows the caller's cancellation, if any */
  throwIfCancelled(): void;
  /** aborts at the time limit or when the caller cancels */
  signal: AbortSignal;
  close(): void;
};

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function createFetcher(options: FetcherOptions): CrawlFetcher {
  const limit = new AbortController();
  const limitTimer = setTimeout(() => limit.abort(new Error('crawl time limit')), options.totalTimeoutMs);
  const signal = options.signal ? AbortSignal.any([limit.signal, options.signal]) : limit.signal;
  const base = { allowLoopback: options.allowLoopback, resolver: options.resolver, signal };
  const timeoutMs = options.pageTimeoutMs;
  const pageMaxBytes = options.maxBytes;
  const resourceMaxBytes = Math.min(RESOURCE_MAX_BYTES, options.maxBytes ?? RESOURCE_MAX_BYTES);
  const limitWords = `the crawl reached its time limit of ${formatDuration(options.totalTimeoutMs)}`;
  const throwIfCancelled = () => {
    if (options.signal?.aborted) throw options.signal.reason;
  };

  /** sitemaps may be large (page limit) and served gzipped as files (sitemap.xml.gz) */
  const fetchSitemap = async (url: string): Promise<SafeFetchResult> => {
    const result = await safeFetch(url, { ...base, timeoutMs, maxBytes: pageMaxBytes, accept: SITEMAP_ACCEPT });
    if (result.body[0] !== 0x1f || result.body[1] !== 0x8b) return result;
    const maxOutput = pageMaxBytes ?? DEFAULT_MAX_BYTES;
    try {
      const body = gunzipSync(result.body, { maxOutputLength: maxOutput });
      return { ...result, body, bytes: body.length, contentType: 'application/xml' };
    } catch (error) {
      const tooLarge = errorCode(error) === 'ERR_BUFFER_TOO_LARGE';
      throw new FetchRefusedError(
        tooLarge
          ? `${url} is larger than ${formatBytes(maxOutput)} once uncompressed`
          : `Could not read ${url}: it is not a valid gzip file`,
        tooLarge ? 'too large' : 'network',
        url,
        { cause: error },
      );
    }
  };

  return {
    fetchPage: (url) => safeFetch(url, { ...base, timeoutMs, maxBytes: pageMaxBytes, accept: PAGE_ACCEPT }),
    fetchResource: (url, accept) => safeFetch(url, { ...base, timeoutMs, maxBytes: resourceMaxBytes, accept }),
    fetchSitemap,
    stopped: () => signal.aborted,
    timedOut: () => limit.signal.aborted,
    limitWords,
    problemFor: (url, error) => {
      throwIfCancelled();
      if (error instanceof FetchRefusedError) {
        if (error.reason === 'aborted') return { url, reason: `Stopped fetching ${url}: ${limitWords}` };
        return { url, reason: error.message };
      }
      return { url, reason: `Could not fetch ${url}: ${error instanceof Error ? error.message : String(error)}` };
    },
    throwIfCancelled,
    signal,
    close: () => clearTimeout(limitTimer),
  };
}

/** Fetches at a time against one site: quick enough, and gentle on a small business's server. */
const FETCH_CONCURRENCY = 2;

/**
 * Runs `fetchOne` over the items, FETCH_CONCURRENCY at a time, in order, until all are done or the
 * fetcher has stopped (time or page budget spent): the result is undefined for items never
 * started. `fetchOne` turns its own failures into a value; `onDone` hears each result as it comes.
 */
export async function fetchEach<T, R>(
  items: readonly T[],
  fetcher: Pick<CrawlFetcher, 'stopped'>,
  fetchOne: (item: T) => Promise<R>,
  onDone?: (result: R) => Promise<void>,
): Promise<(R | undefined)[]> {
  const results: (R | undefined)[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !fetcher.stopped()) {
      const index = next++;
      const result = await fetchOne(items[index] as T);
      results[index] = result;
      await onDone?.(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, items.length) }, worker));
  return results;
}
