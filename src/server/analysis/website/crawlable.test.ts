import { describe, expect, it } from 'vitest';
import { goodPage, resourceOf, snapshotOf } from '../../../../tests/fixtures/analysis/snapshot.ts';
import { checkIndexablePages } from './crawlable.ts';
import { htmlPagesOf } from './pages.ts';
import { checkRobotsTxt } from './robots-txt.ts';
import { checkHttpStatusCode, checkSitemap } from './seo-crawl.ts';

const home = 'https://example.com/';
const robotsUrl = 'https://example.com/robots.txt';
const linkingHome = goodPage({
  body: '<a href="/members/area">Members</a> <a href="/search.php">Search</a> <a href="/shop/item?id=3">Item</a>',
});

function indexable(robotsTxt: string, disallowed: string[]) {
  const snapshot = snapshotOf([{ url: home, html: linkingHome }], {
    robotsTxt: resourceOf(robotsUrl, robotsTxt),
    disallowedByRobots: disallowed,
  });
  return checkIndexablePages(htmlPagesOf(snapshot), snapshot);
}

describe('seo.indexable-pages on linked pages robots.txt disallows', () => {
  it('fails each blocked page, naming the rule and the page that links to it', () => {
    const check = indexable('User-agent: *\nDisallow: /members/\n', ['https://example.com/members/area']);
    expect(check.status).toBe('fail');
    expect(check.summary).toBe('0 of 1 page can be indexed by search engines');
    expect(check.evidence).toEqual([
      {
        url: 'https://example.com/members/area',
        selector: 'robots.txt line 2',
        value: 'Disallow: /members/',
        note: 'Blocked from search engines by robots.txt; not fetched, so its content was not checked. Linked from https://example.com/',
      },
    ]);
  });

  it('reads wildcards, $ and the longest match (Allow wins a tie) as search engines do', () => {
    const robots = 'User-agent: *\nDisallow: /*.php$\nDisallow: /shop/\nAllow: /shop/item\n';
    const check = indexable(robots, ['https://example.com/search.php', 'https://example.com/shop/item?id=3']);
    expect(check.status).toBe('fail');
    expect(check.evidence).toHaveLength(1);
    expect(check.evidence[0]).toMatchObject({
      url: 'https://example.com/search.php',
      selector: 'robots.txt line 2',
      value: 'Disallow: /*.php$',
    });
  });

  it('warns, without failing, when only some search engines are blocked', () => {
    const check = indexable('User-agent: Googlebot\nDisallow: /members/\n', ['https://example.com/members/area']);
    expect(check.status).toBe('pass');
    expect(check.evidence[0]).toMatchObject({ selector: 'robots.txt line 2', note: 'Warning: blocks Googlebot' });
  });

  it('leaves out a page disallowed only for our crawler: search engines may index it', () => {
    const check = indexable('User-agent: BrandlensBot\nDisallow: /members/\n', ['https://example.com/members/area']);
    expect(check.status).toBe('not_applicable');
  });
});

describe('seo.http-status-code names the pages that link to a broken one', () => {
  it('lists the referring pages and the sitemap', () => {
    const missing = 'https://example.com/missing';
    const snapshot = snapshotOf(
      [
        { url: home, html: goodPage({ body: '<a href="/missing#top">Calendar</a>' }) },
        { url: 'https://example.com/about', html: goodPage({ body: '<a href="missing">Calendar</a>' }) },
        { url: missing, html: '<h1>Not found</h1>', status: 404 },
      ],
      { sitemap: { ...resourceOf('https://example.com/sitemap.xml', '<urlset/>'), urls: [missing] } },
    );
    expect(checkHttpStatusCode(snapshot).evidence).toEqual([
      {
        url: missing,
        value: 404,
        note: 'Linked from https://example.com/, https://example.com/about; listed in the sitemap',
      },
    ]);
  });
});

describe('a relative Sitemap line in robots.txt', () => {
  it('is one robots.txt error; the sitemap read from /sitemap.xml passes', () => {
    const sitemapUrl = 'https://example.com/sitemap.xml';
    const snapshot = snapshotOf([{ url: home, html: goodPage() }], {
      robotsTxt: resourceOf(robotsUrl, 'User-agent: *\nDisallow:\nSitemap: /sitemap.xml\n'),
      sitemap: { ...resourceOf(sitemapUrl, '<urlset/>'), urls: [home] },
    });
    const robots = checkRobotsTxt(snapshot);
    expect(robots.status).toBe('fail');
    expect(robots.evidence).toEqual([
      { url: robotsUrl, selector: 'line 3', value: 'Sitemap: /sitemap.xml', note: 'Invalid sitemap URL' },
    ]);
    expect(checkSitemap(snapshot).status).toBe('pass');
  });
});
