/**
 * Fetching a competitor's page for the watch: robots.txt is read first and obeyed for the
 * crawler's user agent (as the site crawl does), then the page is fetched through the SSRF-safe
 * fetch. Every failure is a PageWatchError whose message says, in plain words, why the page
 * could not be read.
 */
import { STATUS_CODES } from 'node:http';
import robotsParser from 'robots-parser';
import { toPage, toResource } from '../../analysis/crawl/documents.ts';
import { CRAWLER_USER_AGENT_TOKEN } from '../../analysis/crawl/pages.ts';
import { FetchRefusedError, type Resolver, safeFetch } from '../../analysis/fetch/safe-fetch.ts';
import { storableText } from '../../db/storable.ts';
import { extractPageText } from './page-text.ts';

export class PageWatchError extends Error {
  override readonly name = 'PageWatchError';
}

export type WatchFetchOptions = {
  /** tests only: lets the fetch reach 127.0.0.1 (CRAWLER_ALLOW_LOOPBACK) */
  allowLoopback?: boolean;
  resolver?: Resolver;
  signal?: AbortSignal;
};

export type WatchedPage = { finalUrl: string; html: string; text: string; truncated: boolean };

const PAGE_TIMEOUT_MS = 10_000;
const PAGE_MAX_BYTES = 5 * 1024 * 1024;
const ROBOTS_MAX_BYTES = 512 * 1024;

const statusWords = (status: number) => `${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;

async function fetchOrExplain(url: string, options: WatchFetchOptions, maxBytes: number, accept?: string) {
  try {
    return await safeFetch(url, {
      allowLoopback: options.allowLoopback,
      resolver: options.resolver,
      signal: options.signal,
      timeoutMs: PAGE_TIMEOUT_MS,
      maxBytes,
      ...(accept ? { accept } : {}),
    });
  } catch (error) {
    options.signal?.throwIfAborted();
    if (error instanceof FetchRefusedError) throw new PageWatchError(error.message, { cause: error });
    throw error;
  }
}

/** The site's robots.txt rules; a site without one (or whose robots.txt cannot be read) allows everything. */
export async function robotsRulesOf(origin: string, options: WatchFetchOptions) {
  const robotsUrl = `${origin}/robots.txt`;
  try {
    const result = await fetchOrExplain(robotsUrl, options, ROBOTS_MAX_BYTES, 'text/plain,*/*;q=0.5');
    const body = result.status >= 200 && result.status <= 299 ? (toResource(result).body ?? '') : '';
    return robotsParser(robotsUrl, body);
  } catch (error) {
    if (error instanceof PageWatchError) return robotsParser(robotsUrl, '');
    throw error;
  }
}

export type Robots = Awaited<ReturnType<typeof robotsRulesOf>>;

export function robotsBlockedMessage(url: string): string {
  return `The site's robots.txt does not allow ${CRAWLER_USER_AGENT_TOKEN} to read ${url}, so it is not watched`;
}

/** Fetches one page and extracts its readable text, if robots.txt allows it. */
export async function fetchWatchedPage(url: string, robots: Robots, options: WatchFetchOptions): Promise<WatchedPage> {
  if (robots.isAllowed(url, CRAWLER_USER_AGENT_TOKEN) === false) throw new PageWatchError(robotsBlockedMessage(url));
  const result = await fetchOrExplain(url, options, PAGE_MAX_BYTES);
  if (result.status < 200 || result.status > 299) {
    throw new PageWatchError(`${url} answered ${statusWords(result.status)}`);
  }
  const page = toPage(result);
  if (!page.html) throw new PageWatchError(`${url} does not answer with a web page`);
  const extracted = extractPageText(page.html);
  // The text is stored and compared between visits: what PostgreSQL cannot hold (NUL) goes first.
  const text = storableText(extracted.text);
  const truncated = extracted.truncated;
  if (!text) throw new PageWatchError(`${url} has no readable text (it may be built entirely by scripts)`);
  return { finalUrl: result.finalUrl, html: page.html, text, truncated };
}
