import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paymentsNotConfiguredMessage } from '../../src/shared/schemas/billing.ts';
import { newPage, signInThroughPage } from '../helpers/browser.ts';
import { recordProblems, screenshotBothWidths, toastTitled } from '../helpers/checkout.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';

const e2e = serverAndBrowserForFile();

/*
 * States the demo server does not reach by itself: a checkout that never answers, a payment
 * provider that is down, and a server without payments. The browser's own requests are held or
 * answered here; everything else is the real server.
 */
describe('subscribe screen states', () => {
  it('no client secret within 10 s: the slow-loading page, whose Refresh asks again', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'slow@example.com');
    // The first request is held unanswered; once the page has been refreshed, requests go through.
    const held: Route[] = [];
    let refreshed = false;
    await page.route('**/api/get-or-create-subscription', (route) => {
      if (refreshed) return route.continue();
      held.push(route);
    });
    const openedAt = Date.now();
    await page.goto('/subscribe?plan=smb');
    await page.getByText('Preparing secure checkout for SMB...').waitFor();
    await page.getByRole('heading', { name: 'Checkout is taking longer than usual' }).waitFor({ timeout: 20_000 });
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(10_000);
    expect(held.length).toBeGreaterThan(0);
    expect(await screenshotBothWidths(page, 'subscribe-slow')).toBeLessThanOrEqual(0);

    refreshed = true;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByRole('form', { name: 'Test checkout' }).waitFor();
    await page.context().close();
  });

  it("a checkout that cannot start: 'Failed to initialize payment' with the server's reason, and Try again", async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'init-error@example.com');
    const problems = recordProblems(page);
    const reason = 'The payment provider could not be reached. Please try again.';
    await page.route('**/api/create-payment-intent', (route) =>
      route.fulfill({ status: 502, json: { message: reason, code: 'upstream_failed' } }),
    );
    await page.goto('/subscribe?plan=starter');
    await toastTitled(page, 'Failed to initialize payment');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to initialize payment' });
    await alert.getByText(reason).waitFor();
    await page
      .getByRole('region', { name: /^Notifications/ })
      .getByText(reason)
      .waitFor();
    expect(await screenshotBothWidths(page, 'subscribe-init-error')).toBeLessThanOrEqual(0);

    await page.unroute('**/api/create-payment-intent');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('form', { name: 'Test checkout' }).getByRole('button', { name: 'Pay £19' }).waitFor();
    expect(problems.filter((line) => !line.includes('502'))).toEqual([]);
    await page.context().close();
  });

  it('a server without payments: the plan summary and the not-configured message, and no checkout asked for', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'unconfigured@example.com');
    const problems = recordProblems(page);
    await page.route('**/api/billing/config', (route) =>
      route.fulfill({ json: { mode: 'unconfigured', publishableKey: null } }),
    );
    let checkoutAsked = false;
    page.on('request', (request) => {
      if (/create-payment-intent|get-or-create-subscription/.test(request.url())) checkoutAsked = true;
    });
    await page.goto('/subscribe?plan=agency');
    await page.getByRole('heading', { name: 'Get Agency' }).waitFor();
    await page.getByText(paymentsNotConfiguredMessage).waitFor();
    expect(await page.getByRole('form', { name: 'Test checkout' }).count()).toBe(0);
    expect(checkoutAsked).toBe(false);
    expect(await screenshotBothWidths(page, 'subscribe-unconfigured')).toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('the free plan has nothing to pay: /subscribe?plan=free goes to the dashboard', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'free-plan@example.com');
    await page.goto('/subscribe?plan=free');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
    await page.context().close();
  });
});
