/**
 * Rendering pages in headless Chromium for the crawl: one browser per crawl, started on the first
 * page that needs it (a server-rendered site never starts one) and closed with the crawl. Each page
 * gets a tab in a fresh browser context whose requests are all intercepted (tabs.ts,
 * page-requests.ts); the page is served the HTML the crawl already fetched, runs its scripts, and is
 * read back once it has loaded and its requests have been quiet (quiet.ts), within a time and byte
 * budget.
 *
 * As a second wall, Chromium is pointed at a proxy that does not exist and resolves no host name,
 * so anything that slipped past interception (a WebSocket, a preconnect) goes nowhere. WebRTC,
 * which would send UDP of its own, is removed from the page and kept off the network (no-webrtc.ts).
 */
import type { Browser } from 'playwright-core';
import { formatBytes, formatDuration, type Resolver } from '../fetch/safe-fetch.ts';
import type { CrawledPage, PageRendering } from '../types.ts';
import { CHROMIUM_FLAGS, type ChromiumBinary, findChromium } from './chromium.ts';
import { WEBRTC_OFF_FLAGS } from './no-webrtc.ts';
import { type PageRequests, pageRequests } from './page-requests.ts';
import { whenQuiet } from './quiet.ts';
import { openTab, type Tab } from './tabs.ts';

export const DEFAULT_RENDER_TIMEOUT_MS = 10_000;
export const DEFAULT_RENDER_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REQUESTS = 150;
const LAUNCH_TIMEOUT_MS = 20_000;

const NOWHERE_FLAGS = [
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  ...WEBRTC_OFF_FLAGS,
];

/** What the rendering Chromium is launched with. */
export const RENDERING_FLAGS = [...CHROMIUM_FLAGS, ...NOWHERE_FLAGS];

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
      args: RENDERING_FLAGS,
      env: binary.env ? { ...process.env, ...binary.env } : undefined,
      timeout: LAUNCH_TIMEOUT_MS,
    });
    return { browser };
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { reason: `the browser on the server could not start (${detail})` };
  }
}

function overBudgetReason(requests: PageRequests, maxBytes: number): string {
  if (requests.overBudget === 'too many requests') return `it made more than ${MAX_REQUESTS} requests while rendering`;
  return `it loaded more than ${formatBytes(maxBytes)} while rendering`;
}

function renderedFacts(requests: PageRequests, started: number): PageRendering {
  return {
    status: 'rendered',
    ms: Math.round(performance.now() - started),
    requests: requests.fetched,
    refused: requests.refused.length,
    bytes: requests.bytes,
  };
}

async function renderIn(browser: Browser, crawled: CrawledPage, options: RendererOptions, signal: AbortSignal) {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_RENDER_MAX_BYTES;
  // A timer and controller of our own: an AbortSignal.timeout inside AbortSignal.any can be garbage
  // collected before it fires (nodejs/node#57736), and the page would then render for ever.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('render time budget')), timeoutMs);
  const budget = AbortSignal.any([signal, deadline.signal]);
  const requests = pageRequests({
    allowLoopback: options.allowLoopback,
    resolver: options.resolver,
    signal: budget,
    maxBytes,
    maxRequests: MAX_REQUESTS,
    deadline: started + timeoutMs,
  });
  let tab: Tab | undefined;
  try {
    tab = await openTab(browser);
    const opened = tab;
    // The budget's end closes the page at once, whatever it is waiting for. It can end while the
    // tab opens (a busy machine): the listener would then never fire and a page that never goes
    // quiet would be waited for without end.
    budget.throwIfAborted();
    budget.addEventListener('abort', () => void opened.close(), { once: true });
    const quiet = whenQuiet(budget);
    tab.use({ crawled, requests, quiet });
    await tab.page.goto(crawled.finalUrl, { waitUntil: 'load', timeout: timeoutMs });
    quiet.loaded();
    await quiet.settled;
    if (requests.overBudget) return notRendered(overBudgetReason(requests, maxBytes));
    return { rendering: renderedFacts(requests, started), html: await tab.page.content() };
  } catch (error) {
    // The crawl's own end (its time limit, or cancelling) is the crawl's to report.
    if (signal.aborted) return notRendered('the crawl stopped before the page finished rendering');
    if (budget.aborted) return notRendered(`it did not finish rendering within ${formatDuration(timeoutMs)}`);
    return notRendered(`it could not be rendered (${error instanceof Error ? error.message.split('\n')[0] : error})`);
  } finally {
    clearTimeout(timer);
    await tab?.close();
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
