/**
 * SEO checks about crawling and indexing, modelled on Lighthouse's audits of the same ids:
 * http-status-code, canonical and hreflang (is-crawlable is in crawlable.ts, robots-txt in
 * robots-txt.ts); plus our sitemap check.
 * Lighthouse audits one page; here every crawled page is audited and a check fails when any page
 * fails it.
 */
import { crawledPages } from '../crawl-counts.ts';
import { clip, countOf, makeCheck } from '../scoring/check-result.ts';
import type { CheckResult, Evidence, SiteSnapshot } from '../types.ts';
import { isValidLanguageCode } from './languages.ts';
import { type HtmlPage, parseLinkHeader, resolveUrl } from './pages.ts';
import { perPageCheck, seoCheck } from './per-page.ts';
import { siteReferrers } from './referrers.ts';

export { checkIndexablePages, checkIsCrawlable } from './crawlable.ts';

// ---------------------------------------------------------------------------------------------
// http-status-code

export function checkHttpStatusCode(snapshot: SiteSnapshot): CheckResult {
  const meta = seoCheck('http-status-code', 'Pages answer with a successful HTTP status');
  // the same pages the audit reports as crawled
  const pages = crawledPages(snapshot);
  if (pages.length === 0) return makeCheck(meta, 'not_applicable', 'No page was fetched');
  const failing = pages.filter((page) => page.status >= 400 && page.status <= 599);
  const referrers = failing.length > 0 ? siteReferrers(snapshot) : null;
  const evidence = failing.map((page): Evidence => {
    const item: Evidence = { url: page.url, value: page.status };
    const notes = [
      page.finalUrl !== page.url ? `after redirects to ${page.finalUrl}` : null,
      referrers?.describe(page.url),
    ];
    if (notes.some(Boolean)) item.note = notes.filter(Boolean).join('; ');
    return item;
  });
  if (failing.length === 0) {
    const summary =
      pages.length === 1
        ? 'The page answered with a successful status'
        : `All ${countOf(pages.length, 'crawled page')} answered without an error status`;
    return makeCheck(meta, 'pass', summary);
  }
  return makeCheck(
    meta,
    'fail',
    `${failing.length} of ${countOf(pages.length, 'crawled page')} answered with an error status (4xx or 5xx)`,
    evidence,
  );
}

// ---------------------------------------------------------------------------------------------
// sitemap (ours)

export function checkSitemap(snapshot: SiteSnapshot): CheckResult {
  const meta = seoCheck('sitemap', 'The site has a readable XML sitemap');
  const sitemap = snapshot.sitemap;
  if (!sitemap) {
    const problem = snapshot.problems.find((item) => /sitemap/i.test(item.url));
    if (problem) {
      return makeCheck(meta, 'fail', `The sitemap could not be fetched: ${problem.reason}`, [
        { url: problem.url, value: null, note: problem.reason },
      ]);
    }
    return makeCheck(meta, 'fail', `No sitemap was found at ${snapshot.origin}/sitemap.xml or in robots.txt`, [
      { url: `${snapshot.origin}/sitemap.xml`, value: null },
    ]);
  }
  if (sitemap.status < 200 || sitemap.status >= 300) {
    return makeCheck(meta, 'fail', `No sitemap was found: ${sitemap.url} answered HTTP ${sitemap.status}`, [
      { url: sitemap.url, value: sitemap.status },
    ]);
  }
  if (sitemap.urls.length === 0) {
    const item: Evidence = { url: sitemap.url, value: 0 };
    if (sitemap.contentType) item.note = `Content-Type ${sitemap.contentType}`;
    // Single-page apps answer every address with their page, /sitemap.xml included.
    if (/html/i.test(sitemap.contentType ?? '')) {
      return makeCheck(meta, 'fail', `No sitemap was found: ${sitemap.url} answered with a web page, not a sitemap`, [
        item,
      ]);
    }
    return makeCheck(meta, 'fail', 'The sitemap lists no page URLs that could be read', [item]);
  }
  const listed = new Set(sitemap.urls.map((url) => url.replace(/\/$/, '')));
  const unlisted = snapshot.pages
    .filter((page) => page.status === 200 && page.html !== null)
    .map((page) => page.finalUrl)
    .filter((url) => !listed.has(url.replace(/\/$/, '')));
  const evidence: Evidence[] = [{ url: sitemap.url, value: sitemap.urls.length, note: 'URLs listed' }];
  if (unlisted.length > 0) {
    evidence.push(...unlisted.map((url) => ({ url, note: 'Crawled page not listed in the sitemap' })));
  }
  return makeCheck(meta, 'pass', `The sitemap lists ${countOf(sitemap.urls.length, 'URL')}`, evidence);
}

// ---------------------------------------------------------------------------------------------
// canonical

type LinkInfo = { hrefRaw: string; href: string | null; source: 'head' | 'headers'; hreflang: string | null };

function linksOf({ url, page, $ }: HtmlPage, rel: string): LinkInfo[] {
  const links: LinkInfo[] = [];
  $('head link[rel][href]').each((_, element) => {
    const rels = (element.attribs.rel ?? '').toLowerCase().split(/\s+/);
    if (!rels.includes(rel)) return;
    const hrefRaw = (element.attribs.href ?? '').trim();
    links.push({
      hrefRaw,
      href: resolveUrl(hrefRaw, url)?.href ?? null,
      source: 'head',
      hreflang: element.attribs.hreflang?.trim() || null,
    });
  });
  for (const entry of parseLinkHeader(page.headers.link)) {
    if (!entry.rel.includes(rel)) continue;
    links.push({
      hrefRaw: entry.href,
      href: resolveUrl(entry.href, url)?.href ?? null,
      source: 'headers',
      hreflang: entry.hreflang,
    });
  }
  return links;
}

function isAbsoluteUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.origin !== 'null';
  } catch {
    return false;
  }
}

export function checkCanonical(pages: HtmlPage[]): CheckResult {
  return perPageCheck(
    seoCheck('canonical', 'Canonical links are valid'),
    pages,
    (htmlPage) => {
      const { url } = htmlPage;
      const canonicals = linksOf(htmlPage, 'canonical').filter((link) => link.hrefRaw);
      const hreflangUrls = new Set(
        linksOf(htmlPage, 'alternate')
          .filter((link) => link.hreflang && link.href)
          .map((link) => link.href!),
      );
      const fail = (value: string, note: string) => ({
        status: 'fail' as const,
        evidence: [{ url, selector: 'link[rel=canonical]', value: clip(value), note }],
      });

      const invalid = canonicals.find((link) => !link.href);
      if (invalid) return fail(invalid.hrefRaw, 'Invalid URL');
      const relative = canonicals.find((link) => !isAbsoluteUrl(link.hrefRaw));
      if (relative) return fail(relative.hrefRaw, 'Is not an absolute URL');
      const unique = [...new Set(canonicals.map((link) => link.href!))];
      if (unique.length === 0) return { status: 'not_applicable' };
      if (unique.length > 1) return fail(unique.join(', '), 'Multiple conflicting URLs');

      const canonical = new URL(unique[0]!);
      const base = new URL(url);
      if (hreflangUrls.has(base.href) && hreflangUrls.has(canonical.href) && base.href !== canonical.href) {
        return fail(canonical.href, 'Points to another hreflang location');
      }
      if (canonical.origin === base.origin && canonical.pathname === '/' && base.pathname !== '/') {
        return fail(canonical.href, "Points to the domain's root URL (the home page) instead of an equivalent page");
      }
      return { status: 'pass', evidence: [{ url, selector: 'link[rel=canonical]', value: canonical.href }] };
    },
    {
      many: 'with a canonical link have a valid one',
      oneOfMany: 'with a canonical link has a valid one',
      one: 'has a valid canonical link',
      none: 'No page declares a canonical URL',
    },
  );
}

// ---------------------------------------------------------------------------------------------
// hreflang

export function checkHreflang(pages: HtmlPage[]): CheckResult {
  return perPageCheck(
    seoCheck('hreflang', 'hreflang links are valid'),
    pages,
    (htmlPage) => {
      const links = linksOf(htmlPage, 'alternate').filter((link) => link.hreflang);
      if (links.length === 0) return { status: 'not_applicable' };
      const evidence: Evidence[] = [];
      for (const link of links) {
        const reasons: string[] = [];
        const code = link.hreflang!;
        if (code.toLowerCase() !== 'x-default' && !isValidLanguageCode(code.split('-')[0]!.toLowerCase())) {
          reasons.push('Unexpected language code');
        }
        if (!/^https?:/i.test(link.hrefRaw)) reasons.push('Relative href value');
        if (reasons.length === 0) continue;
        evidence.push({
          url: htmlPage.url,
          selector:
            link.source === 'head'
              ? `<link rel="alternate" hreflang="${code}" href="${link.hrefRaw}">`
              : `Link: <${link.hrefRaw}>; rel="alternate"; hreflang="${code}"`,
          value: code,
          note: reasons.join('; '),
        });
      }
      return evidence.length > 0 ? { status: 'fail', evidence } : { status: 'pass' };
    },
    {
      many: 'with hreflang links have valid ones',
      oneOfMany: 'with hreflang links has valid ones',
      one: 'has valid hreflang links',
      none: 'No page declares hreflang alternates',
    },
  );
}
