/**
 * A brand's website and the feeds about it, on 127.0.0.1 and a free port, for insight-source tests
 * and the discovery bench. Files come from tests/fixtures/insight-sources (pages/ at the root,
 * feeds/ under /feeds/), with `{{origin}}` replaced by the site's origin.
 *
 * Routes besides the files:
 * - /feeds/generated.xml?items=N: an RSS feed of N distinct reviews (review-sentences.ts), dated a
 *   day apart, each with a guid; at most 1,800
 * - /feeds/slow.xml?ms=N: feeds/rss2.xml after N ms (5 s by default)
 * - /feeds/nul-title.xml: an RSS feed whose title holds a NUL character (U+0000)
 * - /feeds/nul-items.xml: three items, the second with NUL characters in its title, text, guid
 *   and author
 * - /feeds/gone.xml: 404
 * - /feeds/broken-server.xml: 500
 * - anything else missing: 404
 */
import { readFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reviewerName, reviewTexts } from '../fixtures/insight-sources/review-sentences.ts';

export const INSIGHT_FIXTURES_DIR = fileURLToPath(new URL('../fixtures/insight-sources/', import.meta.url));

export type InsightSourcesSite = {
  /** http://127.0.0.1:<port> */
  url: string;
  /** paths (with query) requested so far, in order */
  requests: string[];
  close(): Promise<void>;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** An RSS 2.0 feed of `count` reviews, newest first. */
export function generatedFeed(origin: string, count: number): string {
  const newest = Date.UTC(2025, 5, 30, 9, 0, 0);
  const items = reviewTexts(count).map((review, index) => {
    const date = new Date(newest - index * 86_400_000).toUTCString();
    return `<item><title>${review.stars} stars from ${escapeXml(reviewerName(index))}</title><link>${origin}/reviews/generated/${index + 1}</link><guid isPermaLink="false">generated-${index + 1}</guid><pubDate>${date}</pubDate><dc:creator>${escapeXml(reviewerName(index))}</dc:creator><description>${escapeXml(`<p>${review.text}</p>`)}</description></item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Northwind Roasters customer reviews</title><link>${origin}/</link><description>Generated review feed</description>${items.join('')}</channel></rss>\n`;
}

/** Feeds carrying NUL characters, which PostgreSQL refuses in text. */
export function nulFeed(origin: string, which: 'title' | 'items'): string {
  const NUL = '\u0000';
  const item = (n: number, text: string, extra = '') =>
    `<item><title>${text}</title><link>${origin}/nul/${n}</link><guid isPermaLink="false">nul-${n}${extra}</guid><dc:creator>Reader ${n}${extra}</dc:creator><description>${text} at Northwind Roasters.</description></item>`;
  const title = which === 'title' ? `Northwind${NUL} Roasters news` : 'Northwind Roasters news';
  const items =
    which === 'title'
      ? item(1, 'Lovely flat white')
      : [item(1, 'Lovely flat white'), item(2, `Broken${NUL} espresso machine`, NUL), item(3, 'Great beans')].join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>${title}</title><link>${origin}/</link>${items}</channel></rss>\n`;
}

export async function startInsightSourcesSite(): Promise<InsightSourcesSite> {
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let origin = '';
  const send = (response: ServerResponse, status: number, type: string, body: string) => {
    const bytes = Buffer.from(body, 'utf8');
    response.writeHead(status, { 'content-type': type, 'content-length': bytes.length }).end(bytes);
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://double.invalid');
    requests.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/feeds/generated.xml') {
      const count = Math.min(1800, Math.max(0, Number(url.searchParams.get('items') ?? '10') || 0));
      return send(response, 200, 'application/rss+xml; charset=utf-8', generatedFeed(origin, count));
    }
    if (url.pathname === '/feeds/slow.xml') {
      const timer = setTimeout(
        () =>
          readFile(join(INSIGHT_FIXTURES_DIR, 'feeds/rss2.xml'), 'utf8').then((text) => {
            timers.delete(timer);
            if (!response.destroyed) send(response, 200, TYPES['.xml']!, text.replaceAll('{{origin}}', origin));
          }),
        Number(url.searchParams.get('ms') ?? '5000'),
      );
      timers.add(timer);
      return;
    }
    if (url.pathname === '/feeds/nul-title.xml' || url.pathname === '/feeds/nul-items.xml') {
      const which = url.pathname.includes('title') ? 'title' : 'items';
      return send(response, 200, 'application/rss+xml; charset=utf-8', nulFeed(origin, which));
    }
    if (url.pathname === '/feeds/gone.xml') return send(response, 404, 'text/plain', 'Not found');
    if (url.pathname === '/feeds/broken-server.xml') return send(response, 500, 'text/plain', 'Internal error');
    const relative = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1));
    const base = relative.startsWith('feeds/') ? INSIGHT_FIXTURES_DIR : join(INSIGHT_FIXTURES_DIR, 'pages');
    const file = normalize(join(base, relative));
    const type = TYPES[extname(file)];
    if (!file.startsWith(normalize(INSIGHT_FIXTURES_DIR)) || file.includes(`${sep}..${sep}`) || !type) {
      return send(response, 404, 'text/plain', 'Not found');
    }
    readFile(file, 'utf8').then(
      (text) => send(response, 200, type, text.replaceAll('{{origin}}', origin)),
      () => send(response, 404, 'text/plain', 'Not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
