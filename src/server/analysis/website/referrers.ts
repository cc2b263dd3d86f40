/**
 * Which crawled pages link to a URL (links and GET-form targets), and whether the sitemap lists it,
 * so that a check about a page nobody sees directly (a broken link, a page robots.txt blocks) can
 * say where it is linked from.
 */
import { extractLinksFrom, pageCandidate } from '../crawl/links.ts';
import { clip } from '../scoring/check-result.ts';
import type { SiteSnapshot } from '../types.ts';
import { type HtmlPage, htmlPagesOf } from './pages.ts';

/** Referring pages named in a note, at most this many, then "and N more". */
const MAX_NAMED = 3;

export type Referrers = {
  /** the pages that link to `url`, in crawl order */
  of(url: string): string[];
  /** 'Linked from https://x/ and https://x/a; listed in the sitemap', or null when nothing links to it */
  describe(url: string): string | null;
};

function referrersOf(snapshot: Pick<SiteSnapshot, 'origin' | 'sitemap'>, pages: HtmlPage[]): Referrers {
  const byKey = new Map<string, string[]>();
  const keyOf = (url: string) => pageCandidate(url, snapshot.origin)?.key ?? url;
  for (const page of pages) {
    const links = extractLinksFrom(page.$, page.url);
    for (const href of new Set([...links.links, ...links.forms])) {
      const key = keyOf(href);
      const list = byKey.get(key) ?? [];
      if (!list.includes(page.url)) list.push(page.url);
      byKey.set(key, list);
    }
  }
  const listed = new Set((snapshot.sitemap?.urls ?? []).map(keyOf));
  const of = (url: string) => byKey.get(keyOf(url)) ?? [];
  return {
    of,
    describe(url) {
      const from = of(url);
      const parts: string[] = [];
      if (from.length > 0) {
        const named = from.slice(0, MAX_NAMED).join(', ');
        const more = from.length > MAX_NAMED ? ` and ${from.length - MAX_NAMED} more` : '';
        parts.push(clip(`Linked from ${named}${more}`, 400));
      }
      if (listed.has(keyOf(url))) parts.push('listed in the sitemap');
      return parts.length > 0 ? parts.join('; ') : null;
    },
  };
}

/** Several checks ask about one audit's links: they are read once per snapshot. */
const referrersBySnapshot = new WeakMap<SiteSnapshot, Referrers>();

/** The referrers of a whole crawl, built at the first question and kept with the snapshot. */
export function siteReferrers(snapshot: SiteSnapshot): Referrers {
  let referrers = referrersBySnapshot.get(snapshot);
  if (!referrers) {
    referrers = referrersOf(snapshot, htmlPagesOf(snapshot));
    referrersBySnapshot.set(snapshot, referrers);
  }
  return referrers;
}
