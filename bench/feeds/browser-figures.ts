/**
 * The feeds as a person meets them, in headless Chromium against the serving process: the time
 * from asking for a screen until its first card is drawn (a fresh page each time, p50/p95), and
 * the time to scroll until 1,000 cards have loaded, with the longest gap between two frames seen
 * while scrolling (a janky list shows long gaps).
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium } from '../../src/server/analysis/render/chromium.ts';
import { type Percentiles, percentiles, type Reader } from './http-figures.ts';

export type ScreenFigures = { firstCard: Percentiles; scroll: { ms: number; loaded: number; longestFrameMs: number } };

type Screen = {
  path: string;
  /** the cards of the list */
  cards: (page: Page) => ReturnType<Page['locator']>;
  /** how many are loaded, read from the screen's own "N of M" line */
  loaded: (page: Page) => Promise<number>;
  /** scrolls the list to the end of what is loaded */
  scrollToEnd: (page: Page) => Promise<void>;
};

const numberIn = (text: string | null | undefined) => Number(text?.split(' of ')[0]?.replace(/,/g, '') ?? 0);

export const CONSUMER_INSIGHTS: Screen = {
  path: '/consumer-insights',
  cards: (page) => page.getByRole('list', { name: 'Consumer insights' }).getByRole('article'),
  loaded: async (page) => {
    const line = page.getByText(/^[\d,]+ of [\d,]+ shown$/);
    return (await line.count()) === 1 ? numberIn(await line.textContent()) : 0;
  },
  scrollToEnd: async (page) => {
    // at once, as a reader's fling does: the page glides to a link's target (scroll-behavior:
    // smooth), which would make each jump of the bench a 1.5 s animation
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  },
};

export const AD_LIBRARY: Screen = {
  path: '/competitor-tracking',
  cards: (page) => page.getByRole('region', { name: 'Ads' }).getByRole('article'),
  loaded: async (page) => {
    const line = page.getByRole('status').getByText(/^[\d,]+ of [\d,]+ ads? loaded$/);
    return (await line.count()) === 1 ? numberIn(await line.textContent()) : 0;
  },
  scrollToEnd: async (page) => {
    await page.getByRole('region', { name: 'Ads' }).evaluate((element) => element.scrollTo(0, element.scrollHeight));
  },
};

/** Counts the longest gap between animation frames from now until the returned function is called. */
async function watchFrames(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const state = { last: performance.now(), longest: 0, running: true };
    (globalThis as unknown as { frameWatch: typeof state }).frameWatch = state;
    const tick = (now: number) => {
      state.longest = Math.max(state.longest, now - state.last);
      state.last = now;
      if (state.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return () =>
    page.evaluate(() => {
      const state = (globalThis as unknown as { frameWatch: { longest: number; running: boolean } }).frameWatch;
      state.running = false;
      return state.longest;
    });
}

async function scrollUntilLoaded(page: Page, screen: Screen, wanted: number, timeoutMs = 120_000) {
  const started = performance.now();
  const stopWatching = await watchFrames(page);
  let loaded = await screen.loaded(page);
  while (loaded < wanted && performance.now() - started < timeoutMs) {
    await screen.scrollToEnd(page);
    await page.waitForTimeout(50);
    loaded = await screen.loaded(page);
  }
  return { ms: performance.now() - started, loaded, longestFrameMs: await stopWatching() };
}

/** Headless Chromium with a desktop context signed in as the reader. */
export async function signedInBrowser(reader: Reader): Promise<{ browser: Browser; context: BrowserContext }> {
  const binary = await findChromium(process.env.CHROMIUM_PATH);
  if (!binary) throw new Error('No Chromium found: set CHROMIUM_PATH or install chromium');
  const browser = await chromium.launch({
    executablePath: binary.executablePath,
    args: CHROMIUM_FLAGS,
    env: binary.env ? { ...process.env, ...binary.env } : undefined,
  });
  const context = await browser.newContext({ baseURL: reader.origin, viewport: { width: 1280, height: 800 } });
  const [name, value] = reader.cookie.split(/=(.*)/s) as [string, string];
  await context.addCookies([{ name, value, url: reader.origin }]);
  return { browser, context };
}

/** First-card times (`runs` fresh pages after one warm-up) and one scroll to 1,000 loaded cards, per screen. */
export async function measureScreens(reader: Reader, screens: Screen[], runs = 10): Promise<ScreenFigures[]> {
  const { browser, context } = await signedInBrowser(reader);
  try {
    const figures: ScreenFigures[] = [];
    for (const screen of screens) {
      const times: number[] = [];
      for (let run = 0; run <= runs; run += 1) {
        const page = await context.newPage();
        const started = performance.now();
        await page.goto(screen.path);
        await screen.cards(page).first().waitFor({ timeout: 60_000 });
        if (run > 0) times.push(performance.now() - started);
        await page.close();
      }
      const page = await context.newPage();
      await page.goto(screen.path);
      await screen.cards(page).first().waitFor({ timeout: 60_000 });
      const scroll = await scrollUntilLoaded(page, screen, 1_000);
      await page.close();
      figures.push({ firstCard: percentiles(times), scroll });
    }
    return figures;
  } finally {
    await browser.close();
  }
}
