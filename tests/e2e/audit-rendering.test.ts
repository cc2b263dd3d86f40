import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpaSite, startSpaSite } from '../doubles/spa-site.ts';
import { newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { setPlan } from '../helpers/seed.ts';

// A site that builds its pages in the browser, audited from the Brand Audit screen: rendered by
// default, and, with the brand's page rendering set to never, its content checks not measured.
let site: SpaSite;

const e2e = serverAndBrowserForFile({ CRAWLER_ALLOW_LOOPBACK: 'true' });

beforeAll(async () => {
  site = await startSpaSite();
});

afterAll(async () => {
  await site?.close();
});

describe('auditing a site that builds itself in the browser', () => {
  it('renders it by default, and with rendering set to never says why its content is not measured', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'bakery@example.com');
    await setPlan(e2e.server.database, 'bakery@example.com', 'agency');

    // Create the brand; page rendering is automatic unless changed.
    await page.goto('/brand-audit');
    await page.getByLabel('Brand name', { exact: true }).fill('Harbour Bakery');
    await page.getByLabel('Website URL', { exact: true }).fill(site.url);
    const rendering = page.getByRole('combobox', { name: 'Page rendering' });
    expect(await rendering.textContent()).toBe('Automatic: render pages built with JavaScript');
    await screenshotFor(page, 'brand-form-page-rendering');
    await page.getByRole('button', { name: 'Create Brand' }).click();
    await page.getByText('Brand Created', { exact: true }).first().waitFor();

    // Audit it: every page rendered, the three pages crawled, the real fault found.
    await page.getByRole('button', { name: 'Start Audit' }).click();
    await page.locator('[data-testid="audit-card"][data-status="completed"]').waitFor({ timeout: 60_000 });
    await page.getByTestId('audit-card').first().getByRole('link', { name: 'View Report' }).click();
    await page.waitForURL('**/audit-results/*');
    const note = page.getByTestId('crawl-rendering');
    await note.waitFor();
    expect(await note.textContent()).toBe(
      '3 pages build their content with JavaScript and were read as a browser shows them.',
    );
    expect(await page.getByTestId('crawl-counts').textContent()).toMatch(/^3 pages crawled and analysed\./);
    const failing = page.locator('[data-area="website"] li[data-status="fail"]');
    expect(await failing.count()).toBeGreaterThan(0);
    expect(await failing.filter({ hasText: /heading|landmark|meta description/i }).count()).toBe(0);
    await note.scrollIntoViewIfNeeded();
    await screenshotFor(page, 'audit-rendered-site');

    // Rendering set to never on the brand: the content checks are not measured, and the report says why.
    await page.goto('/brand-audit');
    await page.getByRole('button', { name: 'Actions for Harbour Bakery' }).click();
    await page.getByRole('menuitem', { name: 'Edit brand' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Page rendering' }).click();
    await page.getByRole('option', { name: 'Never render pages' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Brand Updated', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Start Audit' }).click();
    await page.locator('[data-testid="audit-card"][data-status="processing"]').waitFor();
    await page
      .locator('[data-testid="audit-card"][data-status="processing"]')
      .waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByTestId('audit-card').first().getByRole('link', { name: 'View Report' }).click();
    await page.waitForURL('**/audit-results/*');
    await note.waitFor();
    expect(await note.textContent()).toBe(
      '1 page builds its content with JavaScript and could not be rendered because rendering is switched off for this audit, so its content checks are shown as not measured rather than failed.',
    );
    await page.getByText('Not measured: this page builds its content with JavaScript').first().waitFor();
    expect(await page.locator('[data-area="website"] li[data-status="fail"]').count()).toBe(0);
    await note.scrollIntoViewIfNeeded();
    await screenshotFor(page, 'audit-unrendered-site');
    await page.context().close();
  });
});
