import { eq } from 'drizzle-orm';
import type { ConsoleMessage, Page } from 'playwright-core';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/index.ts';
import type { TPaidPlanKey } from '../../src/shared/schemas/billing.ts';
import { MOBILE, screenshotFor } from './browser.ts';

/** Console errors and warnings, uncaught page errors and failed responses, as lines. */
export function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return problems;
}

/** Waits for a toast with this title in the notification region (Radix Toast). */
export async function toastTitled(page: Page, title: string) {
  await page
    .getByRole('region', { name: /^Notifications/ })
    .getByText(title, { exact: true })
    .first()
    .waitFor();
}

/**
 * A visitor picks a paid plan in the landing page's pricing section, then signs in through
 * development sign-in; the sign-in carries the plan and lands on the subscribe screen for it.
 */
export async function choosePlanAndSignIn(page: Page, plan: TPaidPlanKey, email: string) {
  await page.goto('/#pricing');
  await page.getByTestId(`plan-${plan}`).getByRole('button').click();
  await page.waitForURL('**/signin');
  await page.getByLabel('Email Address (Optional)').fill(email);
  await page.getByRole('button', { name: 'Continue with Replit' }).click();
  await page.waitForURL((url) => url.pathname === '/subscribe' && url.searchParams.get('plan') === plan);
}

export type TestOutcome = 'succeeds' | 'pending' | 'declined';
const outcomeLabels: Record<TestOutcome, RegExp> = {
  succeeds: /^(The payment succeeds|The card is accepted)/,
  pending: /^It stays pending/,
  declined: /^The card is declined/,
};

/** The demo test checkout: choose what the card does, pay, and arrive on the payment result screen. */
export async function payWithTestCheckout(page: Page, payLabel: string, outcome: TestOutcome) {
  const checkout = page.getByRole('form', { name: 'Test checkout' });
  await checkout.getByText('Test checkout: no money moves').waitFor();
  await checkout.getByRole('radio', { name: outcomeLabels[outcome] }).check();
  await checkout.getByRole('button', { name: payLabel }).click();
  await page.waitForURL((url) => url.pathname === '/payment-success');
}

/** A desktop and a 390 px screenshot of what the page shows now (written when SCREENSHOTS_DIR is set). */
export async function screenshotBothWidths(page: Page, name: string) {
  const desktop = page.viewportSize();
  await screenshotFor(page, `${name}-desktop`);
  await page.setViewportSize(MOBILE);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await screenshotFor(page, `${name}-mobile`);
  if (desktop) await page.setViewportSize(desktop);
  return overflow;
}

export async function userByEmail(database: DatabaseHandle, email: string) {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});

/** The dates a trial started now ends on, as the browser (en-GB, London) writes them: either side of midnight. */
export function trialEndTexts(trialDays: number): string[] {
  const day = 24 * 60 * 60 * 1000;
  const at = Date.now() + trialDays * day;
  return [...new Set([longDate.format(at - 60_000), longDate.format(at), longDate.format(at + 60_000)])];
}
