/**
 * What a page leads to: its links, the targets of its GET forms (search and filter pages are often
 * reachable no other way), its stylesheets and feeds; and which of those URLs are pages to crawl.
 */
import { type Cheerio, type CheerioAPI, load } from 'cheerio';
import type { Element } from 'domhandler';

export type PageLinks = {
  links: string[];
  /** where the page's GET forms lead when submitted as they stand (each submit button once) */
  forms: string[];
  stylesheets: string[];
  feeds: string[];
};

export const NO_LINKS: PageLinks = { links: [], forms: [], stylesheets: [], feeds: [] };

/** Links to these are not pages. */
const NON_HTML_EXTENSIONS = new Set(
  (
    'pdf doc docx xls xlsx ppt pptx odt ods odp rtf csv txt xml json rss atom zip gz tgz rar 7z tar dmg exe msi apk ' +
    'jpg jpeg png gif webp avif svg ico bmp tif tiff heic mp3 wav ogg m4a mp4 m4v mov avi webm mkv ' +
    'css js mjs map woff woff2 ttf otf eot ics vcf'
  ).split(' '),
);

const TRACKING_PARAMS = /^(utm_.*|gclid|dclid|fbclid|msclkid|yclid|mc_cid|mc_eid|_ga|_gl|igshid|ref|ref_src)$/i;

/** Input types that never add a field to the submitted query. */
const NOT_SUBMITTED = new Set(['submit', 'button', 'reset', 'image', 'file']);

function resolver(base: string) {
  return (href: string | undefined): string | null => {
    if (href === undefined) return null;
    try {
      const url = new URL(href.trim(), base);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
      return null;
    }
  };
}

/** The name/value pairs a form submits as it stands, as a browser builds them (HTML's form data set). */
function formFields($: CheerioAPI, form: Cheerio<Element>): [string, string][] {
  const fields: [string, string][] = [];
  form.find('input[name], select[name], textarea[name]').each((_, element) => {
    const node = $(element);
    const name = node.attr('name') ?? '';
    if (!name || node.is('[disabled]') || node.closest('fieldset[disabled]').length > 0) return;
    if (element.name === 'select') {
      const options = node.find('option');
      const chosen = options.filter('[selected]');
      const picked = node.is('[multiple]') ? chosen.toArray() : [(chosen.length ? chosen : options).get(0)];
      for (const option of picked) if (option) fields.push([name, $(option).attr('value') ?? $(option).text().trim()]);
      return;
    }
    if (element.name === 'textarea') {
      fields.push([name, node.text()]);
      return;
    }
    const type = (node.attr('type') ?? 'text').toLowerCase();
    if (NOT_SUBMITTED.has(type)) return;
    if ((type === 'checkbox' || type === 'radio') && !node.is('[checked]')) return;
    fields.push([name, node.attr('value') ?? (type === 'checkbox' || type === 'radio' ? 'on' : '')]);
  });
  return fields;
}

/** Where each GET form of the page leads, once per distinct submit button (formaction, formmethod). */
function formTargets($: CheerioAPI, resolve: (href: string | undefined) => string | null, pageUrl: string): string[] {
  const targets: string[] = [];
  $('form').each((_, element) => {
    const form = $(element);
    const fields = formFields($, form);
    const submitters = form.find('button:not([type]), button[type=submit], input[type=submit], input[type=image]');
    const ways = submitters.length > 0 ? submitters.toArray().map((button) => $(button)) : [null];
    for (const submitter of ways) {
      const method = (submitter?.attr('formmethod') ?? form.attr('method') ?? 'get').trim().toLowerCase();
      if (method !== 'get') continue;
      // An empty action submits to the document itself (not to <base href>).
      const raw = submitter?.attr('formaction') ?? form.attr('action') ?? '';
      const action = raw.trim() ? resolve(raw) : pageUrl;
      if (!action) continue;
      const url = new URL(action);
      const data = [...fields];
      const submitterName = submitter?.attr('name');
      if (submitter && submitterName && submitter.attr('type') !== 'image') {
        data.push([submitterName, submitter.attr('value') ?? '']);
      }
      url.search = new URLSearchParams(data).toString();
      url.hash = '';
      if (!targets.includes(url.href)) targets.push(url.href);
    }
  });
  return targets;
}

/** Links, GET-form targets, stylesheets and feeds of a page, as absolute URLs in document order. */
export function extractLinks(html: string, pageUrl: string): PageLinks {
  return extractLinksFrom(load(html), pageUrl);
}

/** extractLinks for a page already parsed. */
export function extractLinksFrom($: CheerioAPI, pageUrl: string): PageLinks {
  let base = pageUrl;
  const baseHref = $('base[href]').first().attr('href');
  if (baseHref) {
    try {
      base = new URL(baseHref, pageUrl).href;
    } catch {
      // an invalid <base> is ignored, as browsers do
    }
  }
  const resolve = resolver(base);
  const collect = (selector: string, keep: (rel: string[], type: string) => boolean = () => true) => {
    const urls: string[] = [];
    $(selector).each((_, element) => {
      const node = $(element);
      const rel = (node.attr('rel') ?? '').toLowerCase().split(/\s+/);
      const type = (node.attr('type') ?? '').toLowerCase().trim();
      if (!keep(rel, type)) return;
      const url = resolve(node.attr('href'));
      if (url) urls.push(url);
    });
    return urls;
  };
  return {
    links: collect('a[href], area[href]'),
    forms: formTargets($, resolve, pageUrl),
    stylesheets: collect('link[href]', (rel) => rel.includes('stylesheet')),
    feeds: collect(
      'link[href]',
      (rel, type) => rel.includes('alternate') && (type === 'application/rss+xml' || type === 'application/atom+xml'),
    ),
  };
}

/**
 * The URL to crawl for a link, or null when it is not a same-origin page: fragments dropped,
 * tracking parameters removed, non-HTML files skipped. `key` identifies duplicates.
 */
export function pageCandidate(href: string, origin: string): { url: string; key: string; path: string } | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  url.hash = '';
  const extension = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
  if (extension && NON_HTML_EXTENSIONS.has(extension)) return null;
  for (const name of [...url.searchParams.keys()]) {
    if (TRACKING_PARAMS.test(name)) url.searchParams.delete(name);
  }
  if ([...url.searchParams.keys()].length === 0) url.search = '';
  const sorted = new URLSearchParams([...url.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const query = sorted.toString();
  return { url: url.href, key: `${url.origin}${url.pathname}${query ? `?${query}` : ''}`, path: url.pathname };
}
