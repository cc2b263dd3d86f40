import fs from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { CHROMIUM_FLAGS, type ChromiumBinary, findChromium } from '../../src/server/analysis/render/chromium.ts';

/** Flags for headless Chromium on a machine without outside network (also used by the Lighthouse bench). */
export { CHROMIUM_FLAGS };

/**
 * Chromium from CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the binary that the
 * @sparticuz/chromium package ships inside its npm tarball (so tests run where apt was not used):
 * the same search the server makes to render pages (src/server/analysis/render/chromium.ts).
 */
export async function chromiumExecutable(): Promise<ChromiumBinary> {
  const found = await findChromium(process.env.CHROMIUM_PATH);
  if (!found) throw new Error('No Chromium found: set CHROMIUM_PATH or install chromium at /usr/bin/chromium');
  return found;
}

/**
 * Whether the test process runs on a faked system clock (libfaketime, for runs at a chosen time of
 * day). Chromium does not start under libfaketime, so it gets the real clock and each page is set
 * to the test process's time instead (newPage).
 */
const FAKED_CLOCK = Boolean(process.env.FAKETIME);

function browserEnvironment(extra: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!extra && !FAKED_CLOCK) return undefined;
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) environment[name] = value;
  if (FAKED_CLOCK) for (const name of ['LD_PRELOAD', 'FAKETIME', 'FAKETIME_SHARED']) delete environment[name];
  return { ...environment, ...extra };
}

export async function launchBrowser(): Promise<Browser> {
  const { executablePath, env } = await chromiumExecutable();
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS, env: browserEnvironment(env) });
}

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export async function newPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-GB', timezoneId: 'Europe/London' });
  // The page's clock runs from the server's time (the test process's), as a browser on the same day would.
  if (FAKED_CLOCK) await context.clock.install({ time: Date.now() });
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

/**
 * Picks an option of a select (a combobox and its listbox) and waits until the list has closed
 * and the combobox shows the choice, so the next step never meets a list still closing.
 */
export async function chooseOption(
  page: Page,
  scope: Page | Locator,
  label: string,
  option: string,
  { exactLabel = false }: { exactLabel?: boolean } = {},
) {
  const combobox = scope.getByRole('combobox', { name: label, exact: exactLabel });
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
  await combobox.filter({ hasText: option }).waitFor();
}
