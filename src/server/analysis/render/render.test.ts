/**
 * Rendering in headless Chromium (the browser the end-to-end tests use): the audit of a site that
 * builds itself in the browser, with and without a browser; what a rendered page may fetch; the
 * time and byte budgets; and that no Chromium process outlives the crawl.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../tests/doubles/fixture-site.ts';
import { type SpaSite, startSpaSite } from '../../../../tests/doubles/spa-site.ts';
import { crawlSite } from '../crawler.ts';
import { runAllChecks } from '../run-checks.ts';
import type { CheckResult, CrawledPage, SiteSnapshot } from '../types.ts';
import { createRenderer } from './renderer.ts';

/** Chromium processes this test process started that are still there (not reaped included). */
function chromiumChildren(): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const match = /^\d+ \((.*)\) (\S) (\d+)/.exec(fs.readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (match && Number(match[3]) === process.pid && /chrom/i.test(match[1] ?? '')) found.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

async function noChromiumLeft(): Promise<number[]> {
  const deadline = performance.now() + 5_000;
  let left = chromiumChildren();
  while (left.length > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve));
    left = chromiumChildren();
  }
  return left;
}

const brand = { colourPalette: null, fonts: null };
const byId = (checks: CheckResult[]) => Object.fromEntries(checks.map((check) => [check.id, check]));

let site: SpaSite;
beforeAll(async () => {
  site = await startSpaSite();
});
afterAll(async () => {
  await site.close();
});

describe('auditing a site that builds itself in the browser, with a browser', () => {
  let snapshot: SiteSnapshot;
  let checks: CheckResult[];
  let browserSeen = 0;

  beforeAll(async () => {
    snapshot = await crawlSite(site.url, {
      allowLoopback: true,
      render: { mode: 'auto' },
      onProgress: () => {
        browserSeen = Math.max(browserSeen, chromiumChildren().length);
      },
    });
    checks = (await runAllChecks({ snapshot, brand, logo: null })).checks;
  }, 60_000);

  it('renders every page and crawls the pages linked only from the rendered navigation', () => {
    expect(snapshot.pages.map((page) => [page.url.slice(site.url.length), page.rendering?.status])).toEqual([
      ['/', 'rendered'],
      ['/about', 'rendered'],
      ['/menu', 'rendered'],
    ]);
    expect(snapshot.pages[0]?.html).toContain('<h1>Fresh sourdough on the harbour, every morning</h1>');
    expect(snapshot.problems).toEqual([]);
  });

  it('finds the real fault that exists only after rendering: the menu photo without alt text', () => {
    const found = byId(checks);
    expect(found['seo.image-alt']).toMatchObject({ status: 'fail' });
    expect(found['seo.image-alt']?.evidence.map((item) => item.url)).toEqual([`${site.url}/menu`]);
    expect(found['a11y.image-alt']).toMatchObject({ status: 'fail' });
  });

  it('raises none of the false alarms an empty shell gives', () => {
    const found = byId(checks);
    for (const id of [
      'seo.headings',
      'seo.document-title',
      'seo.meta-description',
      'seo.link-text',
      'a11y.landmark-one-main',
      'a11y.page-has-heading-one',
      'tone.readability',
    ]) {
      expect(found[id]?.status, id).toBe('pass');
    }
    const failing = checks.filter((check) => check.status === 'fail').map((check) => check.id);
    expect(failing).toEqual(['seo.image-alt', 'a11y.image-alt']);
  });

  it('started a browser and left no Chromium process running', async () => {
    expect(browserSeen).toBeGreaterThan(0);
    expect(await noChromiumLeft()).toEqual([]);
  });
});

describe('cancelling a crawl that has started a browser', () => {
  it('rejects with the reason and leaves no Chromium running', async () => {
    const cancel = new AbortController();
    const crawl = crawlSite(site.url, {
      allowLoopback: true,
      render: { mode: 'auto' },
      signal: cancel.signal,
      // After the home page was rendered, as the crawl turns to the pages it links to.
      onProgress: (fetched) => {
        if (fetched === 1) cancel.abort(new Error('cancelled by the test'));
      },
    });
    await expect(crawl).rejects.toThrow('cancelled by the test');
    expect(await noChromiumLeft()).toEqual([]);
  }, 30_000);
});

describe('auditing it without a browser', () => {
  it('fails no content check and says why on every one it could not measure', async () => {
    const snapshot = await crawlSite(site.url, { allowLoopback: true, render: { mode: 'auto', chromium: null } });
    expect(snapshot.pages.map((page) => page.rendering)).toEqual([
      { status: 'not_rendered', reason: 'no browser is installed on the server' },
    ]);
    const { checks } = await runAllChecks({ snapshot, brand, logo: null });
    expect(checks.filter((check) => check.status === 'fail')).toEqual([]);
    const found = byId(checks);
    for (const id of ['seo.headings', 'seo.image-alt', 'seo.hreflang', 'a11y.pages', 'tone.readability']) {
      expect(found[id]).toMatchObject({
        status: 'not_measured',
        summary: 'Not measured: this page builds its content with JavaScript',
      });
    }
    expect(found['seo.robots-txt']?.status).toBe('pass');
  });

  it('with rendering switched off, the reason says so', async () => {
    const snapshot = await crawlSite(site.url, { allowLoopback: true, render: { mode: 'never' } });
    expect(snapshot.pages[0]?.rendering).toEqual({
      status: 'not_rendered',
      reason: 'rendering is switched off for this audit',
    });
  });
});

describe('a server-rendered site', () => {
  let fixture: FixtureSite;
  beforeAll(async () => {
    fixture = await startFixtureSite({ slowMs: 100 });
  });
  afterAll(async () => {
    await fixture.close();
  });

  it('keeps the fast path: no page is rendered and no browser starts', async () => {
    let browserSeen = 0;
    const snapshot = await crawlSite(fixture.url, {
      allowLoopback: true,
      render: { mode: 'auto' },
      onProgress: () => {
        browserSeen = Math.max(browserSeen, chromiumChildren().length);
      },
    });
    expect(snapshot.pages.length).toBeGreaterThan(3);
    expect(snapshot.pages.filter((page) => page.rendering)).toEqual([]);
    expect(browserSeen).toBe(0);
  });

  it('with rendering always, renders every HTML page and crawls the same pages', async () => {
    const plain = await crawlSite(fixture.url, { allowLoopback: true, pageTimeoutMs: 2_000 });
    const always = await crawlSite(fixture.url, {
      allowLoopback: true,
      pageTimeoutMs: 2_000,
      render: { mode: 'always' },
    });
    expect(always.pages.map((page) => page.url)).toEqual(plain.pages.map((page) => page.url));
    const renderable = always.pages.filter((page) => page.status === 200 && page.html !== null);
    expect(renderable.length).toBeGreaterThan(3);
    expect(renderable.map((page) => page.rendering?.status)).toEqual(renderable.map(() => 'rendered'));
    expect(await noChromiumLeft()).toEqual([]);
  }, 60_000);
});

/** A page served from the SPA site's origin with this HTML, as the crawl would have fetched it. */
function crawled(path: string, html: string): CrawledPage {
  const url = `${site.url}${path}`;
  return {
    url,
    finalUrl: url,
    status: 200,
    headers: {},
    contentType: 'text/html',
    html,
    redirects: [],
    fetchMs: 1,
    bytes: html.length,
  };
}

describe('what a rendered page may fetch', () => {
  let sentinel: Server;
  let connections = 0;
  beforeAll(async () => {
    sentinel = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => sentinel.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => sentinel.close(() => resolve()));
  });

  it('refuses internal addresses the page asks for, and lets nothing else reach the network', async () => {
    const port = (sentinel.address() as AddressInfo).port;
    const here = `http://127.0.0.1:${port}`;
    const probe = `<!doctype html><html><head><link rel="preconnect" href="${here}"><link rel="stylesheet" href="${here}/x.css"></head>
<body><div id="root"></div><img src="${here}/pixel.png"><iframe src="${here}/frame"></iframe>
<script>
const outcome = (name, promise) => promise.then(() => name + ':fetched', () => name + ':refused');
try { new WebSocket('ws://127.0.0.1:${port}/'); } catch {}
try { navigator.sendBeacon('${here}/beacon', 'x'); } catch {}
Promise.all([
  outcome('metadata', fetch('http://169.254.169.254/latest/meta-data/')),
  outcome('internal', fetch('http://internal.test/admin')),
  outcome('private', fetch('http://10.0.0.1/')),
  outcome('post', fetch('${here}/post', { method: 'POST', body: 'x' })),
  outcome('data', fetch('/api/content.json')),
]).then((results) => { document.getElementById('root').textContent = results.join(' '); });
</script></body></html>`;
    const resolver = async (hostname: string) => (hostname === 'internal.test' ? ['10.1.2.3'] : []);
    const renderer = createRenderer({ allowLoopback: true, resolver });
    try {
      const outcome = await renderer.render(crawled('/probe', probe), new AbortController().signal);
      expect(outcome.rendering).toMatchObject({ status: 'rendered', requests: 1 });
      expect(outcome.html).toContain('metadata:refused internal:refused private:refused post:refused data:fetched');
      expect(outcome.rendering.status === 'rendered' && outcome.rendering.refused).toBeGreaterThanOrEqual(8);
    } finally {
      await renderer.close();
    }
    expect(connections).toBe(0);
    expect(await noChromiumLeft()).toEqual([]);
  }, 30_000);
});

describe('the budgets of a page', () => {
  it('a page still fetching when its time is up is not rendered, and says so', async () => {
    const busy = `<body><div id="root"></div><script>setInterval(() => fetch('/api/content.json'), 50);</script></body>`;
    const renderer = createRenderer({ allowLoopback: true, timeoutMs: 1_500 });
    try {
      const outcome = await renderer.render(crawled('/busy', busy), new AbortController().signal);
      expect(outcome).toEqual({
        rendering: { status: 'not_rendered', reason: 'it did not finish rendering within 1.5 s' },
      });
    } finally {
      await renderer.close();
    }
  }, 30_000);

  it('a page loading more than its bytes is not rendered, and says so', async () => {
    const renderer = createRenderer({ allowLoopback: true, maxBytes: 1_000 });
    try {
      const shell = fs.readFileSync(new URL('../../../../tests/fixtures/spa-site/index.html', import.meta.url), 'utf8');
      const outcome = await renderer.render(crawled('/', shell), new AbortController().signal);
      expect(outcome).toEqual({
        rendering: { status: 'not_rendered', reason: 'it loaded more than 1000 bytes while rendering' },
      });
    } finally {
      await renderer.close();
    }
    expect(await noChromiumLeft()).toEqual([]);
  }, 30_000);
});
