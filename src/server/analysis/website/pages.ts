/**
 * The crawled pages the website checks look at, each parsed once with cheerio and shared by every
 * check (the parsed documents are read, never changed).
 */
import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { parsePage } from '../crawl/parsed-page.ts';
import type { CrawledPage, SiteSnapshot } from '../types.ts';

export { parsePage };

export type HtmlPage = {
  /** the URL the page answered at (after redirects) */
  url: string;
  page: CrawledPage;
  $: CheerioAPI;
};

/**
 * Pages that answered 200 with HTML, once each (two requested URLs may redirect to one page),
 * leaving out pages that build their content with scripts and could not be rendered: what they
 * would show is unknown, so they are not measured (render/not-measured.ts).
 */
export function htmlPagesOf(snapshot: SiteSnapshot): HtmlPage[] {
  const seen = new Set<string>();
  const pages: HtmlPage[] = [];
  for (const page of snapshot.pages) {
    if (page.status !== 200 || page.html === null || page.rendering?.status === 'not_rendered') continue;
    const url = page.finalUrl || page.url;
    if (seen.has(url)) continue;
    seen.add(url);
    pages.push({ url, page, $: parsePage(page) });
  }
  return pages;
}

/** The element's opening tag as written, shortened: `<a href="/x" onclick="go()">` */
export function openingTag(node: AnyNode, max = 160): string {
  if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') return '';
  const element = node as Element;
  const attributes = Object.entries(element.attribs)
    .map(([name, value]) => (value === '' ? name : `${name}="${value.replace(/"/g, '&quot;')}"`))
    .join(' ');
  const tag = `<${element.name}${attributes ? ` ${attributes}` : ''}>`;
  return tag.length > max ? `${tag.slice(0, max - 2)}…>` : tag;
}

/** The lower-cased attribute, or null when absent. */
export function attr(node: AnyNode, name: string): string | null {
  if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') return null;
  const value = (node as Element).attribs[name];
  return value === undefined ? null : value;
}

/** The value of the nearest `lang` attribute on the element or its ancestors. */
export function closestLang(node: AnyNode): string | null {
  let current: AnyNode | null = node;
  while (current) {
    const lang = attr(current, 'lang');
    if (lang?.trim()) return lang.trim();
    current = current.parent as AnyNode | null;
  }
  return null;
}

/** URL resolution that never throws. */
export function resolveUrl(href: string, base: string): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

export type LinkHeaderEntry = { href: string; rel: string[]; hreflang: string | null };

/** Parses an HTTP Link header: `<https://x/>; rel="canonical", <https://x/de/>; rel="alternate"; hreflang="de"` */
export function parseLinkHeader(value: string | undefined): LinkHeaderEntry[] {
  if (!value) return [];
  const entries: LinkHeaderEntry[] = [];
  const pattern = /<([^>]*)>((?:\s*;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g;
  for (const match of value.matchAll(pattern)) {
    const params = new Map<string, string>();
    for (const param of (match[2] ?? '').split(';')) {
      const [name, ...rest] = param.split('=');
      if (!name?.trim()) continue;
      params.set(name.trim().toLowerCase(), rest.join('=').trim().replace(/^"|"$/g, ''));
    }
    entries.push({
      href: match[1] ?? '',
      rel: (params.get('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean),
      hreflang: params.get('hreflang') ?? null,
    });
  }
  return entries;
}
