/**
 * Which pages build their content in the browser, and so must be rendered before they are checked.
 *
 * The rule (decision 0020): a page that answered 200 with HTML needs rendering when
 * - its body holds fewer than MIN_TEXT_CHARACTERS characters of text (scripts, styles, templates
 *   and <noscript> left out, white space collapsed), and
 * - it has no link (<a href> other than "#…" or "javascript:"), and
 * - it has at least one script (a src or inline code; JSON data blocks do not count).
 * A server-rendered page has text or links, so it keeps the fast path: no browser is started for it.
 */
import type { CheerioAPI } from 'cheerio';
import type { TRenderMode } from '../../../shared/schemas/brands.ts';
import { parsePage } from '../crawl/parsed-page.ts';
import type { CrawledPage } from '../types.ts';

export const MIN_TEXT_CHARACTERS = 200;

/** auto: by the rule above; always: every HTML page; never: no page (unrendered pages are not measured) */
export type RenderMode = TRenderMode;

const DATA_SCRIPT_TYPES = new Set(['application/ld+json', 'application/json', 'importmap', 'speculationrules']);

function visibleTextLength($: CheerioAPI): number {
  const body = $('body').clone();
  body.find('script, style, template, noscript').remove();
  return body.text().replace(/\s+/g, ' ').trim().length;
}

function hasLinks($: CheerioAPI): boolean {
  return $('a[href]')
    .toArray()
    .some((element) => {
      const href = (element.attribs.href ?? '').trim().toLowerCase();
      return href !== '' && !href.startsWith('#') && !href.startsWith('javascript:');
    });
}

function hasScripts($: CheerioAPI): boolean {
  return $('script')
    .toArray()
    .some((element) => {
      const type = (element.attribs.type ?? '').trim().toLowerCase();
      if (DATA_SCRIPT_TYPES.has(type)) return false;
      return Boolean(element.attribs.src?.trim()) || $(element).text().trim() !== '';
    });
}

/** Whether the page is an HTML page that answered 200: the only pages ever rendered. */
export function isRenderable(page: CrawledPage): boolean {
  return page.status === 200 && page.html !== null;
}

/** The rule of the file comment. */
export function buildsContentWithScripts(page: CrawledPage): boolean {
  if (!isRenderable(page)) return false;
  const $ = parsePage(page);
  return hasScripts($) && !hasLinks($) && visibleTextLength($) < MIN_TEXT_CHARACTERS;
}

/** Whether a page is to be rendered under `mode` (never: none; the caller then records why). */
export function wantsRendering(page: CrawledPage, mode: RenderMode): boolean {
  if (mode === 'always') return isRenderable(page);
  return buildsContentWithScripts(page);
}
