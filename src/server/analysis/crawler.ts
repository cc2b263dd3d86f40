/**
 * Crawls a brand's website into a SiteSnapshot: the home page, robots.txt, the sitemap, then up to
 * `maxPages` more same-origin HTML pages breadth-first (links and GET-form targets of the home page,
 * then the sitemap's URLs, then the links of those pages...), two at a time, skipping what
 * robots.txt disallows for BrandlensBot (listed in `disallowedByRobots`, never fetched: see
 * docs/decisions/0007). Then up to 10 linked stylesheets and 3 feeds.
 *
 * The parts: crawl/fetcher.ts (fetching under the time limit), crawl/site-files.ts (robots.txt and
 * the sitemap), crawl/pages.ts (the breadth-first page crawl and its progress), crawl/resources.ts
 * (stylesheets and feeds), crawl/links.ts and crawl/documents.ts (reading what was fetched).
 *
 * Pages that build their content with scripts are rendered in headless Chromium first when
 * `render` is given (crawl/render-step.ts, analysis/render/): their links then join the crawl.
 *
 * Every fetch goes through safeFetch (public addresses only, 10 s and 5 MB a page). A page that
 * fails is recorded in `problems` and the crawl goes on; only a home page that cannot be fetched
 * fails the crawl (CrawlFailedError, whose message is the reason, for the failed audit).
 *
 * In the snapshot, `robotsTxt` is whatever /robots.txt answered (any status; `body` only for 2xx) or
 * null when it could not be fetched; `sitemap` is null unless a sitemap answered 2xx. Resources'
 * `body` is null for non-2xx answers. Pages keep every status (a 404 page is a page).
 *
 * The crawl is deterministic for a given site: pages are fetched level by level and recorded in the
 * order they were discovered, whatever order the answers arrive in.
 */

import { toPage } from './crawl/documents.ts';
import { type CrawlFetcher, createFetcher } from './crawl/fetcher.ts';
import { extractLinksFrom, NO_LINKS, type PageLinks } from './crawl/links.ts';
import { crawlPages } from './crawl/pages.ts';
import { parsePage } from './crawl/parsed-page.ts';
import { createRenderStep, type RenderSettings } from './crawl/render-step.ts';
import { fetchLinkedResources } from './crawl/resources.ts';
import { fetchRobotsTxt, fetchSitemapOf } from './crawl/site-files.ts';
import { FetchRefusedError, type Resolver, type SafeFetchResult } from './fetch/safe-fetch.ts';
import type { CrawledPage, CrawlProblem, SiteSnapshot } from './types.ts';

export { decodeHtml, parseSitemap } from './crawl/documents.ts';
export { extractLinks, pageCandidate } from './crawl/links.ts';
export { CRAWLER_USER_AGENT_TOKEN } from './crawl/pages.ts';
export type { RenderSettings } from './crawl/render-step.ts';

export const DEFAULT_MAX_PAGES = 20;
export const DEFAULT_PAGE_TIMEOUT_MS = 10_000;
export const DEFAULT_TOTAL_TIMEOUT_MS = 120_000;

export type CrawlOptions = {
  /** Tests only: let the crawler fetch loopback addresses (on any port). Never in production. */
  allowLoopback?: boolean;
  /** pages fetched besides the home page; default 20 */
  maxPages?: number;
  /** default 10 s */
  pageTimeoutMs?: number;
  /** the whole crawl; default 2 minutes. The crawl then stops and reports what it has. */
  totalTimeoutMs?: number;
  /** per page; default 5 MB (stylesheets, feeds, robots.txt: at most 1 MB) */
  maxBytes?: number;
  resolver?: Resolver;
  /**
   * After the home page's links are read and after each page: pages fetched (or given up on) so
   * far, against pages found so far that the crawl will fetch (at most 1 + maxPages).
   */
  onProgress?: (fetched: number, found: number) => void | Promise<void>;
  /** cancels the crawl: crawlSite then rejects with the signal's reason */
  signal?: AbortSignal;
  /** rendering pages that build their content with scripts (crawl/render-step.ts); none when absent */
  render?: RenderSettings;
};

/** The crawl could not start: the home page was refused or could not be fetched. `message` is for users. */
export class CrawlFailedError extends Error {
  override readonly name = 'CrawlFailedError';
}

/** "example.com" → "https://example.com/"; throws CrawlFailedError when it is not a web address. */
export function normaliseStartUrl(input: string): URL {
  const trimmed = input.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new CrawlFailedError(`"${input}" is not a valid web address`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new CrawlFailedError(`"${input}" is not a web address (it must start with http:// or https://)`);
  }
  url.hash = '';
  return url;
}

/** The home page, or CrawlFailedError with the reason when there is nothing to audit. */
async function fetchHome(fetcher: CrawlFetcher, start: URL): Promise<SafeFetchResult> {
  try {
    return await fetcher.fetchPage(start.href);
  } catch (error) {
    fetcher.throwIfCancelled();
    if (error instanceof FetchRefusedError && error.reason === 'aborted') {
      throw new CrawlFailedError(`Gave up on ${start.href}: ${fetcher.limitWords}`, { cause: error });
    }
    throw new CrawlFailedError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** Each page's links, read once. */
function linkReader(): (page: CrawledPage) => PageLinks {
  const cache = new Map<CrawledPage, PageLinks>();
  return (page) => {
    let links = cache.get(page);
    if (!links) {
      links = page.html ? extractLinksFrom(parsePage(page), page.finalUrl) : NO_LINKS;
      cache.set(page, links);
    }
    return links;
  };
}

/** robots.txt, then the sitemap it names (or /sitemap.xml). */
async function fetchSiteFiles(fetcher: CrawlFetcher, origin: string, problems: CrawlProblem[]) {
  const { robotsTxt, robots } = await fetchRobotsTxt(fetcher, origin, problems);
  const sitemap = fetcher.stopped() ? null : await fetchSitemapOf(fetcher, robots, origin, problems);
  return { robotsTxt, robots, sitemap };
}

function timeLimitProblem(fetcher: CrawlFetcher, origin: string, notFetched: number): CrawlProblem {
  const more = notFetched > 0 ? `; ${notFetched} more ${notFetched === 1 ? 'page was' : 'pages were'} not fetched` : '';
  return { url: origin, reason: `Stopped early: ${fetcher.limitWords}${more}` };
}

/** Crawls `startUrl` (see the file comment). Rejects with CrawlFailedError when the home page cannot be fetched. */
export async function crawlSite(startUrl: string, options: CrawlOptions = {}): Promise<SiteSnapshot> {
  const startedAt = new Date();
  const started = performance.now();
  options.signal?.throwIfAborted();
  const start = normaliseStartUrl(startUrl);
  const fetcher = createFetcher({
    allowLoopback: options.allowLoopback,
    resolver: options.resolver,
    pageTimeoutMs: options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS,
    totalTimeoutMs: options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS,
    maxBytes: options.maxBytes,
    signal: options.signal,
  });
  // The page's own requests follow the crawl's address policy and resolver, whatever `render` says.
  const render = options.render && {
    ...options.render,
    allowLoopback: options.allowLoopback,
    resolver: options.resolver,
  };
  const renderStep = createRenderStep(render, fetcher.signal);
  try {
    const fetchedHome = toPage(await fetchHome(fetcher, start));
    const origin = new URL(fetchedHome.finalUrl).origin;
    const problems: CrawlProblem[] = [];
    // The home page renders (when it needs to) while robots.txt and the sitemap are fetched.
    const [home, { robotsTxt, robots, sitemap }] = await Promise.all([
      renderStep.finish(fetchedHome),
      fetchSiteFiles(fetcher, origin, problems),
    ]);
    const linksOf = linkReader();
    const crawl = await crawlPages({
      fetcher,
      origin,
      robots,
      home,
      listed: sitemap?.urls ?? [],
      maxPages: options.maxPages ?? DEFAULT_MAX_PAGES,
      linksOf,
      finishPage: renderStep.finish,
      onProgress: options.onProgress,
    });
    problems.push(...crawl.problems);
    const resources = await fetchLinkedResources(fetcher, crawl.pages, linksOf);
    problems.push(...resources.problems);
    fetcher.throwIfCancelled();
    if (fetcher.timedOut()) problems.push(timeLimitProblem(fetcher, origin, crawl.notFetched));
    return {
      startUrl: start.href,
      origin,
      pages: crawl.pages,
      robotsTxt,
      sitemap,
      stylesheets: resources.stylesheets,
      feeds: resources.feeds,
      disallowedByRobots: crawl.disallowedByRobots,
      problems,
      startedAt: startedAt.toISOString(),
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    fetcher.close();
    await renderStep.close();
  }
}
