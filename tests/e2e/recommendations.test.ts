import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { seedCompletedAudit, setPlan } from '../helpers/seed.ts';

const e2e = serverAndBrowserForFile();

describe('marketing recommendations', () => {
  it('generates them on a report, exports the PDF and shares a link that opens signed out', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInThroughPage(page, 'marketer@example.com');
    const { audit } = await seedCompletedAudit(e2e.server.database, 'marketer@example.com');
    await setPlan(e2e.server.database, 'marketer@example.com', 'starter');

    await page.goto(`/audit-results/${audit.id}`);
    const panel = page.getByRole('region', { name: 'AI marketing recommendations' });
    await panel.getByRole('button', { name: 'Generate Recommendations' }).click();
    await panel.getByRole('button', { name: 'Regenerate' }).waitFor({ timeout: 30_000 });
    await panel.getByText('Acme Coffee scored 72/100 overall', { exact: false }).first().waitFor();
    await screenshotFor(page, 'recommendations-panel');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^brandlens-acme-coffee-marketing-recommendations-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    const pdfPath = await download.path();
    expect(fs.readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');

    await panel.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link Copied', { exact: true }).first().waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/marketing-recommendations\/[A-Za-z0-9_-]{32}$/);

    const visitor = await newPage(e2e.browser, e2e.server.baseURL, MOBILE);
    await visitor.goto(link);
    await visitor.getByText('Acme Coffee', { exact: false }).first().waitFor();
    const toggle = visitor.getByRole('button', { name: 'Show implementation' }).first();
    await toggle.click();
    await visitor.getByRole('button', { name: 'Hide implementation' }).first().waitFor();
    expect(await visitor.getByRole('button', { name: 'Hide implementation' }).count()).toBe(1);
    const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshotFor(visitor, 'shared-recommendations-mobile');
    await visitor.context().close();
    await page.context().close();
  });
});

describe('action items on the dashboard', () => {
  it('generates actions, completes one, restores it and filters by brand', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'doer@example.com');
    await page.getByText('Complete your first audit to see personalized recommendations').waitFor();
    await seedCompletedAudit(e2e.server.database, 'doer@example.com', 'Acme Coffee');
    await seedCompletedAudit(e2e.server.database, 'doer@example.com', 'Beta Bakes');
    await page.reload();

    await page.getByRole('button', { name: 'Generate Actions' }).first().click();
    await page.getByText('New action items generated based on your audit results').first().waitFor();
    const pending = page.getByRole('list', { name: 'Pending actions' });
    await pending.getByRole('listitem').first().waitFor();
    expect(await pending.getByRole('listitem').count()).toBe(5);
    await page.getByText(/^\+\d+ more actions$/).waitFor();

    const firstTitle = (
      await pending.getByRole('listitem').first().locator('p, h3, span').first().textContent()
    )?.trim();
    const tick = pending.getByRole('button', { name: /^Mark ".+" as completed$/ }).first();
    const tickLabel = await tick.getAttribute('aria-label');
    await tick.click();
    await page.getByText('Great work! Action marked as completed.').first().waitFor();
    const completedTitle = tickLabel!.replace(/^Mark "/, '').replace(/" as completed$/, '');
    const completed = page.getByRole('list', { name: 'Recently completed actions' });
    await completed.getByText(completedTitle).waitFor();
    expect(firstTitle).toBeTruthy();
    await screenshotFor(page, 'dashboard-actions');

    await completed.getByRole('button', { name: `Restore "${completedTitle}"` }).click();
    await page.getByText('Action moved back to pending').first().waitFor();

    await page.getByRole('combobox', { name: 'Filter by brand' }).click();
    await page.getByRole('option', { name: 'Beta Bakes' }).click();
    await page.getByText("Fixes from Beta Bakes's audits", { exact: false }).waitFor();
    expect(await pending.getByText('Acme Coffee').count()).toBe(0);
    await page.context().close();
  });
});
