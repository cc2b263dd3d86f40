import { describe, expect, it } from 'vitest';
import { goodPage, resourceOf, snapshotOf } from '../../../../tests/fixtures/analysis/snapshot.ts';
import { htmlPagesOf } from './pages.ts';
import { checkRobotsTxt, validateRobotsTxt } from './robots-txt.ts';
import {
  checkCanonical,
  checkHreflang,
  checkHttpStatusCode,
  checkIndexablePages,
  checkIsCrawlable,
  checkSitemap,
} from './seo-crawl.ts';

const home = 'https://example.com/';
const about = 'https://example.com/about';

function isCrawlable(pages: Parameters<typeof snapshotOf>[0], extras: Parameters<typeof snapshotOf>[1] = {}) {
  const snapshot = snapshotOf(pages, extras);
  return checkIsCrawlable(htmlPagesOf(snapshot), snapshot);
}

function indexablePages(pages: Parameters<typeof snapshotOf>[0], extras: Parameters<typeof snapshotOf>[1] = {}) {
  const snapshot = snapshotOf(pages, extras);
  return checkIndexablePages(htmlPagesOf(snapshot), snapshot);
}

describe('seo.is-crawlable', () => {
  it('passes when nothing blocks indexing', () => {
    const check = isCrawlable([
      { url: home, html: goodPage() },
      { url: about, html: goodPage() },
    ]);
    expect(check).toMatchObject({ id: 'seo.is-crawlable', status: 'pass' });
    expect(check.evidence).toEqual([]);
  });

  it('judges only the home page: a noindexed inner page fails seo.indexable-pages instead', () => {
    const pages = [
      { url: home, html: goodPage() },
      { url: about, html: goodPage({ head: '<meta name="robots" content="noindex, follow">' }) },
    ];
    expect(isCrawlable(pages).status).toBe('pass');
    const inner = indexablePages(pages);
    expect(inner).toMatchObject({ id: 'seo.indexable-pages', status: 'fail' });
    expect(inner.evidence[0]).toMatchObject({ url: about, value: 'noindex, follow' });
  });

  it('fails on meta robots noindex on the home page and names it', () => {
    const check = isCrawlable([
      { url: home, html: goodPage({ head: '<meta name="robots" content="noindex, follow">' }) },
      { url: about, html: goodPage() },
    ]);
    expect(check.status).toBe('fail');
    expect(check.evidence[0]).toMatchObject({ url: home, value: 'noindex, follow' });
  });

  it('is not applicable to inner pages when the site has only a home page', () => {
    expect(indexablePages([{ url: home, html: goodPage() }]).status).toBe('not_applicable');
  });

  it('fails on an X-Robots-Tag header without a user agent', () => {
    const check = isCrawlable([{ url: home, html: goodPage(), headers: { 'x-robots-tag': 'none' } }]);
    expect(check.status).toBe('fail');
    expect(check.evidence[0]).toMatchObject({ selector: 'X-Robots-Tag header', value: 'none' });
  });

  it('fails on an unavailable_after date in the past (measured against the crawl time)', () => {
    const check = isCrawlable([
      { url: home, html: goodPage(), headers: { 'x-robots-tag': 'unavailable_after: 25 Jun 2010 15:00:00 PST' } },
    ]);
    expect(check.status).toBe('fail');
  });

  it('fails when robots.txt disallows the page for every crawler', () => {
    const check = indexablePages(
      [
        { url: home, html: goodPage() },
        { url: about, html: goodPage() },
      ],
      {
        robotsTxt: resourceOf('https://example.com/robots.txt', 'User-agent: *\nDisallow: /about\n'),
      },
    );
    expect(check.status).toBe('fail');
    expect(check.evidence[0]).toMatchObject({ url: about, selector: 'robots.txt line 2', value: 'Disallow: /about' });
  });

  it('only warns when one search bot is blocked, as Lighthouse does', () => {
    const check = isCrawlable([{ url: home, html: goodPage(), headers: { 'x-robots-tag': 'googlebot: noindex' } }]);
    expect(check.status).toBe('pass');
    expect(check.evidence[0]?.note).toBe('Warning: blocks Googlebot');
  });

  it('is not applicable without an HTML page', () => {
    expect(isCrawlable([{ url: home, html: null, status: 500 }]).status).toBe('not_applicable');
  });
});

describe('seo.http-status-code', () => {
  it('passes when every page answers without an error', () => {
    const check = checkHttpStatusCode(
      snapshotOf([
        { url: home, html: goodPage() },
        { url: about, html: goodPage() },
      ]),
    );
    expect(check).toMatchObject({ status: 'pass', summary: 'All 2 crawled pages answered without an error status' });
  });

  it('fails on 4xx and 5xx pages with their status as evidence', () => {
    const check = checkHttpStatusCode(
      snapshotOf([
        { url: home, html: goodPage() },
        { url: 'https://example.com/missing', html: '<h1>Not found</h1>', status: 404 },
        { url: 'https://example.com/broken', html: null, status: 503 },
      ]),
    );
    expect(check.status).toBe('fail');
    expect(check.summary).toBe('2 of 3 crawled pages answered with an error status (4xx or 5xx)');
    expect(check.evidence).toEqual([
      { url: 'https://example.com/missing', value: 404 },
      { url: 'https://example.com/broken', value: 503 },
    ]);
  });
});

describe('seo.robots-txt', () => {
  const robotsUrl = 'https://example.com/robots.txt';
  const page = [{ url: home, html: goodPage() }];

  it('passes a valid robots.txt', () => {
    const body = '# hello\nUser-agent: *\nDisallow: /private/\nAllow: /\nSitemap: https://example.com/sitemap.xml\n';
    const check = checkRobotsTxt(snapshotOf(page, { robotsTxt: resourceOf(robotsUrl, body) }));
    expect(check).toMatchObject({ id: 'seo.robots-txt', status: 'pass' });
  });

  it('fails with one evidence item per invalid line', () => {
    const body =
      'Disallow: /early\nUser-agent: *\nDisalow: /typo\nDisallow: private\nSitemap: /relative.xml\nnonsense\n';
    const check = checkRobotsTxt(snapshotOf(page, { robotsTxt: resourceOf(robotsUrl, body) }));
    expect(check.status).toBe('fail');
    expect(check.summary).toBe('robots.txt has 5 errors');
    expect(check.evidence.map((item) => item.note)).toEqual([
      'No user-agent specified',
      'Unknown directive',
      'Pattern should either be empty, start with "/" or "*"',
      'Invalid sitemap URL',
      'Syntax not understood',
    ]);
  });

  it('fails when robots.txt answers 5xx, and is not applicable on 404', () => {
    expect(checkRobotsTxt(snapshotOf(page, { robotsTxt: resourceOf(robotsUrl, null, 503) })).status).toBe('fail');
    expect(checkRobotsTxt(snapshotOf(page, { robotsTxt: resourceOf(robotsUrl, null, 404) })).status).toBe(
      'not_applicable',
    );
  });

  it('fails when the fetch failed, and is not measured when it never happened', () => {
    const failed = snapshotOf(page, { problems: [{ url: robotsUrl, reason: 'Timed out after 10 s' }] });
    expect(checkRobotsTxt(failed)).toMatchObject({
      status: 'fail',
      summary: 'robots.txt could not be fetched: Timed out after 10 s',
    });
    expect(checkRobotsTxt(snapshotOf(page)).status).toBe('not_measured');
  });

  it('validates $ placement as Lighthouse does', () => {
    expect(validateRobotsTxt('User-agent: *\nDisallow: /*.pdf$\n')).toEqual([]);
    expect(validateRobotsTxt('User-agent: *\nDisallow: /a$b\n')[0]?.message).toBe(
      '"$" should only be used at the end of the pattern',
    );
  });
});

describe('seo.sitemap', () => {
  const page = [{ url: home, html: goodPage() }];
  it('passes a sitemap with URLs and notes crawled pages it leaves out', () => {
    const sitemap = { ...resourceOf('https://example.com/sitemap.xml', '<urlset/>'), urls: ['https://example.com/'] };
    const check = checkSitemap(snapshotOf([...page, { url: about, html: goodPage() }], { sitemap }));
    expect(check).toMatchObject({ status: 'pass', summary: 'The sitemap lists 1 URL' });
    expect(check.evidence[1]).toEqual({ url: about, note: 'Crawled page not listed in the sitemap' });
  });

  it('fails without a sitemap, on an error status, and on a sitemap with no URLs', () => {
    expect(checkSitemap(snapshotOf(page)).summary).toBe(
      'No sitemap was found at https://example.com/sitemap.xml or in robots.txt',
    );
    const missing = { ...resourceOf('https://example.com/sitemap.xml', null, 404), urls: [] };
    expect(checkSitemap(snapshotOf(page, { sitemap: missing })).status).toBe('fail');
    const empty = { ...resourceOf('https://example.com/sitemap.xml', 'not xml', 200, 'application/xml'), urls: [] };
    expect(checkSitemap(snapshotOf(page, { sitemap: empty }))).toMatchObject({
      status: 'fail',
      summary: 'The sitemap lists no page URLs that could be read',
    });
    // A single-page app answers /sitemap.xml with its page: no sitemap, said as such.
    const appPage = { ...resourceOf('https://example.com/sitemap.xml', '<div id="root">', 200, 'text/html'), urls: [] };
    expect(checkSitemap(snapshotOf(page, { sitemap: appPage }))).toMatchObject({
      status: 'fail',
      summary: 'No sitemap was found: https://example.com/sitemap.xml answered with a web page, not a sitemap',
    });
  });
});

describe('seo.canonical', () => {
  const canonical = (href: string) => goodPage({ head: `<link rel="canonical" href="${href}">` });

  it('passes absolute canonicals and is not applicable without any', () => {
    const check = checkCanonical(
      htmlPagesOf(snapshotOf([{ url: about, html: canonical('https://example.com/about') }])),
    );
    expect(check).toMatchObject({ status: 'pass', summary: 'The page has a valid canonical link' });
    expect(checkCanonical(htmlPagesOf(snapshotOf([{ url: about, html: goodPage() }]))).status).toBe('not_applicable');
  });

  it('fails relative, conflicting and root-pointing canonicals', () => {
    const pages = htmlPagesOf(
      snapshotOf([
        { url: 'https://example.com/a', html: canonical('/a') },
        {
          url: 'https://example.com/b',
          html: goodPage({
            head: '<link rel="canonical" href="https://example.com/b"><link rel="canonical" href="https://example.com/c">',
          }),
        },
        { url: 'https://example.com/d', html: canonical('https://example.com/') },
        {
          url: 'https://example.com/e',
          html: goodPage(),
          headers: { link: '<https://example.com/e>; rel="canonical"' },
        },
      ]),
    );
    const check = checkCanonical(pages);
    expect(check.status).toBe('fail');
    expect(check.summary).toBe('1 of 4 pages with a canonical link has a valid one');
    expect(check.evidence.map((item) => item.note)).toEqual([
      'Is not an absolute URL',
      'Multiple conflicting URLs',
      "Points to the domain's root URL (the home page) instead of an equivalent page",
    ]);
  });
});

describe('seo.hreflang', () => {
  it('passes valid alternates and is not applicable without any', () => {
    const html = goodPage({
      head: '<link rel="alternate" hreflang="de-DE" href="https://example.com/de/"><link rel="alternate" hreflang="x-default" href="https://example.com/">',
    });
    expect(checkHreflang(htmlPagesOf(snapshotOf([{ url: home, html }]))).status).toBe('pass');
    expect(checkHreflang(htmlPagesOf(snapshotOf([{ url: home, html: goodPage() }]))).status).toBe('not_applicable');
  });

  it('fails unknown language codes and relative hrefs', () => {
    const html = goodPage({
      head: '<link rel="alternate" hreflang="xx-YY" href="https://example.com/xx/"><link rel="alternate" hreflang="fr" href="/fr/">',
    });
    const check = checkHreflang(htmlPagesOf(snapshotOf([{ url: home, html }])));
    expect(check.status).toBe('fail');
    expect(check.evidence.map((item) => [item.value, item.note])).toEqual([
      ['xx-YY', 'Unexpected language code'],
      ['fr', 'Relative href value'],
    ]);
  });
});
