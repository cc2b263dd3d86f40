import { describe, expect, it } from 'vitest';
import { renderingText } from '../../../shared/crawl-counts.ts';
import { scoreAudit } from '../scoring/score.ts';
import type { CheckResult, CrawledPage, SiteSnapshot } from '../types.ts';
import { effectiveRenderMode } from './mode.ts';
import { buildsContentWithScripts, MIN_TEXT_CHARACTERS, wantsRendering } from './needs-rendering.ts';
import { markUnrenderedContent, unrenderedPages } from './not-measured.ts';

function page(html: string | null, overrides: Partial<CrawledPage> = {}): CrawledPage {
  return {
    url: 'https://bakery.example/',
    finalUrl: 'https://bakery.example/',
    status: 200,
    headers: {},
    contentType: 'text/html',
    html,
    redirects: [],
    fetchMs: 5,
    bytes: html?.length ?? 0,
    ...overrides,
  };
}

const shell = '<html><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>';
const text = (n: number) => 'a'.repeat(n);

describe('which pages need rendering', () => {
  it('an empty shell with a script needs it; its <noscript> text does not count', () => {
    expect(buildsContentWithScripts(page(shell))).toBe(true);
    const withNoscript = shell.replace('</body>', `<noscript>${text(400)}</noscript></body>`);
    expect(buildsContentWithScripts(page(withNoscript))).toBe(true);
    const inline = '<body><div id="app">Loading…</div><script>document.body.textContent = "hi"</script></body>';
    expect(buildsContentWithScripts(page(inline))).toBe(true);
  });

  it('a page with text, or with a link, or without scripts does not', () => {
    const withText = shell.replace('<div id="root"></div>', `<p>${text(MIN_TEXT_CHARACTERS)}</p>`);
    expect(buildsContentWithScripts(page(withText))).toBe(false);
    expect(buildsContentWithScripts(page(shell.replace('</div>', '<a href="/about">About</a></div>')))).toBe(false);
    expect(buildsContentWithScripts(page('<html><body><div id="root"></div></body></html>'))).toBe(false);
  });

  it('fragment and javascript: links and JSON data scripts do not change the answer', () => {
    const hashLinks = shell.replace('</div>', '<a href="#top">Top</a><a href="javascript:void 0">x</a></div>');
    expect(buildsContentWithScripts(page(hashLinks))).toBe(true);
    const dataOnly = '<body><div id="root"></div><script type="application/ld+json">{"@type":"Bakery"}</script></body>';
    expect(buildsContentWithScripts(page(dataOnly))).toBe(false);
  });

  it('only pages that answered 200 with HTML are ever rendered; always renders every such page', () => {
    expect(buildsContentWithScripts(page(shell, { status: 404 }))).toBe(false);
    expect(buildsContentWithScripts(page(null))).toBe(false);
    const served = page(`<body><h1>Bakery</h1><p>${text(300)}</p></body>`);
    expect(wantsRendering(served, 'auto')).toBe(false);
    expect(wantsRendering(served, 'always')).toBe(true);
    expect(wantsRendering(page(null), 'always')).toBe(false);
  });

  it('AUDIT_RENDER always or never wins over the brand; auto follows it', () => {
    expect(effectiveRenderMode('auto', 'always')).toBe('always');
    expect(effectiveRenderMode('auto', 'never')).toBe('never');
    expect(effectiveRenderMode('never', 'always')).toBe('never');
    expect(effectiveRenderMode('always', 'auto')).toBe('always');
  });
});

function check(id: string, area: CheckResult['area'], status: CheckResult['status']): CheckResult {
  return { id, area, group: 'g', title: id, status, summary: `${id} ${status}`, evidence: [] };
}

function snapshotOf(pages: CrawledPage[]): SiteSnapshot {
  return {
    startUrl: 'https://bakery.example/',
    origin: 'https://bakery.example',
    pages,
    robotsTxt: null,
    sitemap: null,
    stylesheets: [],
    feeds: [],
    disallowedByRobots: [],
    problems: [],
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
  };
}

describe('content checks of pages that could not be rendered', () => {
  const checks = [
    check('seo.headings', 'website', 'fail'),
    check('a11y.pages', 'website', 'fail'),
    check('seo.robots-txt', 'website', 'pass'),
    check('seo.http-status-code', 'website', 'pass'),
    check('social.profile-links', 'socialMedia', 'fail'),
    check('social.handle-valid', 'socialMedia', 'pass'),
    check('social.profile-links-match', 'socialMedia', 'not_applicable'),
    check('seo.hreflang', 'website', 'not_applicable'),
    check('brand.logo-format', 'brandAssets', 'not_measured'),
  ];
  const unrendered = page(shell, {
    rendering: { status: 'not_rendered', reason: 'no browser is installed on the server' },
  });

  it('are not measured when no page is left to read, naming the page and the reason', () => {
    const marked = markUnrenderedContent(checks, snapshotOf([unrendered]));
    const byId = Object.fromEntries(marked.map((item) => [item.id, item]));
    for (const id of ['seo.headings', 'a11y.pages', 'social.profile-links']) {
      expect(byId[id]).toMatchObject({
        status: 'not_measured',
        summary: 'Not measured: this page builds its content with JavaScript',
        evidence: [{ url: 'https://bakery.example/', note: 'Not rendered: no browser is installed on the server' }],
      });
    }
    expect(byId['seo.robots-txt']?.status).toBe('pass');
    expect(byId['seo.http-status-code']?.status).toBe('pass');
    expect(byId['social.handle-valid']?.status).toBe('pass');
    // Not applicable for want of declared handles stays so; of an empty shell's content, it is unknown.
    expect(byId['social.profile-links-match']?.status).toBe('not_applicable');
    expect(byId['seo.hreflang']?.status).toBe('not_measured');
    expect(marked.filter((item) => item.status === 'fail')).toEqual([]);
  });

  it('leave the website area not enough measured: robots.txt and status codes alone make no score', () => {
    const marked = markUnrenderedContent(
      [...checks, check('seo.sitemap', 'website', 'pass'), check('seo.link-text', 'website', 'pass')],
      snapshotOf([unrendered]),
    );
    const applied = marked.filter((item) => item.area === 'website' && item.status === 'pass');
    expect(applied.map((item) => item.id)).toEqual(['seo.robots-txt', 'seo.http-status-code', 'seo.sitemap']);
    const scores = scoreAudit(marked);
    expect(scores.websiteScore).toBeNull();
    expect(scores.areas.website.enough).toBe(false);
  });

  it('keep their verdicts when other pages could be read, or when every page was rendered', () => {
    const readable = page('<body><h1>Bakery</h1></body>', {
      url: 'https://bakery.example/a',
      finalUrl: 'https://bakery.example/a',
    });
    expect(markUnrenderedContent(checks, snapshotOf([unrendered, readable]))).toBe(checks);
    const rendered = page(shell, { rendering: { status: 'rendered', ms: 5, requests: 1, refused: 0, bytes: 10 } });
    expect(markUnrenderedContent(checks, snapshotOf([rendered]))).toBe(checks);
    expect(unrenderedPages(snapshotOf([unrendered, unrendered, rendered]))).toHaveLength(1);
  });

  it('the report says so in one sentence', () => {
    expect(renderingText(undefined)).toBeNull();
    expect(renderingText({ rendered: 0, notRendered: 1, reason: 'no browser is installed on the server' })).toBe(
      '1 page builds its content with JavaScript and could not be rendered because no browser is installed on the server, so its content checks are shown as not measured rather than failed.',
    );
    expect(renderingText({ rendered: 3, notRendered: 0 })).toBe(
      '3 pages build their content with JavaScript and were read as a browser shows them.',
    );
  });
});
