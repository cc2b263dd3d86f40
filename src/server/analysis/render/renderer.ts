/**
 * Rendering pages in headless Chromium for the crawl: one browser per crawl, started on the first
 * page that needs it (a server-rendered site never starts one) and closed with the crawl. Each page
 * gets a fresh browser context whose requests are all intercepted (page-requests.ts); the page is
 * served the HTML the crawl already fetched, runs its scripts, and is read back once it has loaded
 * and its requests have been quiet for QUIET_MS (AFTER_LOAD_MS at least after the load), within a
 * time and byte budget.
 *
 * As a second wall, Chromium is pointed at a proxy that does not exist and resolves no host name,
 * so anything that slipped past interception (a WebSocket, a preconnect) goes nowhere.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { formatBytes, formatDuration, type Resolver } from '../fetch/safe-fetch.ts';
import type { CrawledPage, PageRendering } from '../types.ts';
import { CHROMIUM_FLAGS, type ChromiumBinary, findChromium } from './chromium.ts';
import { type PageRequests, pageRequests } from './page-requests.ts';

export const DEFAULT_RENDER_TIMEOUT_MS = 10_000;
export const DEFAULT_RENDER_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REQUESTS = 150;
/** requests quiet for this long: the page has built its content */
const QUIET_MS = 500;
/** at least this long after the load, for requests the page's scripts started as it loaded */
const AFTER_LOAD_MS = 250;
const LAUNCH_TIMEOUT_MS = 20_000;

const NOWHERE_FLAGS = [
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

export type RendererOptions = {
  allowLoopback?: boolean;
  resolver?: Resolver;
  /** undefined: find one (findChromium with chromiumPath); null: no browser available */
  chromium?: ChromiumBinary | null;
  chromiumPath?: string;
  timeoutMs?: number;
  maxBytes?: number;
};

export type RenderOutcome = { rendering: PageRendering; html?: string };

export type Renderer = {
  render(page: CrawledPage, signal: AbortSignal): Promise<RenderOutcome>;
  close(): Promise<void>;
};

export const NO_BROWSER_REASON = 'no browser is installed on the server';

type Launched = { browser: Browser } | { reason: string };

async function launch(options: RendererOptions): Promise<Launched> {
  const binary = options.chromium === undefined ? await findChromium(options.chromiumPath) : options.chromium;
  if (!binary) return { reason: NO_BROWSER_REASON };
  try {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: binary.executablePath,
      args: [...CHROMIUM_FLAGS, ...NOWHERE_FLAGS],
      env: binary.env ? { ...process.env, ...binary.env } : undefined,
      timeout: LAUNCH_TIMEOUT_MS,
    });
    return { browser };
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { reason: `the browser on the server could not start (${detail})` };
  }
}

type Quiet = {
  /** resolves once the page has loaded and no request has been under way for QUIET_MS */
  settled: Promise<void>;
  requestStarted(): void;
  requestEnded(): void;
  /** the page has loaded: from now on, QUIET_MS without requests means it is built */
  loaded(): void;
};

/** Watches the page's requests (all of them pass through interception) for the quiet that ends rendering. */
function whenQuiet(signal: AbortSignal): Quiet {
  let timer: NodeJS.Timeout | undefined;
  let pending = 0;
  let hasLoaded = false;
  let lastEnded = performance.now();
  let resolve!: () => void;
  const settled = new Promise<void>((done, fail) => {
    resolve = done;
    signal.addEventListener('abort', () => fail(signal.reason), { once: true });
  });
  // Awaited only once the page has loaded; a budget that ends before then must not go unhandled.
  settled.catch(() => {});
  signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  const armIfQuiet = (waitMs: number) => {
    clearTimeout(timer);
    if (hasLoaded && pending === 0) timer = setTimeout(resolve, waitMs);
  };
  return {
    settled,
    requestStarted: () => {
      pending += 1;
      clearTimeout(timer);
    },
    requestEnded: () => {
      pending -= 1;
      lastEnded = performance.now();
      armIfQuiet(QUIET_MS);
    },
    loaded: () => {
      hasLoaded = true;
      // Time already quiet before the load counts, but never less than AFTER_LOAD_MS from now.
      armIfQuiet(Math.max(AFTER_LOAD_MS, QUIET_MS - (performance.now() - lastEnded)));
    },
  };
}

async function openContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    serviceWorkers: 'block',
    acceptDownloads: false,
    viewport: { width: 1280, height: 800 },
    userAgent: 'Mozilla/5.0 (compatible; BrandlensBot/1.0; rendering)',
  });
}

type PageSession = { page: Page; requests: PageRequests; quiet: Quiet };

/** Intercepts every request of the context: the page itself from the crawl, the rest vetted. */
async function interceptRequests(context: BrowserContext, crawled: CrawledPage, session: PageSession) {
  let servedDocument = false;
  const handle = async (route: Route) => {
    const request = route.request();
    if (!servedDocument && request.isNavigationRequest() && request.frame() === session.page.mainFrame()) {
      servedDocument = true;
      const type = crawled.contentType ?? 'text/html; charset=utf-8';
      return route.fulfill({ status: 200, headers: { 'content-type': type }, body: crawled.html ?? '' });
    }
    session.quiet.requestStarted();
    try {
      const accept = request.headers().accept;
      const answer = await session.requests.answer(request.url(), request.resourceType(), request.method(), accept);
      if ('fulfil' in answer) await route.fulfill(answer.fulfil);
      else await route.abort('blockedbyclient');
    } finally {
      session.quiet.requestEnded();
    }
  };
  await context.route('**/*', (route) => handle(route).catch(() => {}));
  await context.routeWebSocket(/.*/, (socket) => socket.close());
}

function overBudgetReason(requests: PageRequests, maxBytes: number): string {
  if (requests.overBudget === 'too many requests') return `it made more than ${MAX_REQUESTS} requests while rendering`;
  return `it loaded more than ${formatBytes(maxBytes)} while rendering`;
}

async function renderIn(browser: Browser, crawled: CrawledPage, options: RendererOptions, signal: AbortSignal) {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_RENDER_MAX_BYTES;
  const budget = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
  const requests = pageRequests({
    allowLoopback: options.allowLoopback,
    resolver: options.resolver,
    signal: budget,
    maxBytes,
    maxRequests: MAX_REQUESTS,
    deadline: started + timeoutMs,
  });
  const context = await openContext(browser);
  // The budget's end closes the page at once, whatever it is waiting for.
  budget.addEventListener('abort', () => void context.close().catch(() => {}), { once: true });
  try {
    const session = { requests, quiet: whenQuiet(budget) } as PageSession;
    await interceptRequests(context, crawled, session);
    session.page = await context.newPage();
    session.page.setDefaultTimeout(timeoutMs);
    await session.page.goto(crawled.finalUrl, { waitUntil: 'load', timeout: timeoutMs });
    session.quiet.loaded();
    await session.quiet.settled;
    if (requests.overBudget) return notRendered(overBudgetReason(requests, maxBytes));
    const html = await session.page.content();
    const ms = Math.round(performance.now() - started);
    const rendering: PageRendering = {
      status: 'rendered',
      ms,
      requests: requests.fetched,
      refused: requests.refused.length,
      bytes: requests.bytes,
    };
    return { rendering, html };
  } catch (error) {
    // The crawl's own end (its time limit, or cancelling) is the crawl's to report.
    if (signal.aborted) return notRendered('the crawl stopped before the page finished rendering');
    if (budget.aborted) return notRendered(`it did not finish rendering within ${formatDuration(timeoutMs)}`);
    return notRendered(`it could not be rendered (${error instanceof Error ? error.message.split('\n')[0] : error})`);
  } finally {
    await context.close().catch(() => {});
  }
}

function notRendered(reason: string): RenderOutcome {
  return { rendering: { status: 'not_rendered', reason } };
}

/** A renderer for one crawl; `close` must be called (the crawl does it in its finally). */
export function createRenderer(options: RendererOptions): Renderer {
  let launched: Promise<Launched> | null = null;
  let closed = false;
  return {
    async render(page, signal) {
      if (closed) return notRendered('the crawl had ended');
      launched ??= launch(options);
      const outcome = await launched;
      if ('reason' in outcome) return notRendered(outcome.reason);
      return renderIn(outcome.browser, page, options, signal);
    },
    async close() {
      closed = true;
      const outcome = await launched;
      if (outcome && 'browser' in outcome) await outcome.browser.close().catch(() => {});
    },
  };
}
