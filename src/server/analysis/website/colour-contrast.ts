/**
 * Colour contrast of the text on every crawled page (up to 20), computed from the CSS cascade
 * (css/cascade.ts: browser defaults, linked stylesheets, <style> blocks and style attributes) as
 * axe-core's color-contrast rule would on a rendered page: WCAG AA, 4.5:1 for text and 3:1 for large
 * text (24 px, or 18.66 px bold). The background is the element's own colour or the nearest
 * ancestor's, composited down to the white canvas.
 *
 * What a cascade alone cannot know is reported as not measured for that element, never guessed:
 * text over a background image or gradient, colours it cannot read (color-mix(), an unset var()),
 * and every element of a page whose stylesheet was not fetched. Positioned elements are assumed to
 * sit over their ancestors' backgrounds.
 */
import type { Element } from 'domhandler';
import { clip, countOf, makeCheck, partOf, round, verbForPart } from '../scoring/check-result.ts';
import type { CheckResult, Evidence, SiteSnapshot } from '../types.ts';
import { axeRuleInfo } from './axe-rules.ts';
import { Cascade } from './css/cascade.ts';
import { mediaMatches, parseStylesheet, type StyleRule } from './css/parse-css.ts';
import { type Colour, composite, contrastRatio, hexOf, WHITE } from './css/values.ts';
import type { HtmlPage } from './pages.ts';
import { resolveUrl } from './pages.ts';

export const CONTRAST_MAX_PAGES = 20;
const AA_NORMAL = 4.5;
const AA_LARGE = 3;

/** Elements whose text is not page text, or is drawn by the browser in ways a cascade cannot follow. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'textarea', 'select', 'option', 'title', 'head']);
const NOT_MEASURED_INSIDE = new Set(['svg', 'math', 'iframe', 'canvas', 'object', 'video', 'audio']);
const CONTROLS = new Set(['button', 'input', 'select', 'textarea', 'fieldset', 'optgroup']);

type Unmeasured = { kind: 'image' | 'colour' | 'stylesheet'; url: string; selector: string; detail: string };
type Failure = Evidence & { url: string };
export type PageTally = {
  url: string;
  measured: number;
  failed: number;
  /** one item per failing selector and colour pair */
  failures: Failure[];
  unmeasured: Unmeasured[];
};

const UNMEASURED_WORDS: Record<Unmeasured['kind'], string> = {
  image: 'over a background image or gradient',
  colour: 'with a colour that could not be read',
  stylesheet: 'on a page whose stylesheet was not fetched',
};

function describe(element: Element): string {
  const part = (node: Element) => {
    const id = node.attribs.id ? `#${node.attribs.id}` : '';
    const classes = (node.attribs.class ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((name) => `.${name}`);
    return `${node.name}${id || classes.join('')}`;
  };
  const parts = [part(element)];
  let parent = element.parent as Element | null;
  while (parent && parent.type === 'tag' && parts.length < 3 && parent.name !== 'body') {
    parts.unshift(part(parent));
    parent = parent.parent as Element | null;
  }
  return parts.join(' > ');
}

function ownText(element: Element): string {
  return element.children
    .filter((child) => child.type === 'text')
    .map((child) => (child as unknown as { data: string }).data)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text inside SVG, MathML or embedded content is drawn by rules a cascade does not model. */
function insideGraphics(element: Element): boolean {
  for (let node: Element | null = element; node && node.type === 'tag'; node = node.parent as Element | null) {
    if (NOT_MEASURED_INSIDE.has(node.name)) return true;
  }
  return false;
}

function isDisabled(element: Element): boolean {
  for (let node: Element | null = element; node && node.type === 'tag'; node = node.parent as Element | null) {
    if (node.attribs['aria-disabled'] === 'true') return true;
    if (CONTROLS.has(node.name) && 'disabled' in node.attribs) return true;
  }
  return false;
}

/** The page's author stylesheets in document order, or the URL of one that was not fetched. */
function pageSheets(page: HtmlPage, fetched: Map<string, StyleRule[]>): StyleRule[][] | { missing: string } {
  const { $ } = page;
  const base = resolveUrl($('base[href]').attr('href') ?? '', page.url)?.href ?? page.url;
  const sheets: StyleRule[][] = [];
  for (const node of $('link[href], style').toArray() as Element[]) {
    if (!mediaMatches(node.attribs.media)) continue;
    if (node.name === 'style') {
      sheets.push(parseStylesheet($(node).text()));
      continue;
    }
    const rel = (node.attribs.rel ?? '').toLowerCase().split(/\s+/);
    if (!rel.includes('stylesheet') || rel.includes('alternate') || 'disabled' in node.attribs) continue;
    const url = resolveUrl(node.attribs.href ?? '', base)?.href;
    if (!url) continue;
    const rules = fetched.get(url);
    if (!rules) return { missing: url };
    sheets.push(rules);
  }
  return sheets;
}

/** The backdrop behind an element's text, or why it cannot be known. */
function backdrop(cascade: Cascade, element: Element): Colour | { reason: Unmeasured['kind']; detail: string } {
  const layers: Colour[] = [];
  for (let node: Element | null = element; node && node.type === 'tag'; node = node.parent as Element | null) {
    const style = cascade.styleOf(node);
    if (style.backgroundImage) return { reason: 'image', detail: `background image or gradient on ${describe(node)}` };
    if (!style.background) return { reason: 'colour', detail: `background "${clip(style.backgroundValue, 60)}"` };
    if (style.background.alpha > 0) layers.push(style.background);
    if (style.background.alpha >= 1) break;
  }
  return layers.reverse().reduce((below, layer) => composite(layer, below), WHITE);
}

function measurePage(page: HtmlPage, fetched: Map<string, StyleRule[]>): PageTally {
  const tally: PageTally = { url: page.url, measured: 0, failed: 0, failures: [], unmeasured: [] };
  const texts = (page.$('body, body *').toArray() as Element[]).filter(
    (element) =>
      !SKIPPED.has(element.name) &&
      /[\p{L}\p{N}]/u.test(ownText(element)) &&
      !insideGraphics(element) &&
      !isDisabled(element),
  );
  const sheets = pageSheets(page, fetched);
  if ('missing' in sheets) {
    if (texts.length > 0) {
      tally.unmeasured.push({
        kind: 'stylesheet',
        url: page.url,
        selector: 'link[rel=stylesheet]',
        detail: sheets.missing,
      });
    }
    return tally;
  }
  const cascade = new Cascade(page.$, sheets);
  /** failing elements with the same selector and colours are one evidence item */
  const similar = new Map<string, Failure & { example: string; count: number }>();
  for (const element of texts) {
    const style = cascade.styleOf(element);
    if (style.displayNone || style.invisible || style.opacity === 0 || style.offscreen || style.fontPx === 0) continue;
    const selector = describe(element);
    if (!style.colour || style.colour.alpha === 0) {
      tally.unmeasured.push({
        kind: 'colour',
        url: page.url,
        selector,
        detail: `colour "${clip(style.colourValue, 60)}"`,
      });
      continue;
    }
    const behind = backdrop(cascade, element);
    if ('reason' in behind) {
      tally.unmeasured.push({ kind: behind.reason, url: page.url, selector, detail: behind.detail });
      continue;
    }
    tally.measured += 1;
    const text = { ...style.colour, alpha: style.colour.alpha * style.opacity };
    const ratio = contrastRatio(composite(text, behind), behind);
    const large = style.fontPx >= 24 || (style.fontPx >= 18.66 && style.fontWeight >= 700);
    const needed = large ? AA_LARGE : AA_NORMAL;
    if (ratio >= needed) continue;
    const shown = Math.floor(ratio * 100) / 100;
    const pair = `${hexOf(style.colour)} on ${hexOf(behind)} is ${shown}:1; ${large ? 'large text ' : ''}needs ${needed}:1`;
    const key = `${selector}|${pair}`;
    const same = similar.get(key);
    if (same) {
      same.count += 1;
      continue;
    }
    const failure = {
      url: page.url,
      selector,
      value: round(shown),
      note: pair,
      example: clip(ownText(element), 40),
      count: 1,
    };
    similar.set(key, failure);
    tally.failures.push(failure);
  }
  for (const failure of tally.failures as (Failure & { example: string; count: number })[]) {
    const others = failure.count > 1 ? ` and ${countOf(failure.count - 1, 'more element')} like it` : '';
    failure.note = `"${failure.example}"${others}: ${failure.note}`;
    tally.failed += failure.count;
    delete (failure as Partial<typeof failure>).example;
    delete (failure as Partial<typeof failure>).count;
  }
  return tally;
}

function unmeasuredEvidence(unmeasured: Unmeasured[]): Evidence[] {
  return (['image', 'colour', 'stylesheet'] as const).flatMap((kind) => {
    const items = unmeasured.filter((item) => item.kind === kind);
    if (items.length === 0) return [];
    const first = items[0]!;
    return [
      {
        url: first.url,
        selector: first.selector,
        value: items.length,
        note: `Not measured: ${countOf(items.length, 'element')} ${UNMEASURED_WORDS[kind]} (e.g. ${first.detail})`,
      },
    ];
  });
}

/** Per page (the first 20): text elements measured, failing, and not measured with the reasons. */
export function contrastByPage(pages: HtmlPage[], snapshot: Pick<SiteSnapshot, 'stylesheets'>): PageTally[] {
  const fetched = new Map<string, StyleRule[]>();
  for (const sheet of snapshot.stylesheets) fetched.set(sheet.url, sheet.body ? parseStylesheet(sheet.body) : []);
  return pages.slice(0, CONTRAST_MAX_PAGES).map((page) => measurePage(page, fetched));
}

export function checkColourContrast(pages: HtmlPage[], snapshot: SiteSnapshot): CheckResult {
  const info = axeRuleInfo('color-contrast');
  const meta = {
    id: 'a11y.color-contrast',
    area: 'website' as const,
    group: 'accessibility',
    title: info?.help ?? 'Elements must meet minimum color contrast ratio thresholds',
  };
  const tallies = contrastByPage(pages, snapshot);
  const measured = tallies.reduce((sum, tally) => sum + tally.measured, 0);
  const failures = tallies.flatMap((tally) => tally.failures);
  const unmeasured = tallies.flatMap((tally) => tally.unmeasured);
  const notes = unmeasuredEvidence(unmeasured);
  const notMeasured = unmeasured.length > 0 ? `; ${countOf(unmeasured.length, 'element')} not measured` : '';
  if (measured === 0 && unmeasured.length === 0) return makeCheck(meta, 'not_applicable', 'No visible text to check');
  if (measured === 0) {
    return makeCheck(meta, 'not_measured', `Not measured: no text element's colours could be computed`, notes);
  }
  const pagesWord = countOf(tallies.filter((tally) => tally.measured > 0).length, 'page');
  if (failures.length === 0) {
    return makeCheck(
      meta,
      'pass',
      `All ${countOf(measured, 'text element')} on ${pagesWord} reach WCAG AA contrast, 4.5:1 or 3:1 for large text (serious impact)${notMeasured}`,
      notes,
    );
  }
  const failedPages = new Set(failures.map((failure) => failure.url)).size;
  const failed = tallies.reduce((sum, tally) => sum + tally.failed, 0);
  const shown = failures.slice(0, 9 - notes.length);
  const more = failures.length - shown.length;
  return makeCheck(
    meta,
    'fail',
    `${partOf(failed, measured, 'text element')} on ${failedPages} of ${pagesWord} ${verbForPart(failed, measured, 'falls', 'fall')} below WCAG AA contrast, 4.5:1 or 3:1 for large text (serious impact)${notMeasured}`,
    [...shown, ...(more > 0 ? [{ note: `and ${countOf(more, 'more failing selector')}` }] : []), ...notes],
  );
}
