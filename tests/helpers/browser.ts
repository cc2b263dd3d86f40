import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

/** Flags for headless Chromium on a machine without outside network (also used by the Lighthouse bench). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/**
 * Chromium from CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the binary that the
 * @sparticuz/chromium package ships inside its npm tarball (so tests run where apt was not used).
 */
export async function chromiumExecutable(): Promise<{ executablePath: string; env?: Record<string, string> }> {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return { executablePath: fromEnv };
  if (fs.existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium' };
  const { default: packaged } = await import('@sparticuz/chromium');
  const executablePath = await packaged.executablePath();
  // The packaged build brings its own shared libraries next to the binary.
  const libraries = [path.dirname(executablePath), '/tmp/al2023/lib'].join(':');
  return { executablePath, env: { LD_LIBRARY_PATH: `${libraries}:${process.env.LD_LIBRARY_PATH ?? ''}` } };
}

export async function launchBrowser(): Promise<Browser> {
  const { executablePath, env } = await chromiumExecutable();
  return chromium.launch({
    executablePath,
    args: CHROMIUM_FLAGS,
    env: env ? { ...process.env, ...env } : undefined,
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export async function newPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-GB', timezoneId: 'Europe/London' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  captureOnFailure(page);
  return page;
}

const resultsDir = path.resolve(import.meta.dirname, '../../test-results');

/** Saves a full-page screenshot when the running test fails, named after the test. */
export function captureOnFailure(page: Page) {
  onTestFailed(async ({ task }) => {
    if (page.isClosed()) return;
    fs.mkdirSync(resultsDir, { recursive: true });
    const name = task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    await page.screenshot({ path: path.join(resultsDir, `${name}.png`), fullPage: true }).catch(() => {});
  });
}

/** Screenshots to look at by hand; written only when SCREENSHOTS_DIR is set. */
export async function screenshotFor(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Development sign-in the way a person does it: the sign-in page's e-mail field and button. */
export async function signInThroughPage(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByLabel('Email Address (Optional)').fill(email);
  await page.getByRole('button', { name: 'Continue with Replit' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
}
