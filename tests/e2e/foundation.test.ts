import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';

const e2e = serverAndBrowserForFile();

describe('landing page', () => {
  it('shows the signed-out hero and Get Started', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await page.goto('/');
    await page.getByRole('heading', { name: 'AI-Powered Brand Analysis Made Simple' }).waitFor();
    const startAudit = page
      .getByRole('link', { name: 'Start Free Audit' })
      .or(page.getByRole('button', { name: 'Start Free Audit' }));
    expect(await startAudit.count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL('**/signin');
    await screenshotFor(page, 'signin-desktop');
    await page.context().close();
  });

  it('stores the chosen plan and goes to sign-in', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await page.goto('/#pricing');
    const pricing = page.locator('#pricing');
    await pricing.getByRole('button', { name: 'Try Everything' }).click();
    await page.waitForURL('**/signin');
    expect(await page.evaluate(() => localStorage.getItem('selectedPlan'))).toBe('starter');
    await page.context().close();
  });

  it('greets a signed-in visitor with Welcome back and the way to the dashboard', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'ada.lovelace@example.com');
    await page.goto('/landing');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByText('ada.lovelace', { exact: false }).first().waitFor();
    expect(await page.getByRole('link', { name: 'View Pricing' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Back to Dashboard' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Welcome back, there' }).waitFor();
    await screenshotFor(page, 'dashboard-desktop');
    await page.context().close();
  });
});

describe('sign-in and the app shell', () => {
  it('signs in through development sign-in and signs out from the user menu', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'grace@example.com');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    expect(await page.getByRole('menu').getByText('grace@example.com').count()).toBeGreaterThan(0);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'AI-Powered Brand Analysis Made Simple' }).waitFor();
    const me = await page.evaluate(() => fetch('/api/auth/user').then((response) => response.status));
    expect(me).toBe(401);
    await page.context().close();
  });

  it('signs out only by the form post: visiting /api/logout offers the button, Sign Out posts it', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'sidebar@example.com');
    await page.goto('/api/logout');
    await page.getByRole('heading', { name: 'Sign out of Brandlens?' }).waitFor();
    const stillSignedIn = await page.evaluate(() => fetch('/api/auth/user').then((response) => response.status));
    expect(stillSignedIn).toBe(200);
    await screenshotFor(page, 'sign-out-page');
    await page.goto('/');
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'AI-Powered Brand Analysis Made Simple' }).waitFor();
    const me = await page.evaluate(() => fetch('/api/auth/user').then((response) => response.status));
    expect(me).toBe(401);
    await page.context().close();
  });

  it('continues a chosen paid plan to the subscribe screen once, then lets the dashboard show', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'chooser@example.com');
    await page.evaluate(() => localStorage.setItem('selectedPlan', 'agency'));
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/subscribe' && url.searchParams.get('plan') === 'agency');
    expect(await page.evaluate(() => localStorage.getItem('selectedPlan'))).toBeNull();
    await page.goto('/');
    await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('shows the Unauthorized toast and goes to sign-in for a signed-out visit to an app screen', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    // The page leaves 500 ms after the toast shows, so a busy machine could miss it by polling: the
    // page itself records each toast as it appears, in session storage, which outlives the redirect.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        // A toast is a list item of the notification region (Radix Toast).
        for (const toast of document.querySelectorAll('li')) {
          const text = toast.textContent ?? '';
          const seen = JSON.parse(sessionStorage.getItem('seen-toasts') ?? '[]') as string[];
          if (text && !seen.includes(text)) sessionStorage.setItem('seen-toasts', JSON.stringify([...seen, text]));
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/brand-audit');
    // /api/login sends to the sign-in page when no identity provider is configured.
    await page.waitForURL('**/signin');
    const seen = await page.evaluate(() => JSON.parse(sessionStorage.getItem('seen-toasts') ?? '[]') as string[]);
    expect(seen).toContainEqual(expect.stringMatching(/^Unauthorized\s*You are logged out\. Logging in again\.\.\./));
    await page.context().close();
  });

  it('opens the mobile menu at 390 px with every entry and Log Out', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL, MOBILE);
    await signInThroughPage(page, 'mobile@example.com');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshotFor(page, 'dashboard-mobile');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    for (const entry of [
      'Dashboard',
      'Brand Audit',
      'Consumer Insights',
      'Competitor Tracking',
      'Email Reports',
      'White Label',
      'Settings',
    ]) {
      expect(await menu.getByRole('link', { name: entry }).count(), entry).toBe(1);
    }
    await screenshotFor(page, 'mobile-menu');
    await menu.getByRole('link', { name: 'Brand Audit' }).click();
    await page.waitForURL('**/brand-audit');
    await page.getByRole('heading', { name: 'Brand Audit' }).waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('heading', { name: 'AI-Powered Brand Analysis Made Simple' }).waitFor();
    await page.context().close();
  });
});

describe('public pages', () => {
  it('explains a failed provider sign-in on the sign-in page', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await page.goto('/signin?error=Your%20sign-in%20expired.%20Please%20try%20again.');
    await page.getByText('Sign-in did not complete').waitFor();
    expect(await page.getByText('Your sign-in expired. Please try again.').count()).toBe(1);
    await page.context().close();
  });

  it('shows the privacy policy with its ten sections', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(10);
    await page.getByRole('link', { name: 'Back to Home' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL, DESKTOP);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await screenshotFor(page, 'not-found-desktop');
    await page.context().close();
  });

  it('labels the demo dashboard as sample data', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await page.goto('/demo-dashboard');
    await page.getByText('Sample data', { exact: false }).first().waitFor();
    const signInLinks = page.getByRole('link', { name: 'Sign In' });
    expect(await signInLinks.count()).toBeGreaterThan(0);
    // A plain link to the server's sign-in address, which sends a signed-out visitor to /signin here.
    await signInLinks.first().click();
    await page.waitForURL(/\/signin/);
    await page.context().close();
  });
});
