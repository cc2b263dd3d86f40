/**
 * A competitor's website on 127.0.0.1 and a free port whose pages a test can change between
 * checks: `pages` maps a path to its HTML (`{{origin}}` replaced by the site's origin), and
 * `robotsTxt` is served at /robots.txt. Anything else is 404.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type CompetitorSite = {
  /** http://127.0.0.1:<port> */
  url: string;
  pages: Map<string, string>;
  robotsTxt: string;
  /** paths requested so far, in order */
  requests: string[];
  close(): Promise<void>;
};

export async function startCompetitorSite(pages: Record<string, string> = {}): Promise<CompetitorSite> {
  const site: CompetitorSite = {
    url: '',
    pages: new Map(Object.entries(pages)),
    robotsTxt: 'User-agent: *\nAllow: /\n',
    requests: [],
    close: async () => {},
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://double.invalid').pathname;
    site.requests.push(path);
    const html = path === '/robots.txt' ? site.robotsTxt : site.pages.get(path);
    if (html === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const body = Buffer.from(html.replaceAll('{{origin}}', site.url), 'utf8');
    const type = path === '/robots.txt' ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8';
    response.writeHead(200, { 'content-type': type, 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  site.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return site;
}

/** A small home page that links to its pricing page. */
export function homePage(headline: string, extra = ''): string {
  return `<!doctype html><html><head><title>Rival Roasters</title><script>var build = "${Math.random()}";</script></head><body>
<nav><a href="/">Home</a><a href="/about">About</a><a href="/pricing">Pricing</a></nav>
<main><h1>${headline}</h1><p>Freshly roasted coffee, delivered <strong>every week</strong>.</p>${extra}
<ul><li>Single origin beans</li><li>Free UK delivery</li></ul></main>
<footer>© Rival Roasters Ltd</footer></body></html>`;
}

export function pricingPage(prices: { name: string; price: string }[]): string {
  return `<!doctype html><html><head><title>Pricing</title></head><body><main><h1>Plans and prices</h1>
${prices.map((plan) => `<section><h2>${plan.name}</h2><p class="price">${plan.price} a month</p></section>`).join('\n')}
</main></body></html>`;
}
