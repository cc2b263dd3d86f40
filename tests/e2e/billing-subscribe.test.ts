import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoBillingObjects, subscriptions } from '../../src/server/db/schema/index.ts';
import { addMonths } from '../../src/shared/billing-dates.ts';
import { TRIAL_DAYS } from '../../src/shared/plans.ts';
import { newPage } from '../helpers/browser.ts';
import {
  choosePlanAndSignIn,
  payWithTestCheckout,
  recordProblems,
  screenshotBothWidths,
  toastTitled,
  trialEndTexts,
  userByEmail,
} from '../helpers/checkout.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';

const e2e = serverAndBrowserForFile();
const DAY_MS = 24 * 60 * 60 * 1000;

const statusBadge = (page: Page) => page.getByTestId('subscription-status');

async function expectStatus(page: Page, label: string) {
  await page.waitForFunction(
    (expected) => document.querySelector('[data-testid="subscription-status"]')?.textContent === expected,
    label,
  );
}

/** The success screen and its toast, then Settings through View Subscription. */
async function expectSuccessThenSettings(page: Page, message: RegExp) {
  await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
  await toastTitled(page, 'Payment Successful');
  await page.getByText(message).first().waitFor();
  expect(await page.evaluate(() => localStorage.getItem('selectedPlan'))).toBeNull();
  expect(await screenshotBothWidths(page, 'payment-success')).toBeLessThanOrEqual(0);
  await page.getByRole('link', { name: 'View Subscription' }).click();
  await page.waitForURL('**/settings');
  await statusBadge(page).waitFor();
}

/** Cancel (confirmed in the dialog) shows Cancelling; Reactivate brings the earlier status back. */
async function cancelThenReactivate(page: Page, runningLabel: string) {
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(/Your plan stays active until \d+ \w+ \d{4}/).waitFor();
  await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
  await toastTitled(page, 'Subscription Cancelled');
  await expectStatus(page, 'Cancelling');
  await page.getByText('Ends on', { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Cancel Subscription' }).count()).toBe(0);
  await screenshotBothWidths(page, 'settings-cancelling');

  await page.getByRole('button', { name: 'Reactivate Subscription' }).click();
  await toastTitled(page, 'Subscription Reactivated');
  await expectStatus(page, runningLabel);
  await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
}

describe('buying each paid plan through the test checkout', () => {
  it('Starter: pricing, sign-in, £19 paid once, then Settings shows the access expiry and no cancel', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const problems = recordProblems(page);
    await choosePlanAndSignIn(page, 'starter', 'starter.buyer@example.com');

    await page.getByRole('heading', { name: 'Get Starter' }).waitFor();
    const summary = page.getByLabel('Plan summary');
    await summary.getByText('£19', { exact: true }).waitFor();
    await summary.getByText('One payment, no subscription').waitFor();
    await summary.getByText('Full platform trial on 1 brand').waitFor();
    expect(await summary.getByText(/free trial/i).count()).toBe(0);
    expect(await screenshotBothWidths(page, 'subscribe-starter')).toBeLessThanOrEqual(0);

    await payWithTestCheckout(page, 'Pay £19', 'succeeds');
    await expectSuccessThenSettings(page, /You now have full access to Brandlens for 1 brand until \d+ \w+ \d{4}\./);

    await expectStatus(page, 'Active');
    await page.getByText('Starter', { exact: true }).first().waitFor();
    await page.getByText('Access until', { exact: true }).waitFor();
    await page.getByText('30 days', { exact: true }).waitFor();
    await page.getByText('£19 one-off', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /Cancel|Reactivate/ }).count()).toBe(0);
    // Starter's allowances, and both monthly plans on offer.
    await page.getByLabel('Brand audits').getByText('0 / 5').waitFor();
    await page.getByRole('button', { name: 'Upgrade to SMB' }).waitFor();
    await page.getByRole('button', { name: 'Upgrade to Agency' }).waitFor();
    expect(await page.getByRole('link', { name: 'View Plans' }).count()).toBe(0);
    expect(await screenshotBothWidths(page, 'settings-starter')).toBeLessThanOrEqual(0);

    const user = await userByEmail(e2e.server.database, 'starter.buyer@example.com');
    expect(user.planType).toBe('starter');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('SMB: pricing, sign-in, the dashboard sends on to /subscribe, the free trial starts, cancel and reactivate', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const problems = recordProblems(page);
    // The test checkout needs nothing of Stripe's: neither Stripe.js nor the card form's code loads.
    const stripeLoads: string[] = [];
    page.on('request', (request) => {
      if (/stripe/i.test(request.url())) stripeLoads.push(request.url());
    });
    await choosePlanAndSignIn(page, 'smb', 'smb.buyer@example.com');
    // The chosen plan is still remembered: the dashboard hands it on to the subscribe screen.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/subscribe' && url.searchParams.get('plan') === 'smb');

    await page.getByRole('heading', { name: 'Get SMB' }).waitFor();
    const summary = page.getByLabel('Plan summary');
    await summary.getByText('£59', { exact: true }).waitFor();
    await summary.getByText('per month', { exact: true }).waitFor();
    await summary.getByText(`${TRIAL_DAYS}-day free trial`).waitFor();
    const firstCharge = await summary.getByText(/Your first payment of £59 is taken on/).textContent();
    expect(trialEndTexts(TRIAL_DAYS).some((date) => firstCharge?.includes(date))).toBe(true);
    expect(await screenshotBothWidths(page, 'subscribe-smb')).toBeLessThanOrEqual(0);

    await payWithTestCheckout(page, `Start ${TRIAL_DAYS}-day free trial`, 'succeeds');
    await expectSuccessThenSettings(page, /Your SMB subscription is now active\. Your free trial ends on/);

    await expectStatus(page, `Free Trial (${TRIAL_DAYS} days)`);
    await page.getByText('Free trial ends', { exact: true }).waitFor();
    await page.getByText('£59 per month', { exact: true }).waitFor();
    await page.getByLabel('Brand audits').getByText('0 / Unlimited').waitFor();
    expect(await page.getByRole('button', { name: 'Upgrade to SMB' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Upgrade to Agency' }).waitFor();
    expect(await screenshotBothWidths(page, 'settings-smb-trial')).toBeLessThanOrEqual(0);

    await cancelThenReactivate(page, `Free Trial (${TRIAL_DAYS} days)`);
    expect(stripeLoads).toEqual([]);

    // The shell read the new plan: five brands on the dashboard.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByText('5 remaining').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('Agency: the trial can be cancelled, and after the first payment Cancel waits out the 3-month commitment', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const problems = recordProblems(page);
    await choosePlanAndSignIn(page, 'agency', 'agency.buyer@example.com');
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/subscribe' && url.searchParams.get('plan') === 'agency');

    await page.getByRole('heading', { name: 'Get Agency' }).waitFor();
    const summary = page.getByLabel('Plan summary');
    await summary.getByText('£229', { exact: true }).waitFor();
    await summary.getByText('3-month minimum commitment', { exact: true }).first().waitFor();
    await summary.getByText(/you can cancel at any time during the free trial/).waitFor();
    await summary.getByText(`${TRIAL_DAYS}-day free trial`).waitFor();
    expect(await screenshotBothWidths(page, 'subscribe-agency')).toBeLessThanOrEqual(0);

    await payWithTestCheckout(page, `Start ${TRIAL_DAYS}-day free trial`, 'succeeds');
    await expectSuccessThenSettings(page, /Your Agency subscription is now active/);
    await expectStatus(page, `Free Trial (${TRIAL_DAYS} days)`);
    await page.getByText('Unlimited', { exact: false }).first().waitFor();

    // In the free trial nothing is paid yet: Cancel works, and the card says when the commitment starts.
    await page
      .getByTestId('commitment-note')
      .getByText(/starts with your first payment on \d+ \w+ \d{4}/)
      .waitFor();
    expect(await page.getByRole('button', { name: /^Cancel available in/ }).count()).toBe(0);
    expect(await screenshotBothWidths(page, 'settings-agency-trial')).toBeLessThanOrEqual(0);
    await cancelThenReactivate(page, `Free Trial (${TRIAL_DAYS} days)`);

    // The trial ends and its first payment is taken (here and in demo billing's own record, which
    // every sync reads again): the 3 months run from that payment.
    const user = await userByEmail(e2e.server.database, 'agency.buyer@example.com');
    const paidAt = new Date(Date.now() - DAY_MS);
    const setFirstPayment = async (firstPaidAt: Date) => {
      const [row] = await e2e.server.database.db
        .update(subscriptions)
        .set({ status: 'active', trialEnd: firstPaidAt, firstPaidAt })
        .where(eq(subscriptions.userId, user.id))
        .returning();
      await e2e.server.database.db
        .update(demoBillingObjects)
        .set({
          data: sql`${demoBillingObjects.data} || jsonb_build_object('status', 'active', 'trialEnd', ${firstPaidAt.toISOString()}::text)`,
        })
        .where(eq(demoBillingObjects.id, row!.providerSubscriptionId!));
    };
    await setFirstPayment(paidAt);
    await page.reload();
    await expectStatus(page, 'Active');
    const locked = page.getByRole('button', { name: /^Cancel available in \d+ days$/ });
    await locked.waitFor();
    expect(await locked.getAttribute('aria-disabled')).toBe('true');
    await locked.hover();
    await page
      .getByRole('tooltip')
      .getByText(/3-month minimum commitment from your first payment\. You can cancel in \d+ days, from/)
      .waitFor();
    await locked.click({ force: true });
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await page.getByTestId('commitment-note').count()).toBe(0);
    expect(await screenshotBothWidths(page, 'settings-agency-locked')).toBeLessThanOrEqual(0);

    // Three months after the first payment, cancelling is allowed.
    await setFirstPayment(new Date(addMonths(new Date(), -3).getTime() - DAY_MS));
    await page.reload();
    await expectStatus(page, 'Active');
    await cancelThenReactivate(page, 'Active');

    expect((await userByEmail(e2e.server.database, 'agency.buyer@example.com')).maxBrands).toBe(999);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
