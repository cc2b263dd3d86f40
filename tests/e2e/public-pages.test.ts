import fs from 'node:fs';
import path from 'node:path';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBuildMarker } from '../../scripts/build-marker.ts';
import { defaultClientDir } from '../../src/server/app.ts';
import { DESKTOP, launchBrowser, MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Each public page and a text it shows. */
const publicPages = [
  { path: '/', text: 'AI-Powered Brand Analysis Made Simple' },
  { path: '/landing', text: 'AI-Powered Brand Analysis Made Simple' },
  { path: '/privacy-policy', text: 'Privacy Policy' },
  { path: '/signin', text: 'Sign in to Brandlens' },
  { path: '/demo-dashboard', text: 'This is a preview with sample data.' },
];

function shows(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first().waitFor();
}

/** Console errors and warnings, uncaught page errors and failed responses, as lines. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return problems;
}

/** Hydration is done when the current-user read has answered and the page has settled. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

describe('the served build', () => {
  it('is a production build: marker, minified React, no development warnings', async () => {
    expect(readBuildMarker(defaultClientDir)?.production).toBe(true);
    const html = await (await fetch(`${server.baseURL}/`)).text();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    const script = await (await fetch(`${server.baseURL}${entry}`)).text();
    expect(script).toContain('Minified React error');
    expect(script).not.toContain('In HTML, %s cannot be a child');
  });
});

describe('public pages', () => {
  it('show their content with JavaScript disabled', async () => {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: MOBILE, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path: pagePath, text } of publicPages) {
      const response = await page.goto(pagePath);
      expect(response?.status(), pagePath).toBe(200);
      await shows(page, text);
      await screenshotFor(page, `no-js-mobile${pagePath.replace(/\//g, '-')}`);
    }
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await context.close();
  });

  it('carry a meta description and a canonical link, app screens and shared reports noindex', async () => {
    for (const { path: pagePath } of publicPages) {
      const html = await (await fetch(`${server.baseURL}${pagePath}`)).text();
      expect(html, pagePath).toMatch(/<meta name="description" content="[^"]{50,}" \/>/);
      const canonical = pagePath === '/landing' ? '/' : pagePath;
      expect(html).toContain(`<link rel="canonical" href="${server.baseURL}${canonical}" />`);
      expect(html).not.toContain('noindex');
    }
    for (const appPath of [
      '/brand-audit',
      '/settings',
      '/reports/some-token',
      '/marketing-recommendations/some-token',
    ]) {
      const response = await fetch(`${server.baseURL}${appPath}`);
      expect(response.status, appPath).toBe(200);
      expect(await response.text()).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('log no console errors or warnings for a signed-out visitor, and stay interactive', async () => {
    const page = await newPage(browser, server.baseURL, DESKTOP);
    const problems = recordProblems(page);
    for (const { path: pagePath, text } of publicPages) {
      await page.goto(pagePath);
      await shows(page, text);
      await settled(page);
    }
    await page.goto('/signin?error=access_denied');
    await settled(page);
    // The hydrated landing page navigates on the client.
    await page.goto('/');
    await settled(page);
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/signin');
    await shows(page, 'Sign in to Brandlens');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('updates the prerendered landing page to Welcome back for a signed-in visitor without hydration errors', async () => {
    const page = await newPage(browser, server.baseURL, DESKTOP);
    await signInThroughPage(page, 'hydration@example.com');
    const problems = recordProblems(page);
    await page.goto('/landing');
    await page.getByRole('heading', { name: 'Welcome back', exact: true }).waitFor();
    await page.getByTestId('landing-welcome').waitFor();
    await settled(page);
    await screenshotFor(page, 'landing-signed-in');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the build on disk', () => {
  it('has every public page prerendered next to the app shell', () => {
    for (const file of ['landing.html', 'privacy-policy.html', 'signin.html', 'demo-dashboard.html', '404.html']) {
      const html = fs.readFileSync(path.join(defaultClientDir, file), 'utf8');
      expect(html, file).toMatch(/<div id="root"><!--\$-->/);
    }
  });
});
