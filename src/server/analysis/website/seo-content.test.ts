import { describe, expect, it } from 'vitest';
import { goodPage, snapshotOf } from '../../../../tests/fixtures/analysis/snapshot.ts';
import { htmlPagesOf } from './pages.ts';
import {
  checkCrawlableAnchors,
  checkDocumentTitle,
  checkHeadings,
  checkHtmlHasLang,
  checkImageAlt,
  checkLinkText,
  checkMetaDescription,
  checkViewport,
} from './seo-content.ts';
import { checkStructuredData } from './structured-data.ts';

const pagesOf = (...htmls: string[]) =>
  htmlPagesOf(snapshotOf(htmls.map((html, index) => ({ url: `https://example.com/p${index + 1}`, html }))));

const bare = (head: string, body = '', lang = 'en') =>
  `<!doctype html><html lang="${lang}"><head>${head}</head><body>${body}</body></html>`;

describe('seo.document-title', () => {
  it('passes when every page has a non-empty title, recording the titles', () => {
    const check = checkDocumentTitle(pagesOf(goodPage({ title: 'Home' }), goodPage({ title: 'About us' })));
    expect(check).toMatchObject({ id: 'seo.document-title', status: 'pass', summary: 'All 2 pages have a title' });
    expect(check.evidence.map((item) => item.value)).toEqual(['Home', 'About us']);
  });

  it('fails on a missing or blank title', () => {
    const check = checkDocumentTitle(pagesOf(goodPage(), bare(''), bare('<title>  </title>')));
    expect(check.summary).toBe('1 of 3 pages has a title');
    expect(check.evidence).toEqual([
      { url: 'https://example.com/p2', selector: 'title', value: null, note: 'No <title> element' },
      { url: 'https://example.com/p3', selector: 'title', value: '', note: 'Empty <title>' },
    ]);
  });

  it('is not applicable without HTML pages', () => {
    expect(checkDocumentTitle([]).status).toBe('not_applicable');
  });
});

describe('seo.meta-description', () => {
  it('passes and records each description length', () => {
    const check = checkMetaDescription(pagesOf(goodPage()));
    expect(check).toMatchObject({ status: 'pass', summary: 'The page has a meta description' });
    expect(check.evidence[0]?.value).toBe(67);
  });

  it('fails on missing and empty descriptions (name matched without case)', () => {
    const check = checkMetaDescription(
      pagesOf(
        bare('<meta NAME="Description" content="Fine">'),
        bare(''),
        bare('<meta name="description" content=" ">'),
      ),
    );
    expect(check.summary).toBe('1 of 3 pages has a meta description');
    expect(check.evidence.map((item) => item.note)).toEqual(['No meta description', 'The description is empty']);
  });

  it('caps evidence at ten items with an "and N more" note', () => {
    const check = checkMetaDescription(pagesOf(...Array.from({ length: 13 }, () => bare(''))));
    expect(check.summary).toBe('0 of 13 pages have a meta description');
    expect(check.evidence).toHaveLength(11);
    expect(check.evidence[10]).toEqual({ note: 'and 3 more' });
  });
});

describe('seo.link-text', () => {
  it('passes descriptive links and ignores nofollow, mailto, javascript and same-page links', () => {
    const body =
      '<a href="/menu">See our bread menu</a><a href="/x" rel="nofollow">click here</a><a href="mailto:a@b.c">here</a>' +
      '<a href="javascript:go()">more</a><a href="#top">read more</a><a href="/img"><img src="a.png" alt="Loaf"></a>';
    const check = checkLinkText(pagesOf(bare('', body)));
    expect(check).toMatchObject({ id: 'seo.link-text', status: 'pass' });
  });

  it("fails generic texts from Lighthouse's list and bare URLs", () => {
    const body =
      '<a href="/a">Read more</a> <a href="/b"> click   here </a> <a href="/c">https://example.com/c</a> <a href="/d">Our story</a>';
    const check = checkLinkText(pagesOf(bare('', body)));
    expect(check.status).toBe('fail');
    expect(check.evidence.map((item) => item.value)).toEqual(['Read more', 'click here', 'https://example.com/c']);
    expect(check.evidence[0]).toMatchObject({ selector: '<a href="/a">', note: 'Links to https://example.com/a' });
  });

  it("uses only the page language's list when the language is known", () => {
    const german = bare('', '<a href="/a">mehr</a>', 'de');
    const english = bare('', '<a href="/a">mehr</a>', 'en');
    expect(checkLinkText(pagesOf(german)).status).toBe('fail');
    expect(checkLinkText(pagesOf(english)).status).toBe('pass');
  });

  it('is not applicable on pages without links', () => {
    expect(checkLinkText(pagesOf(bare('<title>x</title>', '<p>No links</p>'))).status).toBe('not_applicable');
  });
});

describe('seo.crawlable-anchors', () => {
  it('passes ordinary links and the exceptions Lighthouse allows', () => {
    const body =
      '<a href="/about">About</a><a href="#">Top</a><a href="mailto:x@y.z">Mail</a><a id="anchor"></a>' +
      '<a role="button" onclick="go()">Go</a><a name="old-anchor">Old</a><a aria-current="page">Here</a>';
    expect(checkCrawlableAnchors(pagesOf(bare('', body))).status).toBe('pass');
  });

  it('fails javascript:void(0), missing href with a click handler and file: links', () => {
    const body =
      '<a href="javascript:void(0)">Menu</a><a onclick="open()">Open</a><a href="file:///C:/menu.pdf">PDF</a><a href="/ok">OK</a>';
    const check = checkCrawlableAnchors(pagesOf(bare('', body)));
    expect(check.status).toBe('fail');
    expect(check.evidence.map((item) => [item.selector, item.note])).toEqual([
      ['<a href="javascript:void(0)">', 'href is javascript:void(0)'],
      ['<a onclick="open()">', 'No href (click handler only)'],
      ['<a href="file:///C:/menu.pdf">', 'Links to a local file'],
    ]);
  });

  it('is not applicable on pages without anchors', () => {
    expect(checkCrawlableAnchors(pagesOf(bare('', '<p>Text</p>'))).status).toBe('not_applicable');
  });
});

describe('seo.image-alt', () => {
  it('passes images with alt (even empty), aria-label, title or a presentational role', () => {
    const body =
      '<img src="a.png" alt="Loaf"><img src="b.png" alt=""><img src="c.png" aria-label="Cake"><img src="d.png" title="Bun">' +
      '<img src="e.png" role="presentation"><span id="cap">Croissant</span><img src="f.png" aria-labelledby="cap">';
    expect(checkImageAlt(pagesOf(bare('', body))).status).toBe('pass');
  });

  it('fails images without any text alternative and skips hidden ones', () => {
    const check = checkImageAlt(
      pagesOf(bare('', '<img src="a.png"><img src="b.png" aria-hidden="true"><img src="c.png" alt="C">')),
    );
    expect(check).toMatchObject({ status: 'fail', summary: '0 of 1 page with images gives every image alt text' });
    expect(check.evidence).toEqual([
      { url: 'https://example.com/p1', selector: '<img src="a.png">', value: 'a.png', note: 'No alt attribute' },
    ]);
  });

  it('is not applicable when no page has images', () => {
    expect(checkImageAlt(pagesOf(goodPage())).summary).toBe('No page has images');
  });
});

describe('seo.viewport', () => {
  it('passes width=device-width', () => {
    expect(checkViewport(pagesOf(goodPage())).status).toBe('pass');
  });
  it('fails a missing tag or a fixed width', () => {
    const check = checkViewport(pagesOf(bare(''), bare('<meta name="viewport" content="width=1024">')));
    expect(check.evidence.map((item) => [item.value, item.note])).toEqual([
      [null, 'No viewport meta tag'],
      ['width=1024', 'No width=device-width'],
    ]);
  });
});

describe('seo.html-has-lang', () => {
  it('passes a valid language', () => {
    expect(checkHtmlHasLang(pagesOf(bare('', '', 'en-GB'))).status).toBe('pass');
  });
  it('fails a missing or unknown language', () => {
    const check = checkHtmlHasLang(pagesOf('<html><body>x</body></html>', bare('', '', 'english')));
    expect(check.evidence.map((item) => [item.value, item.note])).toEqual([
      [null, 'No lang attribute'],
      ['english', 'Not a known language code'],
    ]);
  });
});

describe('seo.headings', () => {
  it('passes one h1 with levels in order', () => {
    expect(checkHeadings(pagesOf(bare('', '<h1>A</h1><h2>B</h2><h3>C</h3><h2>D</h2>'))).status).toBe('pass');
  });
  it('fails no h1, two h1s and skipped levels', () => {
    const check = checkHeadings(
      pagesOf(bare('', '<h2>A</h2>'), bare('', '<h1>A</h1><h1>B</h1>'), bare('', '<h1>A</h1><h2>B</h2><h4>C</h4>')),
    );
    expect(check.summary).toBe('0 of 3 pages have exactly one h1 and no skipped heading levels');
    expect(check.evidence.map((item) => item.value)).toEqual([0, 2, 'h2 → h4']);
  });
});

describe('seo.structured-data', () => {
  const ld = (json: string) => `<script type="application/ld+json">${json}</script>`;
  it('passes JSON-LD with @type, including @graph', () => {
    const check = checkStructuredData(
      pagesOf(bare(ld('{"@context":"https://schema.org","@graph":[{"@type":"Organization"},{"@type":"WebSite"}]}'))),
    );
    expect(check.status).toBe('pass');
    expect(check.evidence[0]?.value).toBe('Organization, WebSite');
  });
  it('fails invalid JSON and items without @type', () => {
    const check = checkStructuredData(pagesOf(bare(ld('{"@type": "Bakery",}')), bare(ld('{"name":"Northwind"}'))));
    expect(check.status).toBe('fail');
    expect(check.evidence[0]?.note).toMatch(/^Not valid JSON/);
    expect(check.evidence[1]?.note).toBe('1 item without @type');
  });
  it('is not applicable without JSON-LD', () => {
    expect(checkStructuredData(pagesOf(goodPage())).status).toBe('not_applicable');
  });
});
