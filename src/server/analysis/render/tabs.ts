/**
 * A browser tab for rendering one page, in a context of its own (no cookies or storage shared
 * between pages), with every request intercepted and no WebRTC in its documents (no-webrtc.ts).
 * (Opening tabs ahead of the pages was tried: on a busy two-core machine it slowed the crawl, the
 * new renderer processes competing with the page being rendered, so a tab opens when its page is
 * rendered.)
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { CrawledPage } from '../types.ts';
import { REMOVE_WEBRTC_SCRIPT } from './no-webrtc.ts';
import type { PageRequests } from './page-requests.ts';
import type { Quiet } from './quiet.ts';

/** One page's render: the HTML the crawl fetched, and its requests and quiet. */
export type RenderSession = { crawled: CrawledPage; requests: PageRequests; quiet: Quiet };

export type Tab = {
  page: Page;
  /** from now on the tab's requests belong to this render */
  use(session: RenderSession): void;
  close(): Promise<void>;
};

/** The page itself from the crawl, once; every other request vetted (page-requests.ts). */
async function answer(route: Route, session: RenderSession, state: { servedDocument: boolean }, page: Page) {
  const request = route.request();
  if (!state.servedDocument && request.isNavigationRequest() && request.frame() === page.mainFrame()) {
    state.servedDocument = true;
    const type = session.crawled.contentType ?? 'text/html; charset=utf-8';
    return route.fulfill({ status: 200, headers: { 'content-type': type }, body: session.crawled.html ?? '' });
  }
  session.quiet.requestStarted();
  try {
    const accept = request.headers().accept;
    const answered = await session.requests.answer(request.url(), request.resourceType(), request.method(), accept);
    if ('fulfil' in answered) await route.fulfill(answered.fulfil);
    else await route.abort('blockedbyclient');
  } finally {
    session.quiet.requestEnded();
  }
}

export async function openTab(browser: Browser): Promise<Tab> {
  const context: BrowserContext = await browser.newContext({
    serviceWorkers: 'block',
    acceptDownloads: false,
    viewport: { width: 1280, height: 800 },
    userAgent: 'Mozilla/5.0 (compatible; BrandlensBot/1.0; rendering)',
  });
  let session: RenderSession | null = null;
  const state = { servedDocument: false };
  // Created below, before any request can arrive (a tab opens on about:blank).
  let page!: Page;
  await context.route('**/*', (route) =>
    (session ? answer(route, session, state, page) : route.abort('blockedbyclient')).catch(() => {}),
  );
  await context.routeWebSocket(/.*/, (socket) => socket.close());
  await context.addInitScript({ content: REMOVE_WEBRTC_SCRIPT });
  page = await context.newPage();
  return {
    page,
    use: (next) => {
      session = next;
    },
    close: () => context.close().catch(() => {}),
  };
}
