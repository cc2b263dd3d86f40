import fs from 'node:fs';
import path from 'node:path';
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readBuildMarker } from '../../scripts/build-marker.ts';
import { defaultClientDir } from '../../src/server/app.ts';
import { DESKTOP, MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';

const e2e = serverAndBrowserForFile();

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

/** The page has loaded everything it asks for and painted. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

describe('the served build', () => {
  it('is a production build: marker, minified React, no development warnings', async () => {
    expect(readBuildMarker(defaultClientDir)?.production).toBe(true);
    const html = await (await fetch(`${e2e.server.baseURL}/brand-audit`)).text();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    // React sits in the packages' chunk, which the entry loads with the app (it starts the app's
    // first reads before): every chunk the entry names.
    const entryScript = await (await fetch(`${e2e.server.baseURL}${entry}`)).text();
    const named = new Set([...entryScript.matchAll(/[\w-]+\.js/g)].map((match) => `/assets/${match[0]}`));
    expect(named.size).toBeGreaterThan(1);
    const scripts = await Promise.all(
      [...named].map(async (src) => {
        const response = await fetch(`${e2e.server.baseURL}${src}`);
        return response.ok ? response.text() : '';
      }),
    );
    const script = [entryScript, ...scripts].join('\n');
    expect(script).toContain('Minified React error');
    expect(script).not.toContain('In HTML, %s cannot be a child');
  });
});

describe('public pages', () => {
  it('show their content with JavaScript disabled', async () => {
    const context = await e2e.browser.newContext({
      baseURL: e2e.server.baseURL,
      viewport: MOBILE,
      javaScriptEnabled: false,
    });
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
      const html = await (await fetch(`${e2e.server.baseURL}${pagePath}`)).text();
      expect(html, pagePath).toMatch(/<meta name="description" content="[^"]{50,}" \/>/);
      const canonical = pagePath === '/landing' ? '/' : pagePath;
      expect(html).toContain(`<link rel="canonical" href="${e2e.server.baseURL}${canonical}" />`);
      expect(html).not.toContain('noindex');
    }
    for (const appPath of [
      '/brand-audit',
      '/settings',
      '/reports/some-token',
      '/marketing-recommendations/some-token',
    ]) {
      const response = await fetch(`${e2e.server.baseURL}${appPath}`);
      expect(response.status, appPath).toBe(200);
      expect(await response.text()).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('log no console errors or warnings for a signed-out visitor, and stay interactive', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL, DESKTOP);
    const problems = recordProblems(page);
    for (const { path: pagePath, text } of publicPages) {
      await page.goto(pagePath);
      await shows(page, text);
      await settled(page);
    }
    await page.goto('/signin?error=access_denied');
    await settled(page);
    await page.goto('/');
    await settled(page);
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/signin');
    await shows(page, 'Sign in to Brandlens');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("load no React: only the public pages' script, on the pages that do something", async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL, DESKTOP);
    for (const { path: pagePath, text } of [...publicPages, { path: '/no-such-page', text: '404 Page Not Found' }]) {
      const scripts: string[] = [];
      const record = (request: { resourceType(): string; url(): string }) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      };
      page.on('request', record);
      await page.goto(pagePath);
      await shows(page, text);
      await settled(page);
      page.off('request', record);
      const expected = ['/privacy-policy', '/no-such-page'].includes(pagePath) ? 0 : 1;
      expect(
        scripts.filter((script) => /\/public-page-[\w-]+\.js$/.test(script)),
        pagePath,
      ).toHaveLength(expected);
      expect(
        scripts.filter((script) => /\/(index|react)-[\w-]+\.js$/.test(script)),
        pagePath,
      ).toEqual([]);
    }
    await page.context().close();
  });

  it('sends a signed-in visitor the signed-in landing page and the dashboard at /, with no console errors', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL, DESKTOP);
    await signInThroughPage(page, 'welcome.back@example.com');
    const problems = recordProblems(page);
    await page.goto('/landing');
    await page.getByRole('heading', { name: 'Welcome back', exact: true }).waitFor();
    expect(await page.getByTestId('landing-welcome').textContent()).toBe('Welcome, welcome.back');
    await settled(page);
    await screenshotFor(page, 'landing-signed-in');
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByText('AI-Powered Brand Analysis').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('opens and closes the sections menu on a phone, and a section link scrolls there', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL, MOBILE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open sections menu' }).click();
    const menu = page.locator('#landing-mobile-sections');
    await menu.getByRole('link', { name: 'Pricing' }).waitFor();
    await screenshotFor(page, 'landing-mobile-menu');
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await menu.waitFor({ state: 'hidden' });
    await page.waitForURL('**/#pricing');
    // Scrolled until the section's top is in the upper half of the screen.
    await page.waitForFunction(() => {
      const top = document.getElementById('pricing')?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY;
      return window.scrollY > 0 && Math.abs(top) < window.innerHeight / 2;
    });
    expect(await page.getByRole('button', { name: 'Open sections menu' }).getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('signs in from the sign-in page with the e-mail entered and the chosen plan, without React', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL, DESKTOP);
    await page.goto('/');
    await page.locator('#pricing').getByRole('button', { name: 'Get Started' }).click();
    await page.waitForURL('**/signin');
    expect(await page.evaluate(() => localStorage.getItem('selectedPlan'))).toBe('free');
    // Development sign-in: the note for it shows, Google explains it is not configured.
    await page.getByText('Development sign-in: leave empty to use the demo account').waitFor();
    await page.getByText('Google sign-in is not configured on this server').waitFor();
    expect(await page.getByRole('button', { name: 'Continue with Google' }).isDisabled()).toBe(true);
    const devSwitch = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/dev-switch');
    await page.getByLabel('Email Address (Optional)').fill('  plan.picker@example.com ');
    await page.getByRole('button', { name: 'Continue with Replit' }).click();
    const query = new URL((await devSwitch).url()).searchParams;
    expect(query.get('email')).toBe('plan.picker@example.com');
    expect(query.get('plan')).toBe('free');
    await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
    await page.context().close();
  });
});

describe('the build on disk', () => {
  it('has every public page prerendered next to the app shell, none loading the app', () => {
    const files = ['landing.html', 'landing-page.html', 'landing-signed-in.html', 'privacy-policy.html', 'signin.html'];
    for (const file of [...files, 'demo-dashboard.html', '404.html']) {
      const html = fs.readFileSync(path.join(defaultClientDir, file), 'utf8');
      expect(html, file).toMatch(/<div id="root"><div [^>]*class="/);
      expect(html, file).not.toMatch(/src="\/assets\/index-/);
    }
  });
});
