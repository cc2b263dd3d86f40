import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { brands, emailReportRuns, emailReports, outboxMessages, users } from '../../src/server/db/schema/index.ts';
import { chooseOption, MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { waitFor } from '../helpers/jobs.ts';
import { setPlan } from '../helpers/seed.ts';

const e2e = serverAndBrowserForFile();
let page: Page;

async function toast(title: string) {
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText(title, { exact: true })
    .first()
    .waitFor();
}

const choose = (scope: Locator, label: string, option: string) => chooseOption(page, scope, label, option);

const comboboxText = (scope: Locator, label: string) => scope.getByRole('combobox', { name: label }).textContent();

describe('email reports', () => {
  it('creates a report with SPEC’s defaults, refusing one with no recipients', async () => {
    page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'scheduler@example.com');
    await setPlan(e2e.server.database, 'scheduler@example.com', 'smb');
    const [owner] = await e2e.server.database.db.select().from(users).where(eq(users.email, 'scheduler@example.com'));
    await e2e.server.database.db.insert(brands).values({ userId: owner!.id, name: 'Acme Coffee' });
    await page.goto('/email-reports');
    await page.getByRole('heading', { name: 'Email Reports' }).waitFor();
    await page.getByText('No email reports yet').waitFor();

    await page.getByRole('button', { name: 'Create Report' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Email Report' });
    expect(await dialog.getByRole('button', { name: 'Create Report' }).isDisabled()).toBe(true);
    expect(await comboboxText(dialog, 'Brand')).toBe('All brands');
    expect(await comboboxText(dialog, 'Frequency')).toBe('Weekly');
    expect(await comboboxText(dialog, 'Day of week')).toBe('Monday');
    expect(await comboboxText(dialog, 'Timezone')).toBe('London');
    expect(await dialog.getByLabel('Time', { exact: true }).inputValue()).toBe('09:00');
    for (const module of ['Brand Audit', 'Consumer Insights', 'Competitor Tracking']) {
      expect(await dialog.getByRole('switch', { name: module }).getAttribute('aria-checked')).toBe('true');
    }
    // Fresh analysis is Agency's: off, disabled on SMB, with the way to upgrade.
    const fresh = dialog.getByRole('switch', { name: /Run Fresh AI Analysis/ });
    expect(await fresh.getAttribute('aria-checked')).toBe('false');
    expect(await fresh.isDisabled()).toBe(true);
    await dialog.getByRole('link', { name: 'Upgrade to Agency' }).waitFor();
    await screenshotFor(page, 'email-reports-dialog');

    await dialog.getByLabel('Report name').fill('Monday summary');
    await dialog.getByLabel('Recipients').fill(' , ');
    await dialog.getByRole('button', { name: 'Create Report' }).click();
    await page.getByText('Please add at least one recipient email address.', { exact: true }).waitFor();
    expect(await e2e.server.database.db.select().from(emailReports)).toEqual([]);

    await choose(dialog, 'Brand', 'Acme Coffee');
    await dialog.getByLabel('Recipients').fill('ana@example.com, ben@example.com');
    await dialog.getByRole('switch', { name: 'Competitor Tracking' }).click();
    await dialog.getByRole('button', { name: 'Create Report' }).click();
    await toast('Email Report Created');

    const card = page.getByRole('article', { name: 'Monday summary' });
    await card.getByText('Acme Coffee · Weekly on Monday at 09:00 (London)').waitFor();
    await card.getByText('Active', { exact: true }).waitFor();
    await card.getByText('ana@example.com, ben@example.com').waitFor();
    await card.getByText('Brand Audit, Consumer Insights', { exact: true }).waitFor();
    await card.getByText(/^Monday \d{1,2} \w+ \d{4}, 09:00 (GMT|BST)$/).waitFor();
    await card.getByText('Not sent yet').waitFor();
    await screenshotFor(page, 'email-reports-list');
  });

  it('sends to the recipients now from the Send menu: Last sent updates, once per press; a preview does not count', async () => {
    const card = page.getByRole('article', { name: 'Monday summary' });
    const lastSent = card.locator('dt', { hasText: /^Last sent$/ }).locator('xpath=following-sibling::dd[1]');
    expect(await lastSent.textContent()).toBe('Not sent yet');

    await card.getByRole('button', { name: 'Send Monday summary' }).click();
    await page.getByRole('menuitem', { name: 'Send me a preview' }).click();
    await toast('Preview sent');
    expect(await lastSent.textContent()).toBe('Not sent yet');

    await card.getByRole('button', { name: 'Send Monday summary' }).click();
    await screenshotFor(page, 'email-reports-send-menu');
    await page.getByRole('menuitem', { name: 'Send to recipients now' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send “Monday summary” to its recipients now?' });
    await confirm.getByText('It goes now to 2 recipients: ana@example.com, ben@example.com.').waitFor();
    await screenshotFor(page, 'email-reports-send-confirm');
    // A double click is one press: one send.
    await confirm.getByRole('button', { name: 'Send to recipients now' }).dblclick();
    await toast('Email Sent');
    await confirm.waitFor({ state: 'detached' });
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="email-report"] dt')]
          .find((term) => term.textContent === 'Last sent')
          ?.nextElementSibling?.textContent?.match(/^\w+day \d{1,2} \w+ \d{4}, \d{2}:\d{2} (GMT|BST)$/) !== null,
    );

    const [report] = await e2e.server.database.db.select().from(emailReports);
    expect(report!.lastSent).not.toBeNull();
    const runs = await e2e.server.database.db
      .select()
      .from(emailReportRuns)
      .where(eq(emailReportRuns.emailReportId, report!.id));
    const manual = runs.filter((run) => run.kind === 'manual');
    expect(manual).toHaveLength(1);
    const messages = await waitFor(
      async () =>
        (await e2e.server.database.db.select().from(outboxMessages)).filter(
          (message) => message.params.runId === manual[0]!.id,
        ),
      (rows) => rows.length === 2,
      { what: 'the two recipients’ messages' },
    );
    expect(messages.map((message) => message.recipients).sort()).toEqual([['ana@example.com'], ['ben@example.com']]);
    await screenshotFor(page, 'email-reports-sent');
  });

  it('edits the report: a monthly day 31 in Sydney, its next send worked out again', async () => {
    const card = page.getByRole('article', { name: 'Monday summary' });
    await card.getByRole('button', { name: 'Edit Monday summary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Email Report' });
    expect(await dialog.getByLabel('Recipients').inputValue()).toBe('ana@example.com, ben@example.com');
    expect(await comboboxText(dialog, 'Brand')).toBe('Acme Coffee');
    await dialog.getByLabel('Report name').fill('Month end');
    await choose(dialog, 'Frequency', 'Monthly');
    await choose(dialog, 'Day of month', '31');
    await dialog.getByText("In a month without day 31, the report goes on the month's last day.").waitFor();
    await dialog.getByLabel('Time', { exact: true }).fill('18:30');
    await choose(dialog, 'Timezone', 'Sydney');
    await choose(dialog, 'Brand', 'All brands');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast('Email Report Updated');

    const edited = page.getByRole('article', { name: 'Month end' });
    await edited.getByText('All brands · Monthly on day 31 (or the month’s last day) at 18:30 (Sydney)').waitFor();
    await edited.getByText(/^\w+day \d{1,2} \w+ \d{4}, 18:30 GMT\+1[01]$/).waitFor();
    const [row] = await e2e.server.database.db.select().from(emailReports);
    expect(row).toMatchObject({ frequency: 'monthly', dayOfMonth: 31, dayOfWeek: null, timezone: 'Australia/Sydney' });
  });

  it('shows a failed attempt in the list, on a phone too', async () => {
    // The send of the first test is settled on the report (clearing any failure) by the claim loop
    // a few seconds later: the failure below must come after that, as a real later attempt would.
    await waitFor(
      () => e2e.server.database.db.select().from(emailReportRuns),
      (runs) => runs.every((run) => run.status !== 'queued'),
      { what: 'the earlier sends to be settled' },
    );
    await e2e.server.database.db
      .update(emailReports)
      .set({ lastAttemptAt: new Date(), lastError: 'Connection refused by smtp.example.com' });
    await page.reload();
    await page
      .getByRole('article', { name: 'Month end' })
      .getByText('last attempt failed: Connection refused by smtp.example.com')
      .waitFor();

    const phone = await newPage(e2e.browser, e2e.server.baseURL, MOBILE);
    await signInThroughPage(phone, 'scheduler@example.com');
    await phone.goto('/email-reports');
    await phone
      .getByRole('article', { name: 'Month end' })
      .getByText(/^last attempt failed/)
      .waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshotFor(phone, 'email-reports-mobile');
    await phone.context().close();
  });

  it('deletes the report after asking', async () => {
    await page.getByRole('button', { name: 'Delete Month end' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this email report?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('article', { name: 'Month end' }).waitFor();

    await page.getByRole('button', { name: 'Delete Month end' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Email Report Deleted');
    await page.getByText('No email reports yet').waitFor();
    expect(await e2e.server.database.db.select().from(emailReports)).toEqual([]);
  });
});
