import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, consumerInsights, users } from '../../src/server/db/schema/index.ts';
import { type InsightSourcesSite, startInsightSourcesSite } from '../doubles/insight-sources-site.ts';
import { MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { setPlan } from '../helpers/seed.ts';

const CSV_1000 = path.resolve(import.meta.dirname, '../fixtures/insight-sources/csv/reviews-1000.csv');

const e2e = serverAndBrowserForFile({ CRAWLER_ALLOW_LOOPBACK: 'true' });
let site: InsightSourcesSite;
let page: Page;
let brandId: string;

beforeAll(async () => {
  site = await startInsightSourcesSite();
});

afterAll(async () => {
  await site?.close();
});

/** A signed-in SMB user with one brand whose website is the loopback site, on the Consumer Insights page. */
async function openInsightsAs(email: string) {
  page = await newPage(e2e.browser, e2e.server.baseURL);
  await signInThroughPage(page, email);
  await setPlan(e2e.server.database, email, 'smb');
  const [owner] = await e2e.server.database.db.select().from(users).where(eq(users.email, email));
  const [brand] = await e2e.server.database.db
    .insert(brands)
    .values({ userId: owner!.id, name: 'Northwind Roasters', websiteUrl: site.url })
    .returning();
  brandId = brand!.id;
  await page.goto('/consumer-insights');
  await page.getByRole('heading', { name: 'Discover Consumer Insights' }).waitFor();
}

async function toast(title: string, description?: string | RegExp) {
  const region = page.getByRole('region', { name: /Notifications/ });
  await region.getByText(title, { exact: true }).first().waitFor();
  if (description) await region.getByText(description).first().waitFor();
}

/** Every value the progress bars take, recorded in the page as they change. */
async function recordProgress() {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    const record = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const entry = `${bar.getAttribute('aria-label')}|${bar.getAttribute('aria-valuenow')}`;
        if (seen.at(-1) !== entry) seen.push(entry);
      }
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

/** One element's screenshot to look at by hand, when SCREENSHOTS_DIR is set. */
async function screenshotOf(locator: Locator, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) await locator.screenshot({ path: path.join(dir, `${name}.png`) });
}

const progressSeen = () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);

const storedInsights = async () =>
  (await e2e.server.database.db.select().from(consumerInsights).where(eq(consumerInsights.brandId, brandId))).length;

describe('consumer insight sources', () => {
  it('says which sources to add when there are none, then imports the 1,000-row CSV with its progress', async () => {
    await openInsightsAs('importer@example.com');
    await page.getByText('No sources yet.').waitFor();

    await page.getByRole('button', { name: 'Discover Insights' }).click();
    const guidance = page.getByRole('alert').filter({ hasText: 'has no insight sources yet' });
    await guidance.waitFor();
    expect(await guidance.textContent()).toContain('Google Alerts feed for "Northwind Roasters"');
    expect(await storedInsights()).toBe(0);

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a CSV file' });
    await dialog.getByLabel('CSV file').setInputFiles(CSV_1000);
    // The columns are read in the browser and the mapping guessed from their names.
    await dialog.getByText("The file's columns: “Review ID”, “Reviewer”").waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Feedback text (required)' }).textContent()).toBe('Review Text');
    expect(await dialog.getByRole('combobox', { name: 'Date' }).textContent()).toBe('Review Date');
    expect(await dialog.getByRole('combobox', { name: 'Rating' }).textContent()).toBe('Stars');
    await screenshotFor(page, 'csv-import-mapping');

    await recordProgress();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByTestId('import-result').waitFor({ timeout: 60_000 });
    expect(await dialog.getByTestId('import-result').textContent()).toContain(
      'Imported 1,000 insights from reviews-1000.csv1,000 rows read; 0 already in the list.',
    );
    // The toast comes with the result, not with Done, so it is read now, before it times out. The
    // open dialog hides the rest of the page from assistive technology, so it is found by its region.
    const toasts = page.locator('[role="region"][aria-label^="Notifications ("]');
    await toasts.getByText('CSV Imported', { exact: true }).waitFor();
    await toasts.getByText('Added 1,000 insights from reviews-1000.csv.').waitFor();
    // The page behind now lists 1,000 insights: a full-page screenshot of it would be huge.
    await screenshotOf(dialog, 'csv-import-done');

    // The bar followed the upload, then the server's analysis, never going back within a phase.
    const seen = await progressSeen();
    const upload = seen.filter((entry) => entry.startsWith('Import progress: Uploading'));
    const server = seen.filter((entry) => entry.startsWith('Import progress:') && !entry.includes('Uploading'));
    // On loopback the upload may finish between two renders: its bar shows, not every step of it.
    expect(upload.length).toBeGreaterThan(0);
    for (const phase of [upload, server]) {
      const values = phase.map((entry) => Number(entry.split('|')[1]));
      expect(values).toEqual([...values].sort((a, b) => a - b));
    }
    expect(await storedInsights()).toBe(1000);
    // The dialog hides the rest of the page from assistive technology until it closes.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('adds a feed and the website reviews, discovers from both, and a second run adds nothing', async () => {
    await openInsightsAs('discoverer@example.com');
    // A feed that is gone is refused in the dialog with the reason.
    await page.getByRole('button', { name: 'Add Feed' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add a feed' });
    await dialog.getByLabel('Feed address').fill(`${site.url}/feeds/gone.xml`);
    await dialog.getByRole('button', { name: 'Add Source' }).click();
    await dialog.getByText('The feed cannot be added: The feed address answered 404 Not Found').waitFor();
    await dialog.getByLabel('Feed address').fill(`${site.url}/feeds/rss2.xml`);
    await dialog.getByRole('button', { name: 'Add Source' }).click();
    await toast('Source Added');

    await page.getByRole('button', { name: 'Add Website Reviews' }).click();
    dialog = page.getByRole('dialog', { name: 'Add website reviews' });
    await dialog.getByText(`Leave empty to use ${site.url}`).waitFor();
    await dialog.getByRole('button', { name: 'Add Source' }).click();
    await toast('Source Added');
    const sources = page.getByRole('list', { name: 'Sources of Northwind Roasters' });
    await sources.getByText('Northwind Roasters reviews & comments').waitFor();
    await sources.getByText('Not checked yet').first().waitFor();

    await recordProgress();
    const discover = page.getByRole('button', { name: /^Discover/ });
    await discover.click();
    await page.getByRole('button', { name: 'Discovering...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Discovering...' }).isDisabled()).toBe(true);
    await screenshotFor(page, 'insight-discovery-running');
    await toast('Discovery Complete', 'Added 8 new insights.');
    // 'Complete!' holds the bar at 100 %, then it resets.
    await page.getByText('Complete!').waitFor();
    await page.getByText('Complete!').waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByRole('button', { name: 'Discover Insights' }).waitFor();
    const discoverySteps = (await progressSeen()).filter((entry) => entry.startsWith('Discovery progress'));
    expect(discoverySteps.at(-1)).toBe('Discovery progress: Complete!|100');
    expect(await storedInsights()).toBe(8);

    await sources.getByText('3 insights added').waitFor();
    await sources.getByText('5 insights added').waitFor();
    await sources.getByText('4.6 out of 5 from 128 reviews · Northwind Roasters Leeds').waitFor();
    await page
      .getByTestId('discovery-result')
      .getByText('Last discovery: 8 new insights, 0 items already in your list.')
      .waitFor();
    await screenshotFor(page, 'insight-sources-after-discovery');

    await page.getByRole('button', { name: 'Discover Insights' }).click();
    await toast('Discovery Complete', 'No new insights: everything found was already in your list.');
    await page
      .getByTestId('discovery-result')
      .getByText('Last discovery: 0 new insights, 8 items already in your list.')
      .waitFor();
    expect(await storedInsights()).toBe(8);

    // The cards fit a phone's width.
    await page.setViewportSize(MOBILE);
    await sources.getByText('5 insights added').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshotFor(page, 'insight-sources-mobile');
    await page.context().close();
  });
});
