/**
 * Crawls a brand's website into a SiteSnapshot: the home page, robots.txt, the sitemap, then up to
 * `maxPages` more same-origin HTML pages breadth-first (links of the home page, then the sitemap's
 * URLs, then the links of those pages...), two at a time, skipping what robots.txt disallows for
 * BrandlensBot. Then up to 10 linked stylesheets and 3 feeds.
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
import { gunzipSync } from 'node:zlib';
import { load } from 'cheerio';
import robotsParser from 'robots-parser';
import {
  DEFAULT_MAX_BYTES,
  FetchRefusedError,
  formatBytes,
  formatDuration,
  type Resolver,
  type SafeFetchResult,
  safeFetch,
} from './fetch/safe-fetch.ts';
import type { CrawledPage, CrawlProblem, FetchedResource, SiteSnapshot } from './types.ts';

export const CRAWLER_USER_AGENT_TOKEN = 'BrandlensBot';
export const DEFAULT_MAX_PAGES = 20;
export const DEFAULT_PAGE_TIMEOUT_MS = 10_000;
export const DEFAULT_TOTAL_TIMEOUT_MS = 120_000;
const CONCURRENCY = 2;
const MAX_STYLESHEETS = 10;
const MAX_FEEDS = 3;
const RESOURCE_MAX_BYTES = 1024 * 1024;
/** distinct query strings crawled for one path (pagination, filters...) */
const MAX_QUERY_VARIANTS = 2;
const MAX_CHILD_SITEMAPS = 3;

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
  /** after each page: pages fetched (or given up on) so far, pages it expects to fetch in all */
  onProgress?: (done: number, planned: number) => void | Promise<void>;
  /** cancels the crawl: crawlSite then rejects with the signal's reason */
  signal?: AbortSignal;
};

/** The crawl could not start: the home page was refused or could not be fetched. `message` is for users. */
export class CrawlFailedError extends Error {
  override readonly name = 'CrawlFailedError';
}

const PAGE_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';

/** Links to these are not pages. */
const NON_HTML_EXTENSIONS = new Set(
  (
    'pdf doc docx xls xlsx ppt pptx odt ods odp rtf csv txt xml json rss atom zip gz tgz rar 7z tar dmg exe msi apk ' +
    'jpg jpeg png gif webp avif svg ico bmp tif tiff heic mp3 wav ogg m4a mp4 m4v mov avi webm mkv ' +
    'css js mjs map woff woff2 ttf otf eot ics vcf'
  ).split(' '),
);

const TRACKING_PARAMS = /^(utm_.*|gclid|dclid|fbclid|msclkid|yclid|mc_cid|mc_eid|_ga|_gl|igshid|ref|ref_src)$/i;

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

/** Decodes an HTML body: the Content-Type charset, else a BOM or <meta charset>, else UTF-8. */
export function decodeHtml(body: Buffer, contentType: string | null): string {
  return decodeText(body, contentType, true);
}

function decodeText(body: Buffer, contentType: string | null, sniffMeta: boolean): string {
  let label = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (!label) {
    if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) label = 'utf-8';
    else if (body[0] === 0xff && body[1] === 0xfe) label = 'utf-16le';
    else if (body[0] === 0xfe && body[1] === 0xff) label = 'utf-16be';
    else if (sniffMeta) {
      const head = body.subarray(0, 1024).toString('latin1');
      label =
        /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ??
        /<\?xml[^>]+encoding=["']([\w.:-]+)/i.exec(head)?.[1];
    }
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(body);
}

function isHtmlResponse(result: SafeFetchResult): boolean {
  const type = (result.contentType ?? '').toLowerCase();
  if (type) return type.includes('text/html') || type.includes('application/xhtml+xml');
  const head = result.body.subarray(0, 512).toString('latin1').trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

function toResource(result: SafeFetchResult, sniffXml = false): FetchedResource {
  return {
    url: result.url,
    status: result.status,
    contentType: result.contentType,
    body: isSuccess(result.status) ? decodeText(result.body, result.contentType, sniffXml) : null,
    bytes: result.bytes,
  };
}

function toPage(result: SafeFetchResult): CrawledPage {
  return {
    url: result.url,
    finalUrl: result.finalUrl,
    status: result.status,
    headers: result.headers,
    contentType: result.contentType,
    html: isHtmlResponse(result) ? decodeHtml(result.body, result.contentType) : null,
    redirects: result.redirects,
    fetchMs: result.fetchMs,
    bytes: result.bytes,
  };
}

/** Pulls <loc>s out of a sitemap (or sitemap index). */
export function parseSitemap(xml: string): { urls: string[]; isIndex: boolean } {
  const $ = load(xml, { xml: true });
  const isIndex = $('sitemapindex').length > 0;
  const urls: string[] = [];
  $(isIndex ? 'sitemap > loc' : 'url > loc').each((_, element) => {
    const text = $(element).text().trim();
    if (text) urls.push(text);
  });
  if (urls.length === 0) {
    $('loc').each((_, element) => {
      const text = $(element).text().trim();
      if (text) urls.push(text);
    });
  }
  return { urls, isIndex };
}

type PageLinks = { links: string[]; stylesheets: string[]; feeds: string[] };

/** Links, stylesheets and feeds of a page, as absolute URLs in document order. */
export function extractLinks(html: string, pageUrl: string): PageLinks {
  const $ = load(html);
  let base = pageUrl;
  const baseHref = $('base[href]').first().attr('href');
  if (baseHref) {
    try {
      base = new URL(baseHref, pageUrl).href;
    } catch {
      // an invalid <base> is ignored, as browsers do
    }
  }
  const resolve = (href: string | undefined): string | null => {
    if (!href) return null;
    try {
      const url = new URL(href.trim(), base);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
      return null;
    }
  };
  const collect = (selector: string, keep: (rel: string[], type: string) => boolean = () => true) => {
    const urls: string[] = [];
    $(selector).each((_, element) => {
      const node = $(element);
      const rel = (node.attr('rel') ?? '').toLowerCase().split(/\s+/);
      const type = (node.attr('type') ?? '').toLowerCase().trim();
      if (!keep(rel, type)) return;
      const url = resolve(node.attr('href'));
      if (url) urls.push(url);
    });
    return urls;
  };
  return {
    links: collect('a[href], area[href]'),
    stylesheets: collect('link[href]', (rel) => rel.includes('stylesheet')),
    feeds: collect(
      'link[href]',
      (rel, type) => rel.includes('alternate') && (type === 'application/rss+xml' || type === 'application/atom+xml'),
    ),
  };
}

/**
 * The URL to crawl for a link, or null when it is not a same-origin page: fragments dropped,
 * tracking parameters removed, non-HTML files skipped. `key` identifies duplicates.
 */
export function pageCandidate(href: string, origin: string): { url: string; key: string; path: string } | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  url.hash = '';
  const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
  if (extension && NON_HTML_EXTENSIONS.has(extension)) return null;
  for (const name of [...url.searchParams.keys()]) {
    if (TRACKING_PARAMS.test(name)) url.searchParams.delete(name);
  }
  if ([...url.searchParams.keys()].length === 0) url.search = '';
  const sorted = new URLSearchParams([...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const query = sorted.toString();
  return { url: url.href, key: `${url.origin}${url.pathname}${query ? `?${query}` : ''}`, path: url.pathname };
}

type Robots = ReturnType<typeof robotsParser>;

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Crawls `startUrl` (see the file comment). Rejects with CrawlFailedError when the home page cannot be fetched. */
export async function crawlSite(startUrl: string, options: CrawlOptions = {}): Promise<SiteSnapshot> {
  const startedAt = new Date();
  const started = performance.now();
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const pageTimeoutMs = options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS;
  const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const pageMaxBytes = options.maxBytes;
  const resourceMaxBytes = Math.min(RESOURCE_MAX_BYTES, options.maxBytes ?? RESOURCE_MAX_BYTES);
  options.signal?.throwIfAborted();

  const start = normaliseStartUrl(startUrl);

  const limit = new AbortController();
  const limitTimer = setTimeout(() => limit.abort(new Error('crawl time limit')), totalTimeoutMs);
  const signal = options.signal ? AbortSignal.any([limit.signal, options.signal]) : limit.signal;
  const stopped = () => signal.aborted;
  const limitWords = `the crawl reached its time limit of ${formatDuration(totalTimeoutMs)}`;

  const fetchOptions = { allowLoopback: options.allowLoopback, resolver: options.resolver, signal };
  const fetchPage = (url: string) =>
    safeFetch(url, { ...fetchOptions, timeoutMs: pageTimeoutMs, maxBytes: pageMaxBytes, accept: PAGE_ACCEPT });
  const fetchResource = (url: string, accept: string) =>
    safeFetch(url, { ...fetchOptions, timeoutMs: pageTimeoutMs, maxBytes: resourceMaxBytes, accept });

  /** sitemaps may be large (page limit) and served gzipped as files (sitemap.xml.gz) */
  const fetchSitemap = async (url: string): Promise<SafeFetchResult> => {
    const result = await safeFetch(url, {
      ...fetchOptions,
      timeoutMs: pageTimeoutMs,
      maxBytes: pageMaxBytes,
      accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5',
    });
    if (result.body[0] !== 0x1f || result.body[1] !== 0x8b) return result;
    const maxOutput = pageMaxBytes ?? DEFAULT_MAX_BYTES;
    try {
      const body = gunzipSync(result.body, { maxOutputLength: maxOutput });
      return { ...result, body, bytes: body.length, contentType: 'application/xml' };
    } catch (error) {
      throw new FetchRefusedError(
        errorCode(error) === 'ERR_BUFFER_TOO_LARGE'
          ? `${url} is larger than ${formatBytes(maxOutput)} once uncompressed`
          : `Could not read ${url}: it is not a valid gzip file`,
        errorCode(error) === 'ERR_BUFFER_TOO_LARGE' ? 'too large' : 'network',
        url,
        { cause: error },
      );
    }
  };

  const problems: CrawlProblem[] = [];
  /** a failed fetch as a problem; the external signal's abort is rethrown */
  const problemFor = (url: string, error: unknown): CrawlProblem => {
    if (options.signal?.aborted) throw options.signal.reason;
    if (error instanceof FetchRefusedError) {
      if (error.reason === 'aborted') return { url, reason: `Stopped fetching ${url}: ${limitWords}` };
      return { url, reason: error.message };
    }
    return { url, reason: `Could not fetch ${url}: ${error instanceof Error ? error.message : String(error)}` };
  };

  try {
    // 1. The home page: if it cannot be fetched there is nothing to audit.
    let home: SafeFetchResult;
    try {
      home = await fetchPage(start.href);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      if (error instanceof FetchRefusedError && error.reason === 'aborted') {
        throw new CrawlFailedError(`Gave up on ${start.href}: ${limitWords}`, { cause: error });
      }
      throw new CrawlFailedError(error instanceof Error ? error.message : String(error), { cause: error });
    }
    const origin = new URL(home.finalUrl).origin;
    const pages: CrawledPage[] = [toPage(home)];
    const pageLinks = new Map<CrawledPage, PageLinks>();
    const linksOf = (page: CrawledPage): PageLinks => {
      let links = pageLinks.get(page);
      if (!links) {
        links = page.html ? extractLinks(page.html, page.finalUrl) : { links: [], stylesheets: [], feeds: [] };
        pageLinks.set(page, links);
      }
      return links;
    };
    await options.onProgress?.(1, 1 + maxPages);

    // 2. robots.txt
    let robotsTxt: FetchedResource | null = null;
    let robots: Robots | null = null;
    const robotsUrl = `${origin}/robots.txt`;
    if (!stopped()) {
      try {
        robotsTxt = toResource(await fetchResource(robotsUrl, 'text/plain,*/*;q=0.5'));
        robots = robotsParser(robotsUrl, robotsTxt.body ?? '');
      } catch (error) {
        problems.push(problemFor(robotsUrl, error));
      }
    }

    // 3. The sitemap: robots.txt's Sitemap lines, else /sitemap.xml (an index: up to 3 of its sitemaps)
    let sitemap: SiteSnapshot['sitemap'] = null;
    const sitemapUrls = robots?.getSitemaps() ?? [];
    const sitemapUrl = sitemapUrls[0] ?? `${origin}/sitemap.xml`;
    if (!stopped()) {
      try {
        const resource = toResource(await fetchSitemap(sitemapUrl), true);
        const parsed = resource.body ? parseSitemap(resource.body) : { urls: [], isIndex: false };
        let urls = parsed.urls;
        if (parsed.isIndex) {
          urls = [];
          for (const child of parsed.urls.slice(0, MAX_CHILD_SITEMAPS)) {
            if (stopped()) break;
            try {
              const childResource = toResource(await fetchSitemap(child), true);
              if (childResource.body) urls.push(...parseSitemap(childResource.body).urls);
            } catch (error) {
              problems.push(problemFor(child, error));
            }
          }
        }
        if (isSuccess(resource.status)) sitemap = { ...resource, urls };
      } catch (error) {
        problems.push(problemFor(sitemapUrl, error));
      }
    }

    // 4. Pages, breadth-first, level by level.
    const seen = new Set<string>();
    const variantsPerPath = new Map<string, number>();
    const disallowedByRobots: string[] = [];
    const homeKey = pageCandidate(home.url, new URL(home.url).origin)?.key;
    if (homeKey) seen.add(homeKey);
    const finalKey = pageCandidate(home.finalUrl, origin)?.key;
    if (finalKey) seen.add(finalKey);

    const admit = (href: string, into: string[]) => {
      const candidate = pageCandidate(href, origin);
      if (!candidate || seen.has(candidate.key)) return;
      if (candidate.key.includes('?')) {
        const variants = variantsPerPath.get(candidate.path) ?? 0;
        if (variants >= MAX_QUERY_VARIANTS) return;
        variantsPerPath.set(candidate.path, variants + 1);
      }
      seen.add(candidate.key);
      if (robots && robots.isAllowed(candidate.url, CRAWLER_USER_AGENT_TOKEN) === false) {
        disallowedByRobots.push(candidate.url);
        return;
      }
      into.push(candidate.url);
    };

    let level: string[] = [];
    for (const href of linksOf(pages[0]!).links) admit(href, level);
    for (const href of sitemap?.urls ?? []) admit(href, level);

    let attempted = 0;
    let done = 1;
    /** pages found but not fetched because the time ran out */
    let notFetched = 0;
    while (level.length > 0) {
      const batch = level.slice(0, Math.max(0, maxPages - attempted));
      if (stopped()) {
        notFetched += batch.length;
        break;
      }
      attempted += batch.length;
      const outcomes: (CrawledPage | CrawlProblem | undefined)[] = new Array(batch.length);
      let next = 0;
      let progress = Promise.resolve();
      const worker = async () => {
        while (next < batch.length && !stopped()) {
          const index = next++;
          const url = batch[index]!;
          try {
            outcomes[index] = toPage(await fetchPage(url));
          } catch (error) {
            outcomes[index] = problemFor(url, error);
          }
          done++;
          const planned = Math.max(done, Math.min(1 + maxPages, done + (batch.length - next)));
          progress = progress.then(() => options.onProgress?.(done, planned));
          await progress;
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batch.length) }, worker));
      notFetched += outcomes.filter((outcome) => outcome === undefined).length;

      const nextLevel: string[] = [];
      for (const outcome of outcomes) {
        if (!outcome) continue;
        if ('reason' in outcome) {
          problems.push(outcome);
          continue;
        }
        pages.push(outcome);
        if (outcome.finalUrl !== outcome.url) {
          const key = pageCandidate(outcome.finalUrl, origin)?.key;
          if (key) seen.add(key);
        }
      }
      if (attempted >= maxPages) break;
      for (const outcome of outcomes) {
        if (!outcome || 'reason' in outcome || new URL(outcome.finalUrl).origin !== origin) continue;
        for (const href of linksOf(outcome).links) admit(href, nextLevel);
      }
      level = nextLevel;
    }

    // 5. Stylesheets and feeds linked from the crawled pages.
    const stylesheetUrls = new Set<string>();
    const feedUrls = new Set<string>();
    for (const page of pages) {
      const links = linksOf(page);
      for (const url of links.stylesheets) if (stylesheetUrls.size < MAX_STYLESHEETS) stylesheetUrls.add(url);
      for (const url of links.feeds) if (feedUrls.size < MAX_FEEDS) feedUrls.add(url);
    }
    const resources = [
      ...[...stylesheetUrls].map((url) => ({ url, kind: 'stylesheet' as const })),
      ...[...feedUrls].map((url) => ({ url, kind: 'feed' as const })),
    ];
    const fetched: (FetchedResource | CrawlProblem | undefined)[] = new Array(resources.length);
    let nextResource = 0;
    const resourceWorker = async () => {
      while (nextResource < resources.length && !stopped()) {
        const index = nextResource++;
        const { url, kind } = resources[index]!;
        try {
          const result =
            kind === 'stylesheet'
              ? await fetchResource(url, 'text/css,*/*;q=0.1')
              : await fetchResource(url, 'application/rss+xml,application/atom+xml,application/xml;q=0.9,*/*;q=0.5');
          fetched[index] = toResource(result, kind === 'feed');
        } catch (error) {
          fetched[index] = problemFor(url, error);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, resources.length) }, resourceWorker));
    const stylesheets: FetchedResource[] = [];
    const feeds: FetchedResource[] = [];
    fetched.forEach((outcome, index) => {
      if (!outcome) return;
      if ('reason' in outcome) problems.push(outcome);
      else (resources[index]!.kind === 'stylesheet' ? stylesheets : feeds).push(outcome);
    });

    if (options.signal?.aborted) throw options.signal.reason;
    if (limit.signal.aborted) {
      const more =
        notFetched > 0 ? `; ${notFetched} more ${notFetched === 1 ? 'page was' : 'pages were'} not fetched` : '';
      problems.push({ url: origin, reason: `Stopped early: ${limitWords}${more}` });
    }

    return {
      startUrl: start.href,
      origin,
      pages,
      robotsTxt,
      sitemap,
      stylesheets,
      feeds,
      disallowedByRobots,
      problems,
      startedAt: startedAt.toISOString(),
      durationMs: Math.round(performance.now() - started),
    };
  } finally {
    clearTimeout(limitTimer);
  }
}
