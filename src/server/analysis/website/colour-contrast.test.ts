import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resourceOf, snapshotOf } from '../../../../tests/fixtures/analysis/snapshot.ts';
import { checkColourContrast, contrastByPage } from './colour-contrast.ts';
import { htmlPagesOf } from './pages.ts';

const url = 'https://example.com/';
const sheetUrl = 'https://example.com/site.css';

function contrast(body: string, css = '', head = '') {
  const html = `<!doctype html><html lang="en"><head><title>T</title><link rel="stylesheet" href="/site.css">${head}</head><body>${body}</body></html>`;
  const snapshot = snapshotOf([{ url, html }], { stylesheets: [resourceOf(sheetUrl, css)] });
  return checkColourContrast(htmlPagesOf(snapshot), snapshot);
}

describe('a11y.color-contrast from the CSS cascade', () => {
  it('fails text whose stylesheet colour is too light on the background it inherits from an ancestor', () => {
    const check = contrast(
      '<div class="card"><p>Grey words</p></div>',
      '.card { background: #ffffff } p { color: #999 }',
    );
    expect(check).toMatchObject({ id: 'a11y.color-contrast', group: 'accessibility', status: 'fail' });
    expect(check.summary).toBe(
      '1 of 1 text element on 1 of 1 page falls below WCAG AA contrast, 4.5:1 or 3:1 for large text (serious impact)',
    );
    expect(check.evidence).toEqual([
      { url, selector: 'div.card > p', value: 2.84, note: '"Grey words": #999999 on #ffffff is 2.84:1; needs 4.5:1' },
    ]);
  });

  it('passes dark text on a light page, with browser defaults where no CSS applies', () => {
    expect(contrast('<p>Body text</p><a href="/x">A link</a>').status).toBe('pass');
    // the default link blue on a dark page fails
    expect(contrast('<p><a href="/x">A link</a></p>', 'body { background-color: #333 }').status).toBe('fail');
  });

  it('applies specificity, source order, style attributes and !important', () => {
    const css = '#intro { color: #000 } .note p { color: #aaa } p { color: #000 }';
    expect(contrast('<div class="note"><p>Pale</p></div>', css).status).toBe('fail');
    expect(contrast('<div class="note"><p id="intro">Dark</p></div>', css).status).toBe('pass');
    expect(contrast('<p id="intro" style="color: #bbb">Inline wins</p>', css).status).toBe('fail');
    expect(contrast('<p style="color: #bbb">Important wins</p>', 'p { color: #111 !important }').status).toBe('pass');
    expect(contrast('<p>Later wins</p>', 'p { color: #111 } p { color: #ccc }').status).toBe('fail');
  });

  it('reads custom properties, inherited and with fallbacks, and <style> blocks after stylesheets', () => {
    const css = ':root { --ink: #1f2a44; --paper: #fbf8f3 } body { color: var(--ink); background: var(--paper) }';
    expect(contrast('<p>Brand ink</p>', css).status).toBe('pass');
    expect(
      contrast('<p class="muted">Muted</p>', css, '<style>.muted { color: var(--unset, #c0c0c0) }</style>').status,
    ).toBe('fail');
  });

  it('composites translucent backgrounds and text over what is behind them', () => {
    const css =
      'body { background: #000 } .panel { background: rgba(255, 255, 255, 0.5) } p { color: rgb(255 255 255 / 60%) }';
    const check = contrast('<div class="panel"><p>Faint</p></div>', css);
    expect(check.status).toBe('fail');
    expect(check.evidence[0]?.note).toContain('on #808080');
  });

  it('holds large text (24 px, or 18.66 px bold) to 3:1', () => {
    const css = 'h1 { color: #888; font-size: 1.5rem } p { color: #888 } .big { font-size: 19px; font-weight: 700 }';
    const check = contrast('<h1>Large heading</h1><p class="big">Bold enough</p><p>Small print</p>', css);
    expect(check.status).toBe('fail');
    expect(check.summary).toMatch(/^1 of 3 text elements/);
    expect(check.evidence[0]).toMatchObject({ selector: 'p' });
  });

  it('applies @media rules for a phone-sized screen only', () => {
    const css =
      '@media (min-width: 1024px) { p { color: #ddd } } @media print { p { color: #eee } } @media screen and (max-width: 600px) { .m { color: #ccc } }';
    expect(contrast('<p>Desktop only pale</p>', css).status).toBe('pass');
    expect(contrast('<p class="m">Phone pale</p>', css).status).toBe('fail');
  });

  it('skips hidden and visually hidden text', () => {
    const css =
      'p { color: #eee } .gone { display: none } .sr-only { position: absolute; clip: rect(0 0 0 0) } .ghost { visibility: hidden }';
    const check = contrast(
      '<div class="gone"><p>Hidden</p></div><p class="sr-only">Screen readers</p><p class="ghost">Ghost</p><p hidden>Attr</p><h1>Shown</h1>',
      css,
    );
    expect(check.status).toBe('pass');
    expect(check.summary).toMatch(/^All 1 text element/);
  });

  it('does not measure text over a background image or gradient, and says so', () => {
    const css = '.hero { background: #fff url(/hero.jpg) } .band { background-image: linear-gradient(#000, #fff) }';
    const check = contrast(
      '<div class="hero"><p>Over a photo</p></div><div class="band">Over a gradient</div><p>Plain</p>',
      css,
    );
    expect(check.status).toBe('pass');
    expect(check.summary).toContain('2 elements not measured');
    expect(check.evidence).toEqual([
      {
        url,
        selector: 'div.hero > p',
        value: 2,
        note: 'Not measured: 2 elements over a background image or gradient (e.g. background image or gradient on div.hero)',
      },
    ]);
  });

  it('does not measure a page whose stylesheet was not fetched', () => {
    const html =
      '<!doctype html><html><head><link rel="stylesheet" href="/other.css"></head><body><p>Text</p></body></html>';
    const snapshot = snapshotOf([{ url, html }]);
    const check = checkColourContrast(htmlPagesOf(snapshot), snapshot);
    expect(check.status).toBe('not_measured');
    expect(check.evidence[0]?.note).toContain('on a page whose stylesheet was not fetched');
  });
});

describe('the contrast fixture pages (tests/fixtures/contrast)', () => {
  const file = (name: string) =>
    readFileSync(new URL(`../../../../tests/fixtures/contrast/${name}`, import.meta.url), 'utf8');

  it('fails and passes the elements the pages describe, as axe-core in Chromium does', () => {
    const origin = 'https://contrast.example';
    const snapshot = snapshotOf(
      ['index.html', 'cascade.html', 'layers.html'].map((name) => ({ url: `${origin}/${name}`, html: file(name) })),
      { stylesheets: [resourceOf(`${origin}/site.css`, file('site.css'))] },
    );
    const byPage = contrastByPage(htmlPagesOf(snapshot), snapshot).map(({ measured, failed, unmeasured }) => ({
      measured,
      failed,
      unmeasured: unmeasured.map((item) => item.kind),
    }));
    // the same counts axe-core's color-contrast gives in Chromium at 412 px (bench/contrast-agreement.ts)
    expect(byPage).toEqual([
      { measured: 7, failed: 1, unmeasured: [] },
      { measured: 10, failed: 5, unmeasured: [] },
      { measured: 5, failed: 2, unmeasured: ['image'] },
    ]);
  });
});
