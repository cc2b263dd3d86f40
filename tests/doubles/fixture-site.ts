/**
 * The fixture web site (tests/fixtures/site, faults listed in FAULTS.md) on 127.0.0.1, on a free
 * port, for crawler and audit tests. Text files have `{{origin}}` replaced by the site's origin
 * (http://127.0.0.1:<port>) so canonical links, the sitemap and robots.txt hold absolute URLs.
 *
 * Routes besides the files:
 * - /old → 301 → /older → 302 → /about.html (a redirect chain; no page links to it)
 * - /slow.html answers after `slowMs` (12 s by default: longer than the crawler's 10 s page limit)
 * - /huge.html is a 6 MB HTML page (over the crawler's 5 MB limit)
 * - /redirect-to-private → 302 → http://10.0.0.1/ (must be refused on the hop; no page links to it)
 * - anything else missing → 404 with tests/fixtures/site/404.html
 */
import { readFile } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURE_SITE_DIR = fileURLToPath(new URL('../fixtures/site/', import.meta.url));

export type FixtureSiteOptions = {
  /** how long /slow.html takes to answer; default 12 000 ms */
  slowMs?: number;
  /** size of /huge.html; default 6 MB */
  hugeBytes?: number;
};

export type FixtureSite = {
  /** http://127.0.0.1:<port> (no trailing slash) */
  url: string;
  /** paths (with query) requested so far, in order */
  requests: string[];
  close(): Promise<void>;
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};
const TEMPLATED = new Set(['.html', '.css', '.xml', '.txt']);
/** served at their route only, never as plain files */
const NOT_SERVED = new Set(['/FAULTS.md', '/404.html', '/slow.html']);

export async function startFixtureSite(options: FixtureSiteOptions = {}): Promise<FixtureSite> {
  const slowMs = options.slowMs ?? 12_000;
  const hugeBytes = options.hugeBytes ?? 6 * 1024 * 1024;
  const requests: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let origin = '';

  const readTemplated = async (file: string): Promise<Buffer> => {
    const content = await readFile(file);
    if (!TEMPLATED.has(extname(file))) return content;
    // Feed dates are relative to today, so posting-frequency checks measure the same gaps whenever they run.
    const text = content
      .toString('utf8')
      .replaceAll('{{origin}}', origin)
      .replace(/\{\{daysAgo:(\d+)\}\}/g, (_, days: string) =>
        new Date(Date.now() - Number(days) * 86_400_000 + 9 * 3_600_000).toUTCString(),
      );
    return Buffer.from(text, 'utf8');
  };

  const send = (response: ServerResponse, status: number, type: string, body: Buffer) => {
    response.writeHead(status, { 'content-type': type, 'content-length': body.length });
    response.end(body);
  };

  const notFound = async (response: ServerResponse) => {
    send(response, 404, CONTENT_TYPES['.html']!, await readTemplated(join(FIXTURE_SITE_DIR, '404.html')));
  };

  const redirect = (response: ServerResponse, status: number, location: string) => {
    response.writeHead(status, { location, 'content-type': 'text/plain; charset=utf-8' });
    response.end(`Moved to ${location}`);
  };

  const serveHuge = (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': CONTENT_TYPES['.html']! });
    const head =
      '<!doctype html><html lang="en"><head><title>Full catalogue</title></head><body><main><h1>Catalogue</h1>';
    const line = `<p>${'Northwind Roasters single-origin coffee. '.repeat(24)}</p>\n`;
    let written = 0;
    response.write(head);
    written += head.length;
    const pump = () => {
      while (written < hugeBytes && !response.destroyed) {
        written += line.length;
        if (!response.write(line)) {
          response.once('drain', pump);
          return;
        }
      }
      if (!response.destroyed) response.end('</main></body></html>');
    };
    pump();
  };

  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    const pathname = new URL(path, 'http://fixture.invalid').pathname;
    void (async () => {
      switch (pathname) {
        case '/old':
          return redirect(response, 301, '/older');
        case '/older':
          return redirect(response, 302, '/about.html');
        case '/redirect-to-private':
          return redirect(response, 302, 'http://10.0.0.1/');
        case '/huge.html':
          return serveHuge(response);
        case '/slow.html': {
          const body = await readTemplated(join(FIXTURE_SITE_DIR, 'slow.html'));
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (!response.destroyed) send(response, 200, CONTENT_TYPES['.html']!, body);
          }, slowMs);
          timers.add(timer);
          response.on('close', () => {
            clearTimeout(timer);
            timers.delete(timer);
          });
          return;
        }
      }
      const relative = pathname === '/' ? '/index.html' : decodeURIComponent(pathname);
      const file = normalize(join(FIXTURE_SITE_DIR, relative));
      if (!file.startsWith(FIXTURE_SITE_DIR) || NOT_SERVED.has(relative) || relative.includes(`${sep}.`)) {
        return notFound(response);
      }
      const type = CONTENT_TYPES[extname(file)];
      if (!type) return notFound(response);
      try {
        send(response, 200, type, await readTemplated(file));
      } catch {
        await notFound(response);
      }
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
