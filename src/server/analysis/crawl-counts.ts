/**
 * The crawl's page counts, defined once (see shared/crawl-counts.ts): the figures stored with an
 * audit and the http-status check's count of crawled pages come from here.
 */
import type { TCrawlRendering } from '../../shared/crawl-counts.ts';
import { unrenderedPages } from './render/not-measured.ts';
import type { CrawledPage, SiteSnapshot } from './types.ts';
import { htmlPagesOf } from './website/pages.ts';

/** Every distinct page address fetched that answered, in crawl order. */
export function crawledPages(snapshot: Pick<SiteSnapshot, 'pages'>): CrawledPage[] {
  const seen = new Set<string>();
  return snapshot.pages.filter((page) => !seen.has(page.url) && seen.add(page.url));
}

/** Pages rendered in a browser, and those that needed it and could not be (with the first reason); absent when none was either. */
export function renderingFactsOf(snapshot: Pick<SiteSnapshot, 'pages'>): TCrawlRendering | undefined {
  const seen = new Set<string>();
  const rendered = snapshot.pages.filter(
    (page) => page.rendering?.status === 'rendered' && !seen.has(page.finalUrl) && seen.add(page.finalUrl),
  ).length;
  const unrendered = unrenderedPages(snapshot);
  if (rendered === 0 && unrendered.length === 0) return undefined;
  const first = unrendered[0]?.rendering;
  const reason = first?.status === 'not_rendered' ? first.reason : undefined;
  return { rendered, notRendered: unrendered.length, ...(reason ? { reason } : {}) };
}

/** What an audit stores about its crawl. */
export function crawlFactsOf(snapshot: SiteSnapshot) {
  const rendering = renderingFactsOf(snapshot);
  return {
    pages: crawledPages(snapshot).length,
    pagesAnalysed: htmlPagesOf(snapshot).length,
    problems: snapshot.problems,
    durationMs: snapshot.durationMs,
    ...(rendering ? { rendering } : {}),
  };
}
