/**
 * SEO checks about crawling and indexing, modelled on Lighthouse's audits of the same ids:
 * is-crawlable, http-status-code, canonical and hreflang (robots-txt is in robots-txt.ts); plus our
 * sitemap check.
 * Lighthouse audits one page; here every crawled page is audited and a check fails when any page
 * fails it.
 */
import robotsParser from 'robots-parser';
import { type CheckMeta, clip, count, makeCheck } from '../scoring/check-result.ts';
import type { CheckResult, Evidence, SiteSnapshot } from '../types.ts';
import { isValidLanguageCode } from './languages.ts';
import { type HtmlPage, openingTag, parseLinkHeader, resolveUrl } from './pages.ts';
import { perPageCheck } from './per-page.ts';

const seo = (id: string, title: string): CheckMeta => ({ id: `seo.${id}`, area: 'website', group: 'seoBasics', title });

// ---------------------------------------------------------------------------------------------
// is-crawlable

/** Lighthouse's list: the generic directives (no user agent) and four named search bots. */
const BOT_USER_AGENTS = [undefined, 'Googlebot', 'bingbot', 'DuckDuckBot', 'archive.org_bot'] as const;
type Bot = (typeof BOT_USER_AGENTS)[number];
const BLOCKING_DIRECTIVES = new Set(['noindex', 'none']);
const UNAVAILABLE_AFTER = 'unavailable_after';

function isUnavailable(directive: string, now: number): boolean {
  const parts = directive.split(':');
  if (parts.length <= 1 || parts[0] !== UNAVAILABLE_AFTER) return false;
  const date = Date.parse(parts.slice(1).join(':'));
  return !Number.isNaN(date) && date < now;
}

function hasBlockingDirective(directives: string, now: number): boolean {
  return directives
    .split(',')
    .map((directive) => directive.toLowerCase().trim())
    .some((directive) => BLOCKING_DIRECTIVES.has(directive) || isUnavailable(directive, now));
}

/**
 * X-Robots-Tag values, split per user agent. Several headers arrive joined with ', ', so a value like
 * 'googlebot: noindex, otherbot: nofollow' is read as two groups.
 */
function robotsHeaderGroups(value: string): { userAgent: string | undefined; directives: string }[] {
  const groups: { userAgent: string | undefined; directives: string[] }[] = [];
  let current: { userAgent: string | undefined; directives: string[] } = { userAgent: undefined, directives: [] };
  groups.push(current);
  for (const raw of value.split(',')) {
    const token = raw.trim();
    const prefix = /^([^,:\s]+)\s*:\s*(.*)$/.exec(token);
    if (prefix && prefix[1]!.toLowerCase() !== UNAVAILABLE_AFTER) {
      current = { userAgent: prefix[1], directives: [prefix[2] ?? ''] };
      groups.push(current);
    } else {
      current.directives.push(token);
    }
  }
  return groups
    .filter((group) => group.directives.some(Boolean))
    .map((group) => ({ userAgent: group.userAgent, directives: group.directives.join(', ') }));
}

function botName(bot: Bot): string {
  return bot ?? 'all crawlers';
}

function crawlableCheck(meta: CheckMeta, pages: HtmlPage[], snapshot: SiteSnapshot): CheckResult {
  const now = Date.parse(snapshot.startedAt) || Date.now();
  const robotsBody = snapshot.robotsTxt?.status === 200 ? snapshot.robotsTxt.body : null;
  // robots.txt rules apply to the site's origin, wherever the file itself was redirected.
  const robots = robotsBody ? robotsParser(`${snapshot.origin}/robots.txt`, robotsBody) : null;
  const robotsLines = robotsBody?.split(/\r\n|\r|\n/) ?? [];

  return perPageCheck(
    meta,
    pages,
    ({ url, page, $ }) => {
      const blocked = new Set<Bot>();
      const sources: Evidence[] = [];
      const block = (bots: readonly Bot[], source: Evidence) => {
        for (const bot of bots) blocked.add(bot);
        sources.push(source);
      };

      $('meta[name]').each((_, element) => {
        const name = (element.attribs.name ?? '').toLowerCase();
        const content = element.attribs.content ?? '';
        const bots =
          name === 'robots' ? BOT_USER_AGENTS : BOT_USER_AGENTS.filter((bot) => bot && bot.toLowerCase() === name);
        if (bots.length > 0 && hasBlockingDirective(content, now)) {
          block(bots, { url, selector: openingTag(element), value: content, note: `Blocks ${bots.map(botName)[0]}` });
        }
      });

      const header = page.headers['x-robots-tag'];
      if (header) {
        for (const group of robotsHeaderGroups(header)) {
          if (!hasBlockingDirective(group.directives, now)) continue;
          const bots = group.userAgent
            ? BOT_USER_AGENTS.filter((bot) => bot && bot.toLowerCase() === group.userAgent!.toLowerCase())
            : BOT_USER_AGENTS;
          if (bots.length > 0) {
            block(bots, { url, selector: 'X-Robots-Tag header', value: header, note: `Blocks ${botName(bots[0])}` });
          }
        }
      }

      if (robots) {
        const disallowedFor = BOT_USER_AGENTS.filter((bot) => robots.isAllowed(url, bot) === false);
        if (disallowedFor.length > 0) {
          const line = robots.getMatchingLineNumber(url, disallowedFor[0]);
          block(disallowedFor, {
            url,
            selector: line > 0 ? `robots.txt line ${line}` : 'robots.txt',
            value: line > 0 ? clip(robotsLines[line - 1] ?? '') : null,
            note: `Disallowed for ${disallowedFor.map(botName).join(', ')}`,
          });
        }
      }

      // As in Lighthouse, the page fails when every listed crawler is blocked; blocking only some
      // of them is recorded as a warning.
      if (blocked.size === BOT_USER_AGENTS.length) return { status: 'fail', evidence: sources };
      if (blocked.size > 0) {
        const names = [...blocked].map(botName).join(', ');
        return { status: 'pass', evidence: sources.map((source) => ({ ...source, note: `Warning: blocks ${names}` })) };
      }
      return { status: 'pass' };
    },
    {
      many: 'can be indexed by search engines',
      one: 'can be indexed by search engines',
      none: 'No HTML page answered, so indexing could not be checked',
    },
  );
}

/**
 * Lighthouse's is-crawlable, for the home page: when search engines may not index it, the site is
 * shut out of search, so this check gates the SEO score.
 */
export function checkIsCrawlable(pages: HtmlPage[], snapshot: SiteSnapshot): CheckResult {
  return crawlableCheck(
    seo('is-crawlable', 'The home page can be indexed by search engines'),
    pages.slice(0, 1),
    snapshot,
  );
}

/**
 * The same test on every other page. Sites often keep some pages out of search on purpose (a
 * thank-you page, a members' area), so these weigh like any other check instead of gating.
 */
export function checkIndexablePages(pages: HtmlPage[], snapshot: SiteSnapshot): CheckResult {
  return crawlableCheck(
    seo('indexable-pages', 'Other pages can be indexed by search engines'),
    pages.slice(1),
    snapshot,
  );
}

// ---------------------------------------------------------------------------------------------
// http-status-code

export function checkHttpStatusCode(snapshot: SiteSnapshot): CheckResult {
  const meta = seo('http-status-code', 'Pages answer with a successful HTTP status');
  const seen = new Set<string>();
  const pages = snapshot.pages.filter((page) => !seen.has(page.url) && seen.add(page.url));
  if (pages.length === 0) return makeCheck(meta, 'not_applicable', 'No page was fetched');
  const failing = pages.filter((page) => page.status >= 400 && page.status <= 599);
  const evidence = failing.map((page): Evidence => {
    const item: Evidence = { url: page.url, value: page.status };
    if (page.finalUrl !== page.url) item.note = `after redirects to ${page.finalUrl}`;
    return item;
  });
  if (failing.length === 0) {
    const summary =
      pages.length === 1
        ? 'The page answered with a successful status'
        : `All ${pages.length} crawled pages answered without an error status`;
    return makeCheck(meta, 'pass', summary);
  }
  return makeCheck(
    meta,
    'fail',
    `${failing.length} of ${count(pages.length, 'crawled page')} answered with an error status (4xx or 5xx)`,
    evidence,
  );
}

// ---------------------------------------------------------------------------------------------
// sitemap (ours)

export function checkSitemap(snapshot: SiteSnapshot): CheckResult {
  const meta = seo('sitemap', 'The site has a readable XML sitemap');
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
  return makeCheck(meta, 'pass', `The sitemap lists ${count(sitemap.urls.length, 'URL')}`, evidence);
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
    seo('canonical', 'Canonical links are valid'),
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
      one: 'has a valid canonical link',
      none: 'No page declares a canonical URL',
    },
  );
}

// ---------------------------------------------------------------------------------------------
// hreflang

export function checkHreflang(pages: HtmlPage[]): CheckResult {
  return perPageCheck(
    seo('hreflang', 'hreflang links are valid'),
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
      one: 'has valid hreflang links',
      none: 'No page declares hreflang alternates',
    },
  );
}
