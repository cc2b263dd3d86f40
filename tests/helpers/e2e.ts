import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { type RunningServer, startServer } from './server.ts';

export type EndToEnd = { readonly server: RunningServer; readonly browser: Browser };

/**
 * The built app on a fresh database and one Chromium for the test file: started before its tests,
 * closed after them. `env` adds to the test configuration.
 */
export function serverAndBrowserForFile(env: Record<string, string> = {}): EndToEnd {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('The test server is not started yet');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('The browser is not launched yet');
      return browser;
    },
  };
}
