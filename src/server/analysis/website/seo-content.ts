/**
 * SEO checks about each page's content and markup. document-title, meta-description, link-text,
 * crawlable-anchors and image-alt follow Lighthouse's audits of the same ids; viewport,
 * html-has-lang and headings are ours (structured-data is in structured-data.ts).
 */
import type { Element } from 'domhandler';
import { clip } from '../scoring/check-result.ts';
import type { CheckResult, Evidence } from '../types.ts';
import { isValidLanguageCode } from './languages.ts';
import { NON_DESCRIPTIVE_LINK_TEXTS } from './link-texts.ts';
import { closestLang, type HtmlPage, openingTag, resolveUrl } from './pages.ts';
import { perPageCheck, seoCheck } from './per-page.ts';

export function checkDocumentTitle(pages: HtmlPage[]): CheckResult {
  return perPageCheck(
    seoCheck('document-title', 'Pages have a title'),
    pages,
    ({ url, $ }) => {
      const title = $('title').first();
      const text = title.text().trim();
      if (text) return { status: 'pass', evidence: [{ url, selector: 'title', value: clip(text) }] };
      return {
        status: 'fail',
        evidence: [
          {
            url,
            selector: 'title',
            value: title.length ? '' : null,
            note: title.length ? 'Empty <title>' : 'No <title> element',
          },
        ],
      };
    },
    { many: 'have a title', one: 'has a title', none: 'No HTML page to check' },
  );
}

export function checkMetaDescription(pages: HtmlPage[]): CheckResult {
  return perPageCheck(
    seoCheck('meta-description', 'Pages have a meta description'),
    pages,
    ({ url, $ }) => {
      const meta = $('meta[name="description" i]').first();
      const content = (meta.attr('content') ?? '').trim();
      if (content) {
        return {
          status: 'pass',
          evidence: [{ url, selector: 'meta[name=description]', value: content.length, note: 'characters' }],
        };
      }
      return {
        status: 'fail',
        evidence: [
          {
            url,
            selector: meta.length ? openingTag(meta.get(0)!) : 'meta[name=description]',
            value: meta.length ? '' : null,
            note: meta.length ? 'The description is empty' : 'No meta description',
          },
        ],
      };
    },
    { many: 'have a meta description', one: 'has a meta description', none: 'No HTML page to check' },
  );
}

// ---------------------------------------------------------------------------------------------
// link-text

function isFullUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function withoutFragment(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

function isNonDescriptive(text: string, lang: string | null): boolean {
  const term = text.toLowerCase();
  if (lang) return NON_DESCRIPTIVE_LINK_TEXTS[lang.split('-')[0]!.toLowerCase()]?.has(term) ?? false;
  return Object.values(NON_DESCRIPTIVE_LINK_TEXTS).some((texts) => texts.has(term));
}

export function checkLinkText(pages: HtmlPage[]): CheckResult {
  return perPageCheck(
    seoCheck('link-text', 'Links have descriptive text'),
    pages,
    ({ url, $ }) => {
      const pageUrl = withoutFragment(new URL(url));
      let checked = 0;
      const evidence: Evidence[] = [];
      $('a[href]').each((_, element) => {
        const rawHref = element.attribs.href ?? '';
        const rel = (element.attribs.rel ?? '').toLowerCase().split(/\s+/);
        const href = resolveUrl(rawHref, url);
        if (!href || rel.includes('nofollow')) return;
        const lower = href.href.toLowerCase();
        if (lower.startsWith('javascript:') || lower.startsWith('mailto:') || withoutFragment(href) === pageUrl) return;
        checked += 1;
        const text = $(element).text().replace(/\s+/g, ' ').trim();
        if (!text) return;
        if (isFullUrl(text) || isNonDescriptive(text, closestLang(element))) {
          evidence.push({ url, selector: openingTag(element), value: clip(text, 80), note: `Links to ${href.href}` });
        }
      });
      if (checked === 0) return { status: 'not_applicable' };
      return evidence.length > 0 ? { status: 'fail', evidence } : { status: 'pass' };
    },
    {
      many: 'have only descriptive link texts',
      one: 'has only descriptive link texts',
      none: 'No page has links to check',
    },
  );
}

// ---------------------------------------------------------------------------------------------
// crawlable-anchors

const HREF_ASSOCIATED_ATTRIBUTES = ['target', 'download', 'ping', 'rel', 'hreflang', 'type', 'referrerpolicy'];

/** Lighthouse's crawlable-anchors rule for one <a>: the reason it is not crawlable, or null. */
export function uncrawlableReason(element: Element, pageUrl: string): string | null {
  const attributes = element.attribs;
  const hasHref = 'href' in attributes;
  const rawHref = (attributes.href ?? '').replace(/\s/g, '');
  const name = (attributes.name ?? '').trim();
  const role = (attributes.role ?? '').trim();
  if (role.length > 0) return null;
  if (rawHref.startsWith('mailto:')) return null;
  if (rawHref === '' && attributes.id) return null;
  if (rawHref.startsWith('file:')) return 'Links to a local file';
  if (name.length > 0) return null;
  if (
    !hasHref &&
    !HREF_ASSOCIATED_ATTRIBUTES.some((attribute) => attribute in attributes) &&
    ['page', 'location'].includes(attributes['aria-current'] ?? '')
  ) {
    return null;
  }
  if (!hasHref) return attributes.onclick !== undefined ? 'No href (click handler only)' : 'No href';
  if (/javascript:void(\(|)0(\)|)/.test(rawHref)) return 'href is javascript:void(0)';
  if (!resolveUrl(rawHref, pageUrl)) return 'href is not a valid URL';
  return null;
}

export function checkCrawlableAnchors(pages: HtmlPage[]): CheckResult {
  return perPageCheck(
    seoCheck('crawlable-anchors', 'Links are crawlable'),
    pages,
    ({ url, $ }) => {
      const anchors = $('a').toArray();
      if (anchors.length === 0) return { status: 'not_applicable' };
      const evidence: Evidence[] = [];
      for (const anchor of anchors) {
        const reason = uncrawlableReason(anchor, url);
        if (reason)
          evidence.push({ url, selector: openingTag(anchor), value: clip($(anchor).text(), 80), note: reason });
      }
      return evidence.length > 0 ? { status: 'fail', evidence } : { status: 'pass' };
    },
    { many: 'have only crawlable links', one: 'has only crawlable links', none: 'No page has links to check' },
  );
}

// ---------------------------------------------------------------------------------------------
// image-alt (the axe-core rule Lighthouse uses, without layout)

function isAriaHidden(element: Element): boolean {
  let current: Element | null = element;
  while (current && current.type === 'tag') {
    if (current.attribs['aria-hidden'] === 'true' || 'hidden' in current.attribs) return true;
    current = current.parent as Element | null;
  }
  return false;
}

export function checkImageAlt(pages: HtmlPage[]): CheckResult {
  return perPageCheck(
    seoCheck('image-alt', 'Images have alt text'),
    pages,
    ({ url, $ }) => {
      const images = $('img')
        .toArray()
        .filter((image) => !isAriaHidden(image));
      if (images.length === 0) return { status: 'not_applicable' };
      const evidence: Evidence[] = [];
      for (const image of images) {
        const attributes = image.attribs;
        const role = (attributes.role ?? '').trim().toLowerCase();
        const labelledBy = (attributes['aria-labelledby'] ?? '')
          .split(/\s+/)
          .filter(Boolean)
          .some((id) =>
            $(`[id="${id.replace(/"/g, '\\"')}"]`)
              .text()
              .trim(),
          );
        const named =
          'alt' in attributes ||
          Boolean(attributes['aria-label']?.trim()) ||
          labelledBy ||
          Boolean(attributes.title?.trim()) ||
          role === 'none' ||
          role === 'presentation';
        if (!named)
          evidence.push({ url, selector: openingTag(image), value: attributes.src ?? null, note: 'No alt attribute' });
      }
      return evidence.length > 0 ? { status: 'fail', evidence } : { status: 'pass' };
    },
    {
      many: 'with images give every image alt text',
      one: 'gives every image alt text',
      oneOfMany: 'with images gives every image alt text',
      none: 'No page has images',
    },
  );
}

// ---------------------------------------------------------------------------------------------
// ours: viewport, html-has-lang, headings, structured-data

export function checkViewport(pages: HtmlPage[]): CheckResult {
  return perPageCheck(
    seoCheck('viewport', 'Pages have a mobile viewport'),
    pages,
    ({ url, $ }) => {
      const meta = $('meta[name="viewport" i]').first();
      const content = meta.attr('content') ?? '';
      const widthDeviceWidth = content
        .split(/[,;]/)
        .map((part) => part.replace(/\s/g, '').toLowerCase())
        .includes('width=device-width');
      if (widthDeviceWidth) return { status: 'pass' };
      return {
        status: 'fail',
        evidence: [
          {
            url,
            selector: meta.length ? openingTag(meta.get(0)!) : 'meta[name=viewport]',
            value: meta.length ? content : null,
            note: meta.length ? 'No width=device-width' : 'No viewport meta tag',
          },
        ],
      };
    },
    {
      many: 'have a viewport meta tag with width=device-width',
      one: 'has a viewport meta tag with width=device-width',
      none: 'No HTML page to check',
    },
  );
}

export function checkHtmlHasLang(pages: HtmlPage[]): CheckResult {
  return perPageCheck(
    seoCheck('html-has-lang', 'Pages declare their language'),
    pages,
    ({ url, $ }) => {
      const lang = ($('html').attr('lang') ?? '').trim();
      if (lang && isValidLanguageCode(lang.split('-')[0]!))
        return { status: 'pass', evidence: [{ url, selector: 'html[lang]', value: lang }] };
      return {
        status: 'fail',
        evidence: [
          {
            url,
            selector: 'html',
            value: lang || null,
            note: lang ? 'Not a known language code' : 'No lang attribute',
          },
        ],
      };
    },
    {
      many: 'declare a valid language on <html>',
      one: 'declares a valid language on <html>',
      none: 'No HTML page to check',
    },
  );
}

export function checkHeadings(pages: HtmlPage[]): CheckResult {
  return perPageCheck(
    seoCheck('headings', 'Pages have one h1 and no skipped heading levels'),
    pages,
    ({ url, $ }) => {
      const headings = $('h1, h2, h3, h4, h5, h6').toArray();
      const evidence: Evidence[] = [];
      const h1s = headings.filter((heading) => heading.name === 'h1');
      if (h1s.length !== 1) {
        evidence.push({
          url,
          selector: 'h1',
          value: h1s.length,
          note:
            h1s.length === 0
              ? 'No h1 heading'
              : `${h1s.length} h1 headings: ${h1s.map((h) => `"${clip($(h).text(), 40)}"`).join(', ')}`,
        });
      }
      let previous = 0;
      for (const heading of headings) {
        const level = Number(heading.name.slice(1));
        if (previous > 0 && level > previous + 1) {
          evidence.push({
            url,
            selector: openingTag(heading),
            value: `h${previous} → h${level}`,
            note: `Skips a level: "${clip($(heading).text(), 60)}"`,
          });
        }
        previous = level;
      }
      return evidence.length > 0 ? { status: 'fail', evidence } : { status: 'pass' };
    },
    {
      many: 'have exactly one h1 and no skipped heading levels',
      one: 'has exactly one h1 and no skipped heading levels',
      none: 'No HTML page to check',
    },
  );
}
