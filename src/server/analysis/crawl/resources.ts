/** Up to 10 stylesheets and 3 feeds linked from the crawled pages, two fetches at a time. */
import type { CrawledPage, CrawlProblem, FetchedResource } from '../types.ts';
import { toResource } from './documents.ts';
import { type CrawlFetcher, fetchEach } from './fetcher.ts';
import type { PageLinks } from './links.ts';

const MAX_STYLESHEETS = 10;
const MAX_FEEDS = 3;
const CSS_ACCEPT = 'text/css,*/*;q=0.1';
const FEED_ACCEPT = 'application/rss+xml,application/atom+xml,application/xml;q=0.9,*/*;q=0.5';

type Wanted = { url: string; kind: 'stylesheet' | 'feed' };

function wantedResources(pages: CrawledPage[], linksOf: (page: CrawledPage) => PageLinks): Wanted[] {
  const stylesheetUrls = new Set<string>();
  const feedUrls = new Set<string>();
  for (const page of pages) {
    const links = linksOf(page);
    for (const url of links.stylesheets) if (stylesheetUrls.size < MAX_STYLESHEETS) stylesheetUrls.add(url);
    for (const url of links.feeds) if (feedUrls.size < MAX_FEEDS) feedUrls.add(url);
  }
  return [
    ...[...stylesheetUrls].map((url) => ({ url, kind: 'stylesheet' as const })),
    ...[...feedUrls].map((url) => ({ url, kind: 'feed' as const })),
  ];
}

export async function fetchLinkedResources(
  fetcher: CrawlFetcher,
  pages: CrawledPage[],
  linksOf: (page: CrawledPage) => PageLinks,
): Promise<{ stylesheets: FetchedResource[]; feeds: FetchedResource[]; problems: CrawlProblem[] }> {
  const wanted = wantedResources(pages, linksOf);
  const fetched = await fetchEach(wanted, fetcher, async ({ url, kind }) => {
    try {
      const result = await fetcher.fetchResource(url, kind === 'stylesheet' ? CSS_ACCEPT : FEED_ACCEPT);
      return toResource(result, kind === 'feed');
    } catch (error) {
      return fetcher.problemFor(url, error);
    }
  });
  const stylesheets: FetchedResource[] = [];
  const feeds: FetchedResource[] = [];
  const problems: CrawlProblem[] = [];
  fetched.forEach((outcome, index) => {
    if (!outcome) return;
    if ('reason' in outcome) problems.push(outcome);
    else (wanted[index]!.kind === 'stylesheet' ? stylesheets : feeds).push(outcome);
  });
  return { stylesheets, feeds, problems };
}
