/**
 * The site-wide files read before the pages: robots.txt, and the sitemap it names (a relative
 * `Sitemap:` line is resolved against the site) or else /sitemap.xml; a sitemap index is followed
 * to up to three of its sitemaps.
 */
import robotsParser from 'robots-parser';
import type { CrawlProblem, FetchedResource, SiteSnapshot } from '../types.ts';
import { isSuccess, parseSitemap, toResource } from './documents.ts';
import type { CrawlFetcher } from './fetcher.ts';

export type Robots = ReturnType<typeof robotsParser>;

const MAX_CHILD_SITEMAPS = 3;
/** Sitemap lines of robots.txt tried before /sitemap.xml */
const MAX_DECLARED_SITEMAPS = 3;

/** robots.txt whatever it answered (null when it could not be fetched), and its rules. */
export async function fetchRobotsTxt(
  fetcher: CrawlFetcher,
  origin: string,
  problems: CrawlProblem[],
): Promise<{ robotsTxt: FetchedResource | null; robots: Robots | null }> {
  const robotsUrl = `${origin}/robots.txt`;
  if (fetcher.stopped()) return { robotsTxt: null, robots: null };
  try {
    const robotsTxt = toResource(await fetcher.fetchResource(robotsUrl, 'text/plain,*/*;q=0.5'));
    return { robotsTxt, robots: robotsParser(robotsUrl, robotsTxt.body ?? '') };
  } catch (error) {
    problems.push(fetcher.problemFor(robotsUrl, error));
    return { robotsTxt: null, robots: null };
  }
}

/**
 * Where to look for the sitemap, in order: robots.txt's Sitemap lines resolved against the
 * robots.txt URL (so `Sitemap: /sitemap.xml` works as crawlers read it), then /sitemap.xml.
 */
export function sitemapCandidates(robots: Robots | null, origin: string): string[] {
  const candidates: string[] = [];
  for (const line of (robots?.getSitemaps() ?? []).slice(0, MAX_DECLARED_SITEMAPS)) {
    try {
      const url = new URL(line.trim(), `${origin}/robots.txt`);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && !candidates.includes(url.href)) {
        candidates.push(url.href);
      }
    } catch {
      // an unreadable line is the robots-txt check's finding; /sitemap.xml is still tried
    }
  }
  const fallback = `${origin}/sitemap.xml`;
  if (!candidates.includes(fallback)) candidates.push(fallback);
  return candidates;
}

async function readSitemap(
  fetcher: CrawlFetcher,
  url: string,
  problems: CrawlProblem[],
): Promise<SiteSnapshot['sitemap'] | FetchedResource> {
  const resource = toResource(await fetcher.fetchSitemap(url), true);
  if (!isSuccess(resource.status)) return resource;
  const parsed = resource.body ? parseSitemap(resource.body) : { urls: [], isIndex: false };
  if (!parsed.isIndex) return { ...resource, urls: parsed.urls };
  const urls: string[] = [];
  for (const child of parsed.urls.slice(0, MAX_CHILD_SITEMAPS)) {
    if (fetcher.stopped()) break;
    try {
      const childResource = toResource(await fetcher.fetchSitemap(child), true);
      if (childResource.body) urls.push(...parseSitemap(childResource.body).urls);
    } catch (error) {
      problems.push(fetcher.problemFor(child, error));
    }
  }
  return { ...resource, urls };
}

/**
 * The first candidate that answers 2xx, or null. A candidate that fails is a crawl problem only
 * when no later one answers: a wrong Sitemap line is robots.txt's mistake, counted there once.
 */
export async function fetchSitemapOf(
  fetcher: CrawlFetcher,
  robots: Robots | null,
  origin: string,
  problems: CrawlProblem[],
): Promise<SiteSnapshot['sitemap']> {
  const failures: CrawlProblem[] = [];
  for (const url of sitemapCandidates(robots, origin)) {
    if (fetcher.stopped()) break;
    try {
      const found = await readSitemap(fetcher, url, problems);
      if (found && 'urls' in found) return found;
    } catch (error) {
      failures.push(fetcher.problemFor(url, error));
    }
  }
  problems.push(...failures);
  return null;
}
