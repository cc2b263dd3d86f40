import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOnlyBrandMessage } from '../../src/shared/plan-messages.ts';
import { type FixtureSite, startFixtureSite } from '../doubles/fixture-site.ts';
import { MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { seedCompletedAudit, setPlan } from '../helpers/seed.ts';

const LOGO = path.resolve(import.meta.dirname, '../fixtures/site/images/logo.png');

let site: FixtureSite;

const e2e = serverAndBrowserForFile({ CRAWLER_ALLOW_LOOPBACK: 'true' });

beforeAll(async () => {
  site = await startFixtureSite({ slowMs: 300 });
});

afterAll(async () => {
  await site?.close();
});

async function toast(page: Page, title: string) {
  await page.getByText(title, { exact: true }).first().waitFor();
}

async function noHorizontalOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('brand audit', () => {
  it('creates a brand, audits it, opens, exports and shares the report, and shows it on the dashboard', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.baseURL });
    await signInThroughPage(page, 'owner@example.com');

    // Create the brand.
    await page.goto('/brand-audit');
    await page.getByRole('heading', { name: 'Brand Audit', level: 1 }).waitFor();
    await page.getByLabel('Brand name', { exact: true }).fill('Northwind Roasters');
    await page.getByLabel('Website URL', { exact: true }).fill(site.url);
    await page.getByLabel('Instagram', { exact: true }).fill('@northwindroasters');
    await page.getByRole('button', { name: 'Add colour' }).click();
    await page.getByRole('button', { name: 'Add colour' }).click();
    await page.getByLabel('Colour 1 hex value').fill('#3B2F2F');
    await page.getByLabel('Colour 2 hex value').fill('#F5F0E6');
    await page.getByLabel('Fonts', { exact: true }).fill('Georgia');
    await page.getByLabel('Fonts', { exact: true }).press('Enter');
    await page.getByLabel('Logo file').setInputFiles(LOGO);
    await toast(page, 'File Uploaded');
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await page.getByRole('button', { name: 'Create Brand' }).click();
    await toast(page, 'Brand Created');

    // The new brand is selected; start its audit and watch it run.
    await page.getByRole('heading', { name: 'Start a New Audit' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Brand' }).textContent()).toContain('Northwind Roasters');
    await page.getByRole('button', { name: 'Start Audit' }).click();
    await toast(page, 'Audit Started');
    const card = page.getByTestId('audit-card').first();
    await page.locator('[data-testid="audit-card"][data-status="processing"]').waitFor();
    expect(await card.getByRole('button', { name: 'Processing...' }).isDisabled()).toBe(true);
    await page.locator('[data-testid="audit-card"][data-status="completed"]').waitFor({ timeout: 60_000 });
    await screenshotFor(page, 'brand-audit-desktop');

    // The report.
    await card.getByRole('link', { name: 'View Report' }).click();
    await page.waitForURL('**/audit-results/*');
    const gauge = page.getByRole('img', { name: /^Overall brand score: \d+ out of 100$/ });
    await gauge.waitFor();
    const score = Number(/(\d+) out of 100/.exec((await gauge.getAttribute('aria-label')) ?? '')?.[1]);
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThanOrEqual(100);
    await page.getByRole('heading', { name: 'Recommendations', exact: true }).waitFor();

    const failedCheck = page.locator('[data-area="website"] li[data-status="fail"]').first();
    const evidenceButton = failedCheck.getByRole('button', { name: /^Evidence/ });
    expect(await evidenceButton.getAttribute('aria-expanded')).toBe('false');
    await evidenceButton.click();
    expect(await evidenceButton.getAttribute('aria-expanded')).toBe('true');
    await failedCheck.locator(`a[href^="${site.url}/"]`).first().waitFor();
    await screenshotFor(page, 'audit-report-desktop');

    // Export PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^brandlens-northwind-roasters-audit-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    await toast(page, 'PDF Downloaded');

    // Share: the link is on the clipboard (or, where the clipboard fails, in the dialog).
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const shareInput = page.getByLabel('Share link');
    await Promise.race([toast(page, 'Link Copied'), shareInput.waitFor()]);
    const link = (await shareInput.isVisible())
      ? await shareInput.inputValue()
      : await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${e2e.server.baseURL}/reports/[A-Za-z0-9_-]{20,}$`));
    await page.getByText('Shared by link.').waitFor();

    const visitor = await newPage(e2e.browser, e2e.server.baseURL);
    await visitor.goto(link);
    await visitor.getByRole('heading', { name: 'Northwind Roasters', level: 1 }).waitFor();
    await visitor.getByRole('img', { name: `Overall brand score: ${score} out of 100` }).waitFor();
    expect(await visitor.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    expect(await visitor.getByRole('button', { name: 'Export PDF' }).count()).toBe(0);
    expect(await visitor.getByText('owner@example.com').count()).toBe(0);
    await visitor.getByRole('button', { name: 'Download PDF' }).waitFor();
    await screenshotFor(visitor, 'shared-report-desktop');
    await visitor.context().close();

    // The dashboard counts the completed audit.
    await page.goto('/');
    const recent = page.getByRole('list', { name: 'Recent audits' });
    await recent.getByText('Northwind Roasters').waitFor();
    expect(await recent.getByText(`${score} out of 100`).count()).toBe(1);
    const brandScore = page.getByTestId('stat-brand-score');
    expect(await brandScore.textContent()).toContain(`${score}Latest: ${score}`);
    await screenshotFor(page, 'dashboard-with-audit');
    await page.context().close();
  });

  it('tells a free-plan user who has used their audit that the plan limit is reached', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL, MOBILE);
    await signInThroughPage(page, 'limited@example.com');
    await seedCompletedAudit(e2e.server.database, 'limited@example.com');

    await page.goto('/brand-audit');
    await page.getByRole('heading', { name: 'Start a New Audit' }).waitFor();
    await page.getByText('Maximum brands limit (1) reached.').first().waitFor();
    await page.getByRole('region', { name: 'Upgrade your plan' }).waitFor();
    await page.locator('[data-testid="audit-card"][data-status="completed"]').waitFor();
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The used-up plan cannot re-run: the card offers the upgrade instead of Re-run.
    const card = page.locator('[data-testid="audit-card"][data-status="completed"]');
    await card.getByRole('link', { name: 'Upgrade to Re-run' }).waitFor();
    expect(await card.getByRole('button', { name: /Re-run audit of/ }).count()).toBe(0);
    await screenshotFor(page, 'free-plan-upgrade-instead-of-rerun');

    await page.getByRole('button', { name: 'Start Audit' }).click();
    await toast(page, 'Failed to start audit');
    await page
      .getByText('Your Free plan includes 1 audit. Upgrade your plan to run more audits.', { exact: true })
      .first()
      .waitFor();

    await card.getByRole('link', { name: 'Upgrade to Re-run' }).click();
    await page.waitForURL((url) => url.pathname === '/subscribe');
    expect(await page.evaluate(() => localStorage.getItem('selectedPlan'))).toBe('starter');
    await page.context().close();
  });

  it('offers Re-run to a plan with audits left, and the report says recommendations come with Starter on free', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'roomy@example.com');
    const { audit } = await seedCompletedAudit(e2e.server.database, 'roomy@example.com');

    await page.goto(`/audit-results/${audit.id}`);
    const panel = page.getByRole('region', { name: 'AI marketing recommendations' });
    await panel
      .getByText('Your Free plan does not include AI recommendations. Upgrade to Starter to use them.')
      .waitFor();
    expect(await panel.getByRole('button', { name: 'Generate Recommendations' }).count()).toBe(0);
    await page
      .getByRole('region', { name: 'Upgrade your plan' })
      .getByText('Starter adds AI recommendations, consumer insights and competitor tracking.', { exact: false })
      .waitFor();
    await screenshotFor(page, 'free-plan-recommendations-not-included');

    await setPlan(e2e.server.database, 'roomy@example.com', 'starter');
    await page.goto('/brand-audit');
    const card = page.locator('[data-testid="audit-card"][data-status="completed"]');
    await card.getByRole('button', { name: 'Re-run audit of Acme Coffee' }).waitFor();
    expect(await card.getByRole('link', { name: 'Upgrade to Re-run' }).count()).toBe(0);
    await page.context().close();
  });

  it('marks the brands beyond a smaller plan read-only: a badge, the reason, and no Re-run', async () => {
    const email = 'shrunk@example.com';
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, email);
    await setPlan(e2e.server.database, email, 'agency');
    await seedCompletedAudit(e2e.server.database, email, 'Acme Coffee');
    await seedCompletedAudit(e2e.server.database, email, 'Birch Bakery');
    await setPlan(e2e.server.database, email, 'free');
    const reason = readOnlyBrandMessage('free', 'Birch Bakery', 1);

    await page.goto('/brand-audit');
    await page.getByRole('heading', { name: 'Start a New Audit' }).waitFor();
    // The oldest brand is the plan's: selected first, with no notice.
    expect(await page.getByRole('region', { name: 'Read-only' }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Brand' }).click();
    await page.getByRole('option', { name: 'Birch Bakery Read-only' }).click();
    await page.getByRole('region', { name: 'Read-only' }).getByText(reason, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Start Audit' }).isDisabled()).toBe(true);

    const birch = page.locator('[data-testid="audit-card"]').filter({ hasText: 'Birch Bakery' });
    const rerun = birch.getByRole('button', { name: 'Re-run audit of Birch Bakery' });
    expect(await rerun.getAttribute('aria-disabled')).toBe('true');
    await rerun.hover();
    await page.getByRole('tooltip').getByText(reason).first().waitFor();
    await screenshotFor(page, 'brand-audit-read-only-brand');
    // Pressed anyway (it stays focusable so the reason can be read), it starts nothing.
    const starts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/audits') starts.push(request.url());
    });
    await rerun.click({ force: true });

    // Deleting the plan's brand makes Birch the plan's own.
    await page.getByRole('button', { name: 'Actions for Acme Coffee' }).click();
    await page.getByRole('menuitem', { name: 'Delete brand' }).click();
    await page.getByRole('button', { name: 'Delete Brand' }).click();
    await birch.getByRole('link', { name: 'Upgrade to Re-run' }).waitFor();
    expect(await page.getByRole('region', { name: 'Read-only' }).count()).toBe(0);
    expect(starts).toEqual([]);
    await page.context().close();
  });
});
