/**
 * A folder of fixture files served as they are on 127.0.0.1, on a free port (HTML, CSS and text;
 * `/` is index.html; anything else 404). For benchmarks and tests that need a second small site.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export async function startStaticSite(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const root = normalize(dir.endsWith('/') ? dir : `${dir}/`);
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://static.invalid').pathname;
    const file = normalize(join(root, pathname === '/' ? 'index.html' : decodeURIComponent(pathname)));
    const type = TYPES[extname(file)];
    if (!file.startsWith(root) || !type) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    readFile(file).then(
      (body) => response.writeHead(200, { 'content-type': type, 'content-length': body.length }).end(body),
      () => response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
