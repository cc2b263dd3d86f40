/**
 * How the audit words its counts: every finding and evidence text agrees with its numbers for 0, 1
 * and 2, a failing check lists only what failed, and the crawl counts are defined once.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { goodPage, resourceOf, snapshotOf } from '../../../tests/fixtures/analysis/snapshot.ts';
import { crawlCountsText } from '../../shared/crawl-counts.ts';
import { countOf, partOf, verbForPart } from '../../shared/words.ts';
import { runFontChecks } from './brand-assets/fonts.ts';
import { crawlFactsOf } from './crawl-counts.ts';
import { checkHandleConsistency, declaredHandles } from './social/profiles.ts';
import { htmlPagesOf } from './website/pages.ts';
import { checkDocumentTitle } from './website/seo-content.ts';
import { checkHttpStatusCode } from './website/seo-crawl.ts';
import { runToneChecks } from './website/tone.ts';

const text = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/analysis/texts/${name}.txt`, import.meta.url), 'utf8').trim();

describe('counts in words', () => {
  it('pluralises by en-GB rules for 0, 1, 2 and fractions', () => {
    expect([0, 1, 2].map((n) => countOf(n, 'page'))).toEqual(['0 pages', '1 page', '2 pages']);
    expect([0, 1, 2].map((n) => countOf(n, 'word'))).toEqual(['0 words', '1 word', '2 words']);
    expect(countOf(1.5, 'word')).toBe('1.5 words');
    expect(countOf(1200, 'page')).toBe('1,200 pages');
    expect(countOf(1, 'font family', 'font families')).toBe('1 font family');
    expect(countOf(2, 'font family', 'font families')).toBe('2 font families');
  });

  it('agrees a part of a whole with its verb', () => {
    const differ = (part: number, whole: number) =>
      `${partOf(part, whole, 'page')} ${verbForPart(part, whole, 'differs', 'differ')}`;
    expect(differ(0, 11)).toBe('0 of 11 pages differ');
    expect(differ(1, 11)).toBe('1 of 11 pages differs');
    expect(differ(2, 11)).toBe('2 of 11 pages differ');
    expect(differ(0, 1)).toBe('0 of 1 page differs');
  });
});

describe('tone checks list only the pages that fail', () => {
  const consistent = ['bakery-home', 'bakery-bread', 'bakery-visit'];
  const tones = (pages: { name: string; text: string }[]) => {
    const snapshot = snapshotOf(
      pages.map((page) => ({
        url: `https://example.com/${page.name}`,
        html: goodPage({ body: `<p>${page.text}</p>` }),
      })),
    );
    return Object.fromEntries(runToneChecks(htmlPagesOf(snapshot)).map((check) => [check.id, check]));
  };
  const usual = consistent.map((name) => ({ name, text: text(name) }));
  const passingUrls = usual.map((page) => `https://example.com/${page.name}`);

  it('one outlier: "1 of 4 pages differs", and only that page listed', () => {
    const checks = tones([...usual, { name: 'shouty', text: text('bakery-shouty') }]);
    const formality = checks['tone.formality']!;
    expect(formality.summary).toMatch(/^1 of 4 pages differs from the site's usual formality/);
    expect(formality.evidence.map((item) => item.url)).toEqual(['https://example.com/shouty']);
  });

  it('two outliers: "2 of 5 pages differ", both listed and no passing page', () => {
    const shouty = text('bakery-shouty');
    const checks = tones([...usual, { name: 'shouty-1', text: shouty }, { name: 'shouty-2', text: shouty }]);
    const formality = checks['tone.formality']!;
    expect(formality.summary).toMatch(/^2 of 5 pages differ from the site's usual formality/);
    expect(formality.evidence.map((item) => item.url).sort()).toEqual([
      'https://example.com/shouty-1',
      'https://example.com/shouty-2',
    ]);
  });

  it('never lists a passing page among the outliers of any tone check', () => {
    for (const odd of ['bakery-shouty', 'football', 'legal-terms', 'bakery-apology']) {
      const checks = tones([...usual, { name: odd, text: text(odd) }]);
      for (const check of Object.values(checks).filter((entry) => entry.status === 'fail')) {
        const listed = check.evidence.map((item) => item.url);
        expect(listed.length, `${check.id} with ${odd}`).toBeGreaterThan(0);
        // readability and sentiment spread list the two ends of the range, which are part of the failure
        if (check.id === 'tone.readability' || check.id === 'tone.sentiment-spread') continue;
        expect(
          listed.filter((url) => passingUrls.includes(url ?? '')),
          `${check.id} with ${odd}`,
        ).toEqual([]);
      }
    }
  });

  it('no outlier: the pass names every page', () => {
    const formality = tones(usual)['tone.formality']!;
    expect(formality.status).toBe('pass');
    expect(formality.summary).toMatch(/^All 3 pages are within/);
  });
});

describe('brand asset and social wording for 0, 1 and 2', () => {
  const site = (css: string) =>
    snapshotOf([{ url: 'https://example.com/', html: goodPage() }], {
      stylesheets: [resourceOf('https://example.com/site.css', css, 200, 'text/css')],
    });
  const css = 'body { font-family: Inter, sans-serif } h1 { font-family: Georgia, serif }';
  const declared = (fonts: string[]) => runFontChecks(fonts, site(css))[0]!;

  it('says "0 of 1 declared font" in the singular, as a sentence about that font', () => {
    expect(declared(['Lato']).summary).toBe('The declared font Lato is not used by the website');
  });
  it('agrees 1 of 2 and 0 of 2 declared fonts', () => {
    expect(declared(['Inter', 'Lato']).summary).toBe('1 of 2 declared fonts is used by the website; not used: Lato');
    expect(declared(['Lato', 'Roboto']).summary).toBe(
      '0 of 2 declared fonts are used by the website; not used: Lato, Roboto',
    );
    expect(declared(['Inter', 'Lato']).evidence.map((item) => item.selector)).toEqual(['Lato']);
    expect(declared(['Inter', 'Georgia']).summary).toBe('All 2 declared fonts are used by the website');
  });

  it('agrees handles that differ: 1 differs, 2 differ', () => {
    const one = checkHandleConsistency(declaredHandles({ instagramHandle: 'northwind', twitterHandle: 'nwbread' }));
    expect(one.summary).toMatch(/^1 of 2 handles differs from /);
    expect(one.evidence).toHaveLength(1);
    const two = checkHandleConsistency(
      declaredHandles({ instagramHandle: 'northwind', twitterHandle: 'nwbread', tiktokHandle: 'loafers' }),
    );
    expect(two.summary).toMatch(/^2 of 3 handles differ from /);
    expect(two.evidence).toHaveLength(2);
  });
});

describe('per-page checks agree their verb with the pages that passed', () => {
  const titled = (title: string) => ({ url: `https://example.com/${title || 'untitled'}`, html: goodPage({ title }) });
  const summary = (...titles: string[]) =>
    checkDocumentTitle(htmlPagesOf(snapshotOf(titles.map((title) => titled(title))))).summary;
  it('0, 1 and 2 of 3 pages', () => {
    expect(summary('', ' ', '\t')).toBe('0 of 3 pages have a title');
    expect(summary('Bread', ' ', '\t')).toBe('1 of 3 pages has a title');
    expect(summary('Bread', 'Cakes', '\t')).toBe('2 of 3 pages have a title');
  });
});

describe('crawl counts', () => {
  const snapshot = snapshotOf([
    { url: 'https://example.com/', html: goodPage() },
    { url: 'https://example.com/about', html: goodPage({ title: 'About' }) },
    // a redirect to a page already read: crawled, not analysed twice
    { url: 'https://example.com/old', finalUrl: 'https://example.com/', html: goodPage() },
    { url: 'https://example.com/missing', status: 404, html: '<p>Not found</p>' },
    { url: 'https://example.com/menu.pdf', html: null, contentType: 'application/pdf' },
  ]);

  it('counts pages crawled and pages analysed by one definition', () => {
    expect(crawlFactsOf(snapshot)).toMatchObject({ pages: 5, pagesAnalysed: 2 });
    // the http-status check counts the same crawled pages
    expect(checkHttpStatusCode(snapshot).summary).toBe(
      '1 of 5 crawled pages answered with an error status (4xx or 5xx)',
    );
  });

  it('words the counts for 0, 1 and 2 pages', () => {
    expect(crawlCountsText({ pages: 0, pagesAnalysed: 0 })).toBe('0 pages crawled and analysed');
    expect(crawlCountsText({ pages: 1, pagesAnalysed: 1 })).toBe('1 page crawled and analysed');
    expect(crawlCountsText({ pages: 2, pagesAnalysed: 1 })).toBe('2 pages crawled, 1 analysed');
    expect(crawlCountsText({ pages: 13, pagesAnalysed: 11 })).toBe('13 pages crawled, 11 analysed');
    expect(crawlCountsText({ pages: 13 })).toBe('13 pages crawled');
  });
});
