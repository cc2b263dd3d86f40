/**
 * Turning fetched answers into the snapshot's records: decoding text in its charset, telling HTML
 * from other answers, and reading the URLs out of a sitemap.
 */
import { load } from 'cheerio';
import type { SafeFetchResult } from '../fetch/safe-fetch.ts';
import type { CrawledPage, FetchedResource } from '../types.ts';

/** Decodes an HTML body: the Content-Type charset, else a BOM or <meta charset>, else UTF-8. */
export function decodeHtml(body: Buffer, contentType: string | null): string {
  return decodeText(body, contentType, true);
}

function decodeText(body: Buffer, contentType: string | null, sniffMeta: boolean): string {
  let label = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (!label) {
    if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) label = 'utf-8';
    else if (body[0] === 0xff && body[1] === 0xfe) label = 'utf-16le';
    else if (body[0] === 0xfe && body[1] === 0xff) label = 'utf-16be';
    else if (sniffMeta) {
      const head = body.subarray(0, 1024).toString('latin1');
      label =
        /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ??
        /<\?xml[^>]+encoding=["']([\w.:-]+)/i.exec(head)?.[1];
    }
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(body);
}

function isHtmlResponse(result: SafeFetchResult): boolean {
  const type = (result.contentType ?? '').toLowerCase();
  if (type) return type.includes('text/html') || type.includes('application/xhtml+xml');
  const head = result.body.subarray(0, 512).toString('latin1').trimStart().toLowerCase();
  return head.startsWith('<!doctype html') || head.startsWith('<html');
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/** A fetched file; `body` only for a 2xx answer. `sniffXml` reads an XML declaration's encoding. */
export function toResource(result: SafeFetchResult, sniffXml = false): FetchedResource {
  return {
    url: result.url,
    status: result.status,
    contentType: result.contentType,
    body: isSuccess(result.status) ? decodeText(result.body, result.contentType, sniffXml) : null,
    bytes: result.bytes,
  };
}

export function toPage(result: SafeFetchResult): CrawledPage {
  return {
    url: result.url,
    finalUrl: result.finalUrl,
    status: result.status,
    headers: result.headers,
    contentType: result.contentType,
    html: isHtmlResponse(result) ? decodeHtml(result.body, result.contentType) : null,
    redirects: result.redirects,
    fetchMs: result.fetchMs,
    bytes: result.bytes,
  };
}

/** Pulls <loc>s out of a sitemap (or sitemap index). */
export function parseSitemap(xml: string): { urls: string[]; isIndex: boolean } {
  const $ = load(xml, { xml: true });
  const isIndex = $('sitemapindex').length > 0;
  const urls: string[] = [];
  $(isIndex ? 'sitemap > loc' : 'url > loc').each((_, element) => {
    const text = $(element).text().trim();
    if (text) urls.push(text);
  });
  if (urls.length === 0) {
    $('loc').each((_, element) => {
      const text = $(element).text().trim();
      if (text) urls.push(text);
    });
  }
  return { urls, isIndex };
}
