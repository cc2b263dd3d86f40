/**
 * A site that builds its pages in the browser (tests/fixtures/spa-site, see its README) on
 * 127.0.0.1, on a free port: files as they are (robots.txt and the sitemap with `{{origin}}`
 * replaced), `/api/content.json` for the page data, and the app's shell for every other address
 * without a file extension, as a single-page app's server answers. Missing files answer 404.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SPA_SITE_DIR = fileURLToPath(new URL('../fixtures/spa-site/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export type SpaSite = {
  /** http://127.0.0.1:<port> (no trailing slash) */
  url: string;
  /** paths requested so far, in order */
  requests: string[];
  close(): Promise<void>;
};

function fileFor(pathname: string): string | null {
  if (pathname === '/api/content.json') return 'content.json';
  if (extname(pathname) === '') return 'index.html';
  if (pathname === '/README.md') return null;
  return decodeURIComponent(pathname).slice(1);
}

export async function startSpaSite(): Promise<SpaSite> {
  const requests: string[] = [];
  let origin = '';
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    const name = fileFor(new URL(path, 'http://spa.invalid').pathname);
    const file = name === null ? null : normalize(join(SPA_SITE_DIR, name));
    const type = file ? TYPES[extname(file)] : undefined;
    if (!file || !type || !file.startsWith(SPA_SITE_DIR)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    readFile(file).then(
      (content) => {
        const body = Buffer.from(content.toString('utf8').replaceAll('{{origin}}', origin), 'utf8');
        response.writeHead(200, { 'content-type': type, 'content-length': body.length }).end(body);
      },
      () => response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
