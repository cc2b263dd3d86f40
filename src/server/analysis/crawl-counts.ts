/**
 * The crawl's page counts, defined once (see shared/crawl-counts.ts): the figures stored with an
 * audit and the http-status check's count of crawled pages come from here.
 */
import type { CrawledPage, SiteSnapshot } from './types.ts';
import { htmlPagesOf } from './website/pages.ts';

/** Every distinct page address fetched that answered, in crawl order. */
export function crawledPages(snapshot: Pick<SiteSnapshot, 'pages'>): CrawledPage[] {
  const seen = new Set<string>();
  return snapshot.pages.filter((page) => !seen.has(page.url) && seen.add(page.url));
}

/** What an audit stores about its crawl. */
export function crawlFactsOf(snapshot: SiteSnapshot) {
  return {
    pages: crawledPages(snapshot).length,
    pagesAnalysed: htmlPagesOf(snapshot).length,
    problems: snapshot.problems,
    durationMs: snapshot.durationMs,
  };
}
