import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../tests/doubles/fixture-site.ts';
import {
  CrawlFailedError,
  crawlSite,
  decodeHtml,
  extractLinks,
  normaliseStartUrl,
  pageCandidate,
  parseSitemap,
} from './crawler.ts';
import type { SiteSnapshot } from './types.ts';

/** The rejection of `promise`, which must be a CrawlFailedError. */
async function crawlFailure(promise: Promise<unknown>): Promise<CrawlFailedError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CrawlFailedError);
    return error as CrawlFailedError;
  }
  throw new Error('expected the crawl to fail');
}

let site: FixtureSite;

beforeAll(async () => {
  // /slow.html answers after 5 s; the crawls below give up on it long before.
  site = await startFixtureSite({ slowMs: 5_000 });
});

afterAll(async () => {
  await site.close();
});

describe('crawlSite on the fixture site', () => {
  let snapshot: SiteSnapshot;
  const progress: [number, number][] = [];

  beforeAll(async () => {
    snapshot = await crawlSite(site.url, {
      allowLoopback: true,
      // long enough for the 6 MB page to stream past its 5 MB limit on a busy machine
      pageTimeoutMs: 2_000,
      onProgress: (done, planned) => {
        progress.push([done, planned]);
      },
    });
  });

  it('finds the home page and the linked and listed pages, breadth-first, keeping the 404', () => {
    expect(snapshot.startUrl).toBe(`${site.url}/`);
    expect(snapshot.origin).toBe(site.url);
    expect(snapshot.pages.map((page) => [page.url.slice(site.url.length), page.status])).toEqual([
      ['/', 200],
      ['/about.html', 200],
      ['/products.html', 200],
      ['/contact.html', 200],
      ['/blog.html', 200],
      ['/missing.html', 404],
    ]);
    const home = snapshot.pages[0]!;
    expect(home.finalUrl).toBe(`${site.url}/`);
    expect(home.contentType).toBe('text/html; charset=utf-8');
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.html).toContain('<title>Northwind Roasters – Small-batch coffee from Leeds</title>');
    expect(home.html).toContain(`<link rel="canonical" href="${site.url}/" />`);
    expect(home.bytes).toBe(Buffer.byteLength(home.html!, 'utf8'));
    expect(home.redirects).toEqual([]);
    const products = snapshot.pages.find((page) => page.url.endsWith('/products.html'))!;
    expect(products.html).not.toContain('<title>');
  });

  it('skips fragments, tracking parameters, mail and phone links, files and other sites', () => {
    const paths = site.requests.map((request) => request.split('?')[0]);
    expect(site.requests.filter((request) => request.startsWith('/blog.html'))).toEqual(['/blog.html']);
    expect(site.requests.filter((request) => request === '/')).toHaveLength(1);
    expect(paths).not.toContain('/brochure.pdf');
    expect(snapshot.pages.every((page) => page.url.startsWith(site.url))).toBe(true);
  });

  it('respects robots.txt: the disallowed page is listed and never requested', () => {
    expect(snapshot.robotsTxt).toMatchObject({ url: `${site.url}/robots.txt`, status: 200 });
    expect(snapshot.robotsTxt?.body).toContain('Disallow: /private/');
    expect(snapshot.disallowedByRobots).toEqual([`${site.url}/private/secret.html`]);
    expect(site.requests.some((request) => request.startsWith('/private/'))).toBe(false);
  });

  it('reads the sitemap named in robots.txt', () => {
    expect(snapshot.sitemap).toMatchObject({ url: `${site.url}/sitemap.xml`, status: 200 });
    expect(snapshot.sitemap?.urls).toEqual(
      ['/', '/about.html', '/products.html', '/contact.html', '/blog.html', '/slow.html', '/huge.html'].map(
        (path) => `${site.url}${path}`,
      ),
    );
  });

  it('records the slow page and the oversize page as problems and keeps going', () => {
    expect(snapshot.problems).toEqual([
      { url: `${site.url}/slow.html`, reason: `Gave up on ${site.url}/slow.html after 2 s` },
      { url: `${site.url}/huge.html`, reason: `${site.url}/huge.html is larger than 5 MB` },
    ]);
  });

  it('fetches the linked stylesheets and the feed', () => {
    expect(snapshot.stylesheets.map((sheet) => sheet.url)).toEqual([
      `${site.url}/styles/main.css`,
      `${site.url}/styles/home.css`,
    ]);
    expect(snapshot.stylesheets[0]).toMatchObject({ status: 200, contentType: 'text/css; charset=utf-8' });
    expect(snapshot.stylesheets[0]?.body).toContain('font-family: "Inter", sans-serif;');
    expect(snapshot.stylesheets[0]?.body).toContain('font-family: "Playfair Display", Georgia, serif;');
    expect(snapshot.stylesheets[1]?.body).toContain('font-family: "Comic Sans MS", cursive;');
    expect(snapshot.feeds.map((feed) => feed.url)).toEqual([`${site.url}/feed.xml`]);
    expect(snapshot.feeds[0]?.body?.match(/<pubDate>/g)).toHaveLength(6);
  });

  it('reports progress as pages fetched against pages found, after every page', () => {
    // the home page, then the 7 pages its links and the sitemap lead to (the disallowed one is not counted)
    expect(progress[0]).toEqual([1, 8]);
    expect(progress.map(([fetched]) => fetched)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(progress.every(([, found]) => found === 8)).toBe(true);
  });

  it('is JSON and records when and how long', () => {
    expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
    expect(Date.parse(snapshot.startedAt)).toBeGreaterThan(0);
    expect(snapshot.durationMs).toBeGreaterThanOrEqual(0);
  });
});

describe('crawlSite limits', () => {
  it('stops at maxPages pages after the home page', async () => {
    const before = site.requests.length;
    const snapshot = await crawlSite(site.url, { allowLoopback: true, maxPages: 2, pageTimeoutMs: 400 });
    expect(snapshot.pages.map((page) => page.url.slice(site.url.length))).toEqual([
      '/',
      '/about.html',
      '/products.html',
    ]);
    const requested = site.requests.slice(before);
    expect(requested).not.toContain('/contact.html');
    expect(requested).not.toContain('/slow.html');
  });

  it('records the home page redirect chain and takes the origin after it', async () => {
    const snapshot = await crawlSite(`${site.url}/old`, { allowLoopback: true, maxPages: 0 });
    expect(snapshot.startUrl).toBe(`${site.url}/old`);
    expect(snapshot.origin).toBe(site.url);
    expect(snapshot.pages).toHaveLength(1);
    expect(snapshot.pages[0]).toMatchObject({
      url: `${site.url}/old`,
      finalUrl: `${site.url}/about.html`,
      status: 200,
      redirects: [
        { from: `${site.url}/old`, to: `${site.url}/older`, status: 301 },
        { from: `${site.url}/older`, to: `${site.url}/about.html`, status: 302 },
      ],
    });
  });

  it('stops at the total time limit and reports what it has', async () => {
    const started = performance.now();
    const snapshot = await crawlSite(site.url, { allowLoopback: true, pageTimeoutMs: 5_000, totalTimeoutMs: 1_000 });
    expect(performance.now() - started).toBeLessThan(2_500);
    expect(snapshot.pages[0]?.url).toBe(`${site.url}/`);
    expect(snapshot.problems).toContainEqual({
      url: `${site.url}/slow.html`,
      reason: `Stopped fetching ${site.url}/slow.html: the crawl reached its time limit of 1 s`,
    });
    expect(snapshot.problems.at(-1)).toEqual({
      url: site.url,
      reason: 'Stopped early: the crawl reached its time limit of 1 s',
    });
  });

  it('rejects with the reason of its signal when cancelled', async () => {
    const controller = new AbortController();
    const crawl = crawlSite(site.url, {
      allowLoopback: true,
      pageTimeoutMs: 5_000,
      signal: controller.signal,
      onProgress: (done) => {
        if (done === 3) controller.abort(new Error('audit cancelled'));
      },
    });
    await expect(crawl).rejects.toThrow('audit cancelled');
  });
});

describe('crawlSite refuses what it must not fetch (SSRF)', () => {
  it.each([
    ['http://127.0.0.1/', 'Refused to fetch http://127.0.0.1/: it points to a loopback address'],
    ['http://[::1]/', 'Refused to fetch http://[::1]/: it points to a loopback address'],
    ['127.0.0.1', 'Refused to fetch https://127.0.0.1/: it points to a loopback address'],
  ])('refuses %s without allowLoopback', async (url, message) => {
    expect((await crawlFailure(crawlSite(url))).message).toBe(message);
  });

  it('refuses localhost without allowLoopback', async () => {
    const error = await crawlFailure(crawlSite('http://localhost/'));
    expect(error.message).toMatch(/^Refused to fetch http:\/\/localhost\/: it points to a loopback address \(.+\)$/);
  });

  it('refuses the fixture site without allowLoopback', async () => {
    const error = await crawlFailure(crawlSite(site.url));
    expect(error.message).toBe(`Refused to fetch ${site.url}/: it points to a loopback address`);
  });

  it.each([
    ['http://10.0.0.1/', 'Refused to fetch http://10.0.0.1/: it points to a private network address'],
    [
      'http://169.254.169.254/latest/meta-data/',
      'Refused to fetch http://169.254.169.254/latest/meta-data/: it points to a cloud metadata address',
    ],
  ])('refuses %s even with allowLoopback', async (url, message) => {
    expect((await crawlFailure(crawlSite(url, { allowLoopback: true }))).message).toBe(message);
  });

  it('refuses a host name resolving to a private address', async () => {
    const error = await crawlFailure(
      crawlSite('brand.example', { allowLoopback: true, resolver: async () => ['192.168.1.10'] }),
    );
    expect(error.message).toBe(
      'Refused to fetch https://brand.example/: it points to a private network address (192.168.1.10)',
    );
  });

  it('refuses a page that redirects to a private address, on the hop', async () => {
    const error = await crawlFailure(crawlSite(`${site.url}/redirect-to-private`, { allowLoopback: true }));
    expect(error.message).toBe(
      `Refused to follow the redirect from ${site.url}/redirect-to-private to http://10.0.0.1/: it points to a private network address`,
    );
  });

  it('rejects what is not a web address', async () => {
    expect((await crawlFailure(crawlSite('ftp://example.com/'))).message).toBe(
      '"ftp://example.com/" is not a web address (it must start with http:// or https://)',
    );
    expect((await crawlFailure(crawlSite('http://exa mple.com'))).message).toBe(
      '"http://exa mple.com" is not a valid web address',
    );
  });
});

describe('crawlSite on a site with a sitemap index, another charset and query strings', () => {
  let server: Server;
  let origin: string;
  const requested: string[] = [];
  const page = (body: string) =>
    `<!doctype html><html lang="fr"><head><meta charset="windows-1252"><title>Caf\xe9</title></head><body>${body}</body></html>`;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '/';
      requested.push(path);
      const pathname = path.split('?')[0];
      const html = (body: string) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(Buffer.from(page(body), 'latin1'));
      };
      if (pathname === '/robots.txt') {
        response.writeHead(404);
        response.end();
      } else if (pathname === '/sitemap.xml') {
        response.writeHead(200, { 'content-type': 'application/xml' });
        response.end(
          `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/pages.xml.gz</loc></sitemap></sitemapindex>`,
        );
      } else if (pathname === '/pages.xml.gz') {
        response.writeHead(200, { 'content-type': 'application/gzip' });
        response.end(
          gzipSync(
            `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/menu?b=2&amp;a=1</loc></url></urlset>`,
          ),
        );
      } else if (pathname === '/') {
        html(
          [
            '<a href="/menu?a=1&b=2">menu</a>',
            '<a href="/menu?page=2">menu 2</a>',
            '<a href="/menu?page=3">menu 3</a>',
            '<a href="/menu?page=4">menu 4</a>',
            '<a href="/menu?a=1&b=2&utm_campaign=x#top">menu again</a>',
            '<a href="//other.example/">another site</a>',
            '<a href="javascript:void(0)">nothing</a>',
            '<a href="/photo.JPG">a photo</a>',
          ].join(''),
        );
      } else if (pathname === '/menu') {
        html('<p>Cr\xe8me br\xfbl\xe9e</p>');
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('follows the sitemap index to a gzipped sitemap, decodes windows-1252 and crawls a path with at most two query strings', async () => {
    const snapshot = await crawlSite(origin, { allowLoopback: true });
    expect(snapshot.robotsTxt).toEqual({
      url: `${origin}/robots.txt`,
      status: 404,
      contentType: null,
      body: null,
      bytes: 0,
    });
    expect(snapshot.sitemap?.url).toBe(`${origin}/sitemap.xml`);
    expect(snapshot.sitemap?.urls).toEqual([`${origin}/menu?b=2&a=1`]);
    expect(snapshot.pages.map((crawled) => crawled.url)).toEqual([
      `${origin}/`,
      `${origin}/menu?a=1&b=2`,
      `${origin}/menu?page=2`,
    ]);
    expect(snapshot.pages[1]?.html).toContain('<p>Crème brûlée</p>');
    expect(snapshot.pages[0]?.html).toContain('<title>Café</title>');
    expect(requested).not.toContain('/photo.JPG');
    expect(snapshot.problems).toEqual([]);
  });
});

describe('crawler helpers', () => {
  it('normalises a start URL', () => {
    expect(normaliseStartUrl('example.com').href).toBe('https://example.com/');
    expect(normaliseStartUrl('  Example.COM/shop#top ').href).toBe('https://example.com/shop');
    expect(normaliseStartUrl('http://example.com').href).toBe('http://example.com/');
  });

  it('decodes HTML with the charset of the header, then of the page, else UTF-8', () => {
    const latin = Buffer.from('<p>caf\xe9</p>', 'latin1');
    expect(decodeHtml(latin, 'text/html; charset=ISO-8859-1')).toBe('<p>café</p>');
    expect(decodeHtml(Buffer.concat([Buffer.from('<meta charset="iso-8859-1">'), latin]), 'text/html')).toContain(
      'café',
    );
    expect(decodeHtml(Buffer.from('<p>café</p>', 'utf8'), null)).toBe('<p>café</p>');
    expect(decodeHtml(Buffer.from('<p>café</p>', 'utf8'), 'text/html; charset=nonsense')).toBe('<p>café</p>');
  });

  it('extracts links, stylesheets and feeds against <base href>', () => {
    const links = extractLinks(
      `<base href="https://example.com/shop/">
       <link rel="stylesheet" href="main.css"><link rel="preload stylesheet" href="/x.css">
       <link rel="alternate" type="application/atom+xml" href="/atom.xml">
       <link rel="alternate" hreflang="fr" href="/fr/">
       <a href="item">item</a><a href="mailto:a@b.c">mail</a><a href="tel:1">tel</a><a>no href</a>`,
      'https://example.com/',
    );
    expect(links).toEqual({
      links: ['https://example.com/shop/item'],
      forms: [],
      stylesheets: ['https://example.com/shop/main.css', 'https://example.com/x.css'],
      feeds: ['https://example.com/atom.xml'],
    });
  });

  it('keys pages without fragments, tracking parameters or parameter order', () => {
    const origin = 'https://example.com';
    expect(pageCandidate('https://example.com/a?b=2&a=1&utm_source=x#f', origin)).toEqual({
      url: 'https://example.com/a?b=2&a=1',
      key: 'https://example.com/a?a=1&b=2',
      path: '/a',
    });
    expect(pageCandidate('https://example.com/?fbclid=1', origin)?.url).toBe('https://example.com/');
    expect(pageCandidate('https://other.com/', origin)).toBeNull();
    expect(pageCandidate('http://example.com/', origin)).toBeNull();
    expect(pageCandidate('https://example.com/file.pdf', origin)).toBeNull();
    expect(pageCandidate('https://example.com/page.html', origin)?.url).toBe('https://example.com/page.html');
    expect(pageCandidate('https://example.com/page.php', origin)?.url).toBe('https://example.com/page.php');
  });

  it('parses sitemaps and sitemap indexes', () => {
    expect(
      parseSitemap(
        '<urlset><url><loc> https://a.example/x?a=1&amp;b=2 </loc></url><url><loc>https://a.example/y</loc></url></urlset>',
      ),
    ).toEqual({ urls: ['https://a.example/x?a=1&b=2', 'https://a.example/y'], isIndex: false });
    expect(parseSitemap('<sitemapindex><sitemap><loc>https://a.example/s1.xml</loc></sitemap></sitemapindex>')).toEqual(
      {
        urls: ['https://a.example/s1.xml'],
        isIndex: true,
      },
    );
    expect(parseSitemap('not xml at all')).toEqual({ urls: [], isIndex: false });
  });
});
