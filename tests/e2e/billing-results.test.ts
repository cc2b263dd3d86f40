import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '../../src/shared/plans.ts';
import { newPage, signInThroughPage } from '../helpers/browser.ts';
import {
  choosePlanAndSignIn,
  payWithTestCheckout,
  recordProblems,
  screenshotBothWidths,
  userByEmail,
} from '../helpers/checkout.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';

const e2e = serverAndBrowserForFile();

async function expectFailedScreen(page: Page, reason: string | RegExp) {
  await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
  await page.getByText(reason).first().waitFor();
  for (const issue of [/Insufficient funds/, /declined/, /Incorrect card details/, /network/]) {
    await page.getByRole('listitem').filter({ hasText: issue }).first().waitFor();
  }
  await page.getByRole('link', { name: 'Dashboard' }).last().waitFor();
}

describe('payment results', () => {
  it('a declined card shows the failed screen; Try Again reaches /upgrade with the same plan, and a good card then succeeds', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const problems = recordProblems(page);
    await signInThroughPage(page, 'declined@example.com');
    // An older choice is still stored; the address names Agency, and Try Again must come back to it.
    await page.evaluate(() => localStorage.setItem('selectedPlan', 'starter'));
    await page.goto('/subscribe?plan=agency');
    await page.getByRole('heading', { name: 'Get Agency' }).waitFor();
    await payWithTestCheckout(page, `Start ${TRIAL_DAYS}-day free trial`, 'declined');

    await expectFailedScreen(page, 'Your card was declined. (Test checkout: you chose a failed payment.)');
    expect(await screenshotBothWidths(page, 'payment-failed')).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Try Again' }).click();
    await page.waitForURL((url) => url.pathname === '/upgrade');
    await page.getByRole('heading', { name: 'Get Agency' }).waitFor();
    expect((await userByEmail(e2e.server.database, 'declined@example.com')).planType).toBe('free');
    // The same checkout, tried again with a card that works.
    await payWithTestCheckout(page, `Start ${TRIAL_DAYS}-day free trial`, 'succeeds');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await page
      .getByText(/Your Agency subscription is now active/)
      .first()
      .waitFor();
    expect((await userByEmail(e2e.server.database, 'declined@example.com')).planType).toBe('agency');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a payment left pending shows the processing screen and the plan waits', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const problems = recordProblems(page);
    await choosePlanAndSignIn(page, 'starter', 'pending@example.com');
    await payWithTestCheckout(page, 'Pay £19', 'pending');
    await page.getByRole('heading', { name: 'Payment Processing' }).waitFor();
    await page.getByText(/e-mail you a confirmation|email confirmation/).waitFor();
    expect(await screenshotBothWidths(page, 'payment-pending')).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Check Again' }).click();
    await page.getByRole('heading', { name: 'Payment Processing' }).waitFor();
    await page.getByRole('button', { name: 'Check Again' }).waitFor();
    expect((await userByEmail(e2e.server.database, 'pending@example.com')).planType).toBe('free');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('an address without payment details shows the failed screen without asking the server', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const problems = recordProblems(page);
    await signInThroughPage(page, 'no-details@example.com');
    let checked = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/check-payment-status')) checked = true;
    });
    await page.goto('/payment-success?payment_intent=pi_1&redirect_status=succeeded');
    await expectFailedScreen(page, /does not carry the details of a payment/);
    expect(checked).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('the plan already held: a notice, then the dashboard after 2 s; another plan: Plan Change Required', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const problems = recordProblems(page);
    await choosePlanAndSignIn(page, 'smb', 'subscribed@example.com');
    await payWithTestCheckout(page, `Start ${TRIAL_DAYS}-day free trial`, 'succeeds');
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

    await page.evaluate(() => localStorage.setItem('selectedPlan', 'smb'));
    await page.goto('/subscribe?plan=smb');
    await page.getByRole('heading', { name: "You're already subscribed" }).waitFor();
    await page.getByText('You already have an active SMB subscription.').waitFor();
    const shownAt = Date.now();
    await screenshotBothWidths(page, 'already-subscribed');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1000);
    await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
    // The chosen plan was forgotten, so the dashboard stays.
    expect(await page.evaluate(() => localStorage.getItem('selectedPlan'))).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goto('/subscribe?plan=agency');
    await page.getByRole('heading', { name: 'Plan Change Required' }).waitFor();
    await page
      .getByText(/You are subscribed to the SMB plan\. To change to Agency, please cancel your current/)
      .waitFor();
    expect(await screenshotBothWidths(page, 'plan-change-required')).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Go to Settings' }).click();
    await page.waitForURL('**/settings');
    await page.getByTestId('subscription-status').waitFor();
    // The refusal is the one expected failed response; nothing else went wrong.
    expect(problems.filter((line) => !/409/.test(line))).toEqual([]);
    expect(problems.some((line) => line === '409 /api/get-or-create-subscription')).toBe(true);
    await page.context().close();
  });

  it("a free account's Settings offers both monthly plans and View Plans; an upgrade opens checkout for it", async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const problems = recordProblems(page);
    await signInThroughPage(page, 'free.settings@example.com');
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByText('Free', { exact: true }).first().waitFor();
    expect(await page.getByTestId('subscription-status').count()).toBe(0);
    await page.getByLabel('Brand audits').getByText('0 / 1').waitFor();
    await page.getByLabel('Consumer insights').getByText('Not included').waitFor();
    expect(await page.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe('/landing#pricing');
    await page.getByRole('button', { name: 'Upgrade to SMB' }).waitFor();
    expect(await screenshotBothWidths(page, 'settings-free')).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Upgrade to Agency' }).click();
    await page.waitForURL((url) => url.pathname === '/subscribe');
    await page.getByRole('heading', { name: 'Get Agency' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('selectedPlan'))).toBe('agency');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
