/**
 * Reading sources over the network, always through the SSRF-safe fetch (public addresses only,
 * standard ports, 10 s and 5 MB a document; the site crawl adds its own 2-minute limit). Every
 * failure is a SourceReadError whose message the person who added the source can act on.
 */
import { STATUS_CODES } from 'node:http';
import { load } from 'cheerio';
import type { TAggregateRating } from '../../../shared/schemas/insight-sources.ts';
import { toPage, toResource } from '../../analysis/crawl/documents.ts';
import type { crawlSite } from '../../analysis/crawler.ts';
import { FetchRefusedError, type Resolver, safeFetch } from '../../analysis/fetch/safe-fetch.ts';
import { NotAFeedError, type ParsedFeed, parseFeed } from './feed.ts';
import { extractPageReviews, type MarkedUpReview } from './review-markup.ts';
import { SourceReadError } from './source-read-error.ts';
import { platformOf, squash } from './text.ts';

export { SourceReadError };

export type SourceFetchOptions = {
  /** tests only: lets the fetch reach 127.0.0.1 (CRAWLER_ALLOW_LOOPBACK) */
  allowLoopback?: boolean;
  resolver?: Resolver;
  signal?: AbortSignal;
};

const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.5';
const FEED_TIMEOUT_MS = 10_000;
const FEED_MAX_BYTES = 5 * 1024 * 1024;
/** The brand's own pages that are searched for review markup, besides the first. */
export const SITE_REVIEW_PAGES = 20;

const statusWords = (status: number) => `${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;

async function fetchOrExplain(url: string, options: SourceFetchOptions, accept?: string) {
  try {
    return await safeFetch(url, {
      allowLoopback: options.allowLoopback,
      resolver: options.resolver,
      signal: options.signal,
      timeoutMs: FEED_TIMEOUT_MS,
      maxBytes: FEED_MAX_BYTES,
      ...(accept ? { accept } : {}),
    });
  } catch (error) {
    options.signal?.throwIfAborted();
    if (error instanceof FetchRefusedError) throw new SourceReadError(error.message, { cause: error });
    throw error;
  }
}

/** Fetches and reads a feed: refused address, no answer, an error status or not a feed all say so. */
export async function fetchFeed(url: string, options: SourceFetchOptions = {}): Promise<ParsedFeed> {
  const result = await fetchOrExplain(url, options, FEED_ACCEPT);
  if (result.status < 200 || result.status > 299) {
    throw new SourceReadError(`The feed address answered ${statusWords(result.status)}`);
  }
  const body = toResource(result, true).body ?? '';
  try {
    return parseFeed(body, result.finalUrl);
  } catch (error) {
    if (error instanceof NotAFeedError) throw new SourceReadError(error.message, { cause: error });
    throw error;
  }
}

/** Checks that a page answers with HTML; its title, else its host, names the source. */
export async function checkWebPage(url: string, options: SourceFetchOptions = {}): Promise<{ title: string }> {
  const result = await fetchOrExplain(url, options);
  if (result.status < 200 || result.status > 299) {
    throw new SourceReadError(`The page answered ${statusWords(result.status)}`);
  }
  const page = toPage(result);
  if (!page.html) throw new SourceReadError('The address does not answer with a web page');
  const title = squash(load(page.html)('title').first().text()).slice(0, 300);
  return { title: title || platformOf(result.finalUrl) || url };
}

export type SiteReviews = {
  reviews: MarkedUpReview[];
  aggregates: TAggregateRating[];
  pagesRead: number;
};

function sameAggregate(a: TAggregateRating, b: TAggregateRating): boolean {
  return (
    a.ratingValue === b.ratingValue &&
    a.reviewCount === b.reviewCount &&
    a.ratingCount === b.ratingCount &&
    a.itemName === b.itemName
  );
}

/**
 * Crawls the site from `url` (same-site pages, robots.txt respected) and collects the review
 * markup of every page. The first page must answer; others that fail are passed over.
 */
export async function fetchSiteReviews(
  url: string,
  options: SourceFetchOptions & { onProgress?: (fetched: number, found: number) => void | Promise<void> } = {},
): Promise<SiteReviews> {
  // The crawler is part of the audit engine (jsdom, axe-core, sharp): loaded at the first site
  // crawl, not when the server starts (see analysis/load-audit-engine.ts).
  const { crawlSite: crawl, CrawlFailedError } = await import('../../analysis/crawler.ts');
  let snapshot: Awaited<ReturnType<typeof crawlSite>>;
  try {
    snapshot = await crawl(url, {
      allowLoopback: options.allowLoopback,
      resolver: options.resolver,
      signal: options.signal,
      maxPages: SITE_REVIEW_PAGES,
      onProgress: options.onProgress,
    });
  } catch (error) {
    options.signal?.throwIfAborted();
    if (error instanceof CrawlFailedError) throw new SourceReadError(error.message, { cause: error });
    throw error;
  }
  const home = snapshot.pages[0];
  if (!home || home.status < 200 || home.status > 299) {
    throw new SourceReadError(`The page answered ${statusWords(home?.status ?? 0)}`);
  }
  if (!home.html) throw new SourceReadError('The address does not answer with a web page');
  const reviews: MarkedUpReview[] = [];
  const aggregates: TAggregateRating[] = [];
  let pagesRead = 0;
  for (const page of snapshot.pages) {
    if (!page.html || page.status < 200 || page.status > 299) continue;
    pagesRead++;
    const found = extractPageReviews(page.html, page.finalUrl);
    reviews.push(...found.reviews);
    for (const aggregate of found.aggregates) {
      if (!aggregates.some((known) => sameAggregate(known, aggregate))) aggregates.push(aggregate);
    }
  }
  return { reviews, aggregates, pagesRead };
}
