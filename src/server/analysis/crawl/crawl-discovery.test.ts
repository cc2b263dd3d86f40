import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import { crawlSite } from '../crawler.ts';
import { extractLinks } from './links.ts';
import { sitemapCandidates } from './site-files.ts';

/** A site on 127.0.0.1 answering `routes` (path without query → [status, type, body]); the rest 404. */
async function startSite(routes: (origin: string) => Record<string, [number, string, string]>) {
  const requested: string[] = [];
  let origin = '';
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    requested.push(path);
    const route = routes(origin)[path.split('?')[0]!];
    response.writeHead(route?.[0] ?? 404, { 'content-type': route?.[1] ?? 'text/plain' });
    response.end(route?.[2] ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requested,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const html = (body: string): [number, string, string] => [
  200,
  'text/html; charset=utf-8',
  `<!doctype html><html lang="en"><head><title>Page</title></head><body>${body}</body></html>`,
];

describe('GET forms lead to pages', () => {
  it('submits each GET form as it stands, once per submit button, and never a POST form', () => {
    const links = extractLinks(
      `<form action="/search" role="search"><input name="q"><input type="hidden" name="lang" value="en">
         <input type="checkbox" name="stock" value="1" checked><input type="checkbox" name="sale">
         <select name="sort"><option value="price">Price</option><option value="new" selected>New</option></select>
         <input name="off" disabled><button>Search</button>
         <button name="view" value="grid" formaction="/search/grid">Grid</button></form>
       <form method="post" action="/subscribe"><input name="email"><button>Join</button></form>
       <form><select name="page"><option>2</option></select></form>
       <form method="GET" action="https://elsewhere.example/find#x"><input type="submit" name="go" value="Go"></form>`,
      'https://example.com/shop/list?page=1',
    );
    expect(links.forms).toEqual([
      'https://example.com/search?q=&lang=en&stock=1&sort=new',
      'https://example.com/search/grid?q=&lang=en&stock=1&sort=new&view=grid',
      'https://example.com/shop/list?page=2',
      'https://elsewhere.example/find?go=Go',
    ]);
  });

  it('crawls a search page that no link leads to', async () => {
    const site = await startSite(() => ({
      '/': html('<form action="/search"><label>Find <input name="q" type="search"></label></form>'),
      '/search': html('<h1>Results</h1><a href="/result/1">First result</a>'),
      '/result/1': html('<h1>A result</h1>'),
    }));
    try {
      const snapshot = await crawlSite(site.origin, { allowLoopback: true });
      expect(snapshot.pages.map((page) => page.url.slice(site.origin.length))).toEqual([
        '/',
        '/search?q=',
        '/result/1',
      ]);
    } finally {
      await site.close();
    }
  });
});

describe('the sitemap named by a relative Sitemap line', () => {
  it('resolves the line against the site and falls back to /sitemap.xml', () => {
    const robots = robotsParser('https://a.example/robots.txt', 'User-agent: *\nSitemap: /maps/site.xml\n');
    expect(sitemapCandidates(robots, 'https://a.example')).toEqual([
      'https://a.example/maps/site.xml',
      'https://a.example/sitemap.xml',
    ]);
  });

  it('reads /sitemap.xml when the named sitemap is missing, without a crawl problem', async () => {
    const site = await startSite((origin) => ({
      '/': html('<p>Home</p>'),
      '/robots.txt': [200, 'text/plain', 'User-agent: *\nDisallow:\nSitemap: sitemaps/missing.xml\n'],
      '/sitemap.xml': [
        200,
        'application/xml',
        `<urlset><url><loc>${origin}/</loc></url><url><loc>${origin}/listed</loc></url></urlset>`,
      ],
      '/listed': html('<p>Listed</p>'),
    }));
    try {
      const snapshot = await crawlSite(site.origin, { allowLoopback: true });
      expect(site.requested).toContain('/sitemaps/missing.xml');
      expect(snapshot.sitemap).toMatchObject({ url: `${site.origin}/sitemap.xml`, status: 200 });
      expect(snapshot.pages.map((page) => page.url)).toContain(`${site.origin}/listed`);
      expect(snapshot.problems).toEqual([]);
    } finally {
      await site.close();
    }
  });
});

describe('crawl progress on a site linked one page at a time', () => {
  it('reports pages fetched against pages found, never the end before it', async () => {
    const site = await startSite(() => ({
      '/': html('<a href="/1">next</a>'),
      '/1': html('<a href="/2">next</a>'),
      '/2': html('<a href="/3">next</a>'),
      '/3': html('<p>The end</p>'),
    }));
    try {
      const progress: [number, number][] = [];
      await crawlSite(site.origin, {
        allowLoopback: true,
        onProgress: (fetched, found) => {
          progress.push([fetched, found]);
        },
      });
      expect(progress).toEqual([
        [1, 2],
        [2, 3],
        [3, 4],
        [4, 4],
      ]);
    } finally {
      await site.close();
    }
  });
});
