/**
 * The pages after the home page: breadth-first, level by level, two at a time, recorded in the
 * order they were discovered whatever order the answers arrive in, so a crawl of the same site
 * always gives the same snapshot.
 */
import type { CrawledPage, CrawlProblem } from '../types.ts';
import { toPage } from './documents.ts';
import { type CrawlFetcher, fetchEach } from './fetcher.ts';
import { type PageLinks, pageCandidate } from './links.ts';
import type { Robots } from './site-files.ts';

export const CRAWLER_USER_AGENT_TOKEN = 'BrandlensBot';
/** distinct query strings crawled for one path (pagination, filters, search forms...) */
const MAX_QUERY_VARIANTS = 2;

/** Which URLs are new same-origin pages to fetch, and which robots.txt keeps us from. */
export class Frontier {
  private readonly seen = new Set<string>();
  private readonly variantsPerPath = new Map<string, number>();
  /** pages found that robots.txt disallows for our crawler, in order */
  readonly disallowed: string[] = [];
  /** pages accepted for fetching */
  admitted = 0;

  constructor(
    private readonly origin: string,
    private readonly robots: Robots | null,
  ) {}

  /** Marks a URL as already crawled (the home page, a redirect's target). */
  markSeen(href: string, origin = this.origin): void {
    const key = pageCandidate(href, origin)?.key;
    if (key) this.seen.add(key);
  }

  /** The URL to fetch for `href`, or null when it is not a new page we may crawl. */
  admit(href: string): string | null {
    const candidate = pageCandidate(href, this.origin);
    if (!candidate || this.seen.has(candidate.key)) return null;
    if (candidate.key.includes('?')) {
      const variants = this.variantsPerPath.get(candidate.path) ?? 0;
      if (variants >= MAX_QUERY_VARIANTS) return null;
      this.variantsPerPath.set(candidate.path, variants + 1);
    }
    this.seen.add(candidate.key);
    if (this.robots?.isAllowed(candidate.url, CRAWLER_USER_AGENT_TOKEN) === false) {
      this.disallowed.push(candidate.url);
      return null;
    }
    this.admitted += 1;
    return candidate.url;
  }

  /** Admits every link and form target of a page (links first); returns the URLs to fetch. */
  admitAll(links: PageLinks | string[]): string[] {
    const hrefs = Array.isArray(links) ? links : [...links.links, ...links.forms];
    return hrefs.map((href) => this.admit(href)).filter((url): url is string => url !== null);
  }
}

export type PageCrawlInput = {
  fetcher: CrawlFetcher;
  origin: string;
  robots: Robots | null;
  home: CrawledPage;
  /** sitemap URLs, crawled after the home page's links */
  listed: string[];
  maxPages: number;
  linksOf: (page: CrawledPage) => PageLinks;
  /** turns a fetched page into the page the checks read (rendering it when it needs it) */
  finishPage: (page: CrawledPage) => Promise<CrawledPage>;
  /** pages fetched (or given up on) so far, against pages found so far that the crawl will fetch */
  onProgress?: (fetched: number, found: number) => void | Promise<void>;
};

export type PageCrawl = {
  /** the home page first */
  pages: CrawledPage[];
  problems: CrawlProblem[];
  disallowedByRobots: string[];
  /** pages found but not fetched because the time ran out */
  notFetched: number;
};

type Outcome = CrawledPage | CrawlProblem | undefined;

/**
 * Progress counts pages found as answers arrive: a second frontier takes each fetched page's links
 * at once, while the crawl itself admits them level by level in discovery order. Both admit the
 * same number of pages, so a site linked one page at a time reads 1 of 2, 2 of 3… rather than
 * jumping to the end after its first page.
 */
function progressReporter(input: PageCrawlInput, found: Frontier) {
  let fetched = 1;
  let chain = Promise.resolve();
  const report = () => {
    const total = Math.max(fetched, Math.min(1 + found.admitted, 1 + input.maxPages));
    const done = fetched;
    chain = chain.then(() => input.onProgress?.(done, total));
    return chain;
  };
  return {
    report,
    pageDone: (outcome: Outcome) => {
      fetched += 1;
      if (outcome && !('reason' in outcome)) {
        if (outcome.finalUrl !== outcome.url) found.markSeen(outcome.finalUrl);
        if (new URL(outcome.finalUrl).origin === input.origin) found.admitAll(input.linksOf(outcome));
      }
      return report();
    },
  };
}

/** Fetches one level's URLs, two at a time; undefined where the time ran out first. */
function fetchLevel(batch: string[], input: PageCrawlInput, onDone: (outcome: Outcome) => Promise<void>) {
  const { fetcher } = input;
  return fetchEach(
    batch,
    fetcher,
    async (url): Promise<Outcome> => {
      try {
        return await input.finishPage(toPage(await fetcher.fetchPage(url)));
      } catch (error) {
        return fetcher.problemFor(url, error);
      }
    },
    onDone,
  );
}

export async function crawlPages(input: PageCrawlInput): Promise<PageCrawl> {
  const { fetcher, origin, home, maxPages } = input;
  const frontier = new Frontier(origin, input.robots);
  const found = new Frontier(origin, input.robots);
  for (const known of [frontier, found]) {
    known.markSeen(home.url, new URL(home.url).origin);
    known.markSeen(home.finalUrl);
  }
  const startLinks = [...input.linksOf(home).links, ...input.linksOf(home).forms, ...input.listed];
  let level = frontier.admitAll(startLinks);
  found.admitAll(startLinks);
  const progress = progressReporter(input, found);
  await progress.report();

  const pages: CrawledPage[] = [home];
  const problems: CrawlProblem[] = [];
  let attempted = 0;
  let notFetched = 0;
  while (level.length > 0) {
    const batch = level.slice(0, Math.max(0, maxPages - attempted));
    if (fetcher.stopped()) {
      notFetched += batch.length;
      break;
    }
    attempted += batch.length;
    const outcomes = await fetchLevel(batch, input, progress.pageDone);
    notFetched += outcomes.filter((outcome) => outcome === undefined).length;
    const nextLevel: string[] = [];
    for (const outcome of outcomes) {
      if (!outcome) continue;
      if ('reason' in outcome) {
        problems.push(outcome);
        continue;
      }
      pages.push(outcome);
      if (outcome.finalUrl !== outcome.url) frontier.markSeen(outcome.finalUrl);
    }
    if (attempted >= maxPages) break;
    for (const outcome of outcomes) {
      if (!outcome || 'reason' in outcome || new URL(outcome.finalUrl).origin !== origin) continue;
      nextLevel.push(...frontier.admitAll(input.linksOf(outcome)));
    }
    level = nextLevel;
  }
  return { pages, problems, disallowedByRobots: frontier.disallowed, notFetched };
}
