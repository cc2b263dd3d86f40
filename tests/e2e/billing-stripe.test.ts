import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '../../src/shared/plans.ts';
import { type StripeDouble, startStripeDouble } from '../doubles/stripe.ts';
import { DECLINE_MESSAGE, serveStripeJs } from '../doubles/stripe-js.ts';
import { launchBrowser, newPage, signInThroughPage } from '../helpers/browser.ts';
import { recordProblems, screenshotBothWidths, toastTitled, userByEmail } from '../helpers/checkout.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

/*
 * Stripe mode in the browser: the server talks to the loopback Stripe double, and the page's
 * Stripe.js is a stand-in (tests/doubles/stripe-js.ts) whose card confirms against the same double.
 */
let double: StripeDouble;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  double = await startStripeDouble();
  server = await startServer(double.env());
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await double?.close();
});

describe('checkout through Stripe', () => {
  it("SMB: the Payment Element with the subscription's client secret, confirmSetup for the trial, then the server verifies", async () => {
    const page = await newPage(browser, server.baseURL);
    const problems = recordProblems(page);
    const stripeJs = await serveStripeJs(page, double);
    await signInThroughPage(page, 'stripe.smb@example.com');
    await page.goto('/subscribe?plan=smb');
    await page.getByTestId('stripe-payment-element').waitFor();
    expect(await page.getByTestId('stripe-payment-element').getAttribute('data-publishable-key')).toBe(
      double.publishableKey,
    );
    expect(await page.getByRole('form', { name: 'Test checkout' }).count()).toBe(0);
    expect(stripeJs.loads.length).toBeGreaterThan(0);
    await screenshotBothWidths(page, 'subscribe-stripe');

    await page.getByRole('button', { name: `Start ${TRIAL_DAYS}-day free trial` }).click();
    await page.waitForURL((url) => url.pathname === '/payment-success');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect(stripeJs.confirmations).toEqual([{ kind: 'setup', returnUrl: `${server.baseURL}/payment-success` }]);
    expect((await userByEmail(server.database, 'stripe.smb@example.com')).planType).toBe('smb');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("Starter: a declined card gives 'Payment Failed' with Stripe's message and the form stays; then it pays", async () => {
    const page = await newPage(browser, server.baseURL);
    const problems = recordProblems(page);
    const stripeJs = await serveStripeJs(page, double);
    await signInThroughPage(page, 'stripe.starter@example.com');
    await page.goto('/subscribe?plan=starter');
    await page.getByTestId('stripe-payment-element').waitFor();

    stripeJs.setCard('declined');
    await page.getByRole('button', { name: 'Pay £19' }).click();
    await toastTitled(page, 'Payment Failed');
    await page
      .getByRole('region', { name: /^Notifications/ })
      .getByText(DECLINE_MESSAGE)
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/subscribe');

    stripeJs.setCard('succeeds');
    await page.getByRole('button', { name: 'Pay £19' }).click();
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    expect(stripeJs.confirmations.map((confirmation) => confirmation.kind)).toEqual(['payment', 'payment']);
    expect((await userByEmail(server.database, 'stripe.starter@example.com')).planType).toBe('starter');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
