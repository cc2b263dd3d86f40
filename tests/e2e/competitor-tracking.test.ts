import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adLibraryEntries, brands, competitors, users } from '../../src/server/db/schema/index.ts';
import { storedFeatureNotice } from '../../src/shared/plan-messages.ts';
import { chooseOption, DESKTOP, MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { setPlan } from '../helpers/seed.ts';

const ADS_CSV = path.resolve(import.meta.dirname, '../fixtures/ad-library/ads.csv');

const e2e = serverAndBrowserForFile();
let page: Page;

/** A signed-in user on a plan, with one brand, on the Competitor Tracking page. */
async function openTrackingAs(email: string, plan: 'smb' | 'free') {
  page = await newPage(e2e.browser, e2e.server.baseURL);
  await signInThroughPage(page, email);
  await setPlan(e2e.server.database, email, plan);
  const [owner] = await e2e.server.database.db.select().from(users).where(eq(users.email, email));
  await e2e.server.database.db.insert(brands).values({ userId: owner!.id, name: 'Acme Coffee' });
  await page.goto('/competitor-tracking');
  await page.getByRole('heading', { name: 'Competitor Tracking' }).waitFor();
}

async function toast(title: string) {
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText(title, { exact: true })
    .first()
    .waitFor();
}

async function tile(key: string, value: string) {
  await page
    .getByTestId(`tile-${key}`)
    .filter({ hasText: new RegExp(`^${value}$`) })
    .waitFor();
}

const choose = (scope: Page | ReturnType<Page['getByRole']>, label: string, option: string) =>
  chooseOption(page, scope, label, option);

const ads = () => page.getByRole('region', { name: 'Ads' }).getByRole('article');

describe('competitor tracking', () => {
  it('adds a competitor with its page id, and a second one', async () => {
    await openTrackingAs('tracker@example.com', 'smb');
    await tile('competitors', '0');
    await page.getByText('No competitors yet').waitFor();
    // Google and the rest have no open ad library: the screen says so.
    await page.getByText(/Google, LinkedIn, X \(Twitter\), YouTube have no ad library open to small/).waitFor();

    await page.getByRole('button', { name: 'Add Competitor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Competitor' });
    const submit = dialog.getByRole('button', { name: 'Add Competitor' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Company name').fill('Bean There');
    await dialog.getByLabel('Website').fill('beanthere.example');
    await dialog.getByLabel('Facebook page id, address or Ad Library link').fill('https://www.facebook.com/beanthere');
    await dialog.getByText("That page address does not carry the page's id.").waitFor();
    await dialog
      .getByLabel('Facebook page id, address or Ad Library link')
      .fill('https://www.facebook.com/profile.php?id=100064512345678');
    await dialog.getByText('Page id 100064512345678').waitFor();
    await choose(dialog, 'Size', 'SMB (51-500)');
    await submit.click();
    await toast('Competitor added successfully');
    const row = page.getByRole('listitem', { name: 'Bean There' });
    await row.getByText('SMB (51-500) · Facebook page 100064512345678').waitFor();
    await tile('competitors', '1');

    await page.getByRole('button', { name: 'Add Competitor' }).click();
    await page.getByRole('dialog', { name: 'Add Competitor' }).getByLabel('Company name').fill('Grind House');
    await page.getByRole('dialog', { name: 'Add Competitor' }).getByRole('button', { name: 'Add Competitor' }).click();
    await toast('Competitor added successfully');
    await tile('competitors', '2');
  });

  it('adds an ad by hand and edits it', async () => {
    await page.getByRole('button', { name: 'Add Ad' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Ad' });
    const submit = dialog.getByRole('button', { name: 'Add Ad' });
    expect(await submit.isDisabled()).toBe(true);
    await choose(dialog, 'Competitor', 'Bean There');
    await choose(dialog, 'Platform', 'Google');
    await dialog.getByLabel('Ad text').fill('Order before 2pm for next-day delivery.');
    await dialog.getByLabel('Landing page').fill('beanthere.example/delivery');
    await submit.click();
    await toast('Ad entry added successfully');
    const card = ads().filter({ hasText: 'Order before 2pm' });
    await card.getByText('running 1 day').waitFor();
    await card.getByText('https://beanthere.example/delivery').waitFor();
    expect(await card.getByText('not disclosed').count()).toBe(3);
    await tile('ads', '1');

    await card.getByRole('button', { name: 'Edit ad' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Ad' });
    await edit.getByLabel('Ad text').fill('Order before 3pm for next-day delivery.');
    await choose(edit, 'Objective', 'traffic');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast('Ad entry updated successfully');
    await ads().filter({ hasText: 'Order before 3pm' }).getByText('traffic').waitFor();
  });

  it('imports ads from a CSV file, listing the bad rows by line', async () => {
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import ads from a CSV file' });
    await dialog.getByLabel('CSV file').setInputFiles(ADS_CSV);
    expect(await dialog.getByRole('combobox', { name: 'Ad text (required)' }).textContent()).toBe('Ad Copy');
    expect(await dialog.getByRole('combobox', { name: 'Competitor name' }).textContent()).toBe('Advertiser');
    await screenshotFor(page, 'competitor-tracking-csv-mapping');
    await dialog.getByRole('button', { name: 'Import' }).click();
    const result = dialog.getByTestId('ad-import-result');
    await result.getByText('Imported 3 new ads from ads.csv').waitFor();
    const badRows = dialog.getByRole('list', { name: 'Rows not imported' });
    await badRows.getByText('No competitor named "Nobody Ltd" is tracked for this brand: add it first').waitFor();
    expect(await badRows.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/^Line 5:/),
      expect.stringMatching(/^Line 6:/),
      expect.stringMatching(/^Line 7:/),
      expect.stringMatching(/^Line 8:/),
      expect.stringMatching(/^Line 9:/),
    ]);
    await screenshotFor(page, 'competitor-tracking-csv-result');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await tile('ads', '4');
    await tile('platforms', '2');
    await screenshotFor(page, 'competitor-tracking');
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Add Ad' }).scrollIntoViewIfNeeded();
    await screenshotFor(page, 'competitor-tracking-mobile');
    await page.setViewportSize(DESKTOP);
  });

  it('filters the library by platform and competitor', async () => {
    await choose(page, 'Platform', 'Google');
    await ads().filter({ hasText: 'Order before 3pm' }).waitFor();
    await expect.poll(() => ads().count()).toBe(2);
    await choose(page, 'Competitor', 'Grind House');
    await page.getByText('No ads match these filters').waitFor();
    await choose(page, 'Platform', 'All platforms');
    await expect.poll(() => ads().count()).toBe(1);
    await choose(page, 'Competitor', 'All competitors');
    await expect.poll(() => ads().count()).toBe(4);
  });

  it('deletes an ad and removes a competitor after confirming', async () => {
    await ads().filter({ hasText: 'Order before 3pm' }).getByRole('button', { name: 'Delete ad' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast('Ad entry deleted successfully');
    await expect.poll(() => ads().count()).toBe(3);

    await page.getByRole('button', { name: 'Remove Grind House' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await toast('Competitor removed successfully');
    await tile('competitors', '1');
    await tile('ads', '2');
    const stored = await e2e.server.database.db.select().from(adLibraryEntries);
    expect(stored).toHaveLength(2);
  });

  it("saves the brand's ad market", async () => {
    const market = page.getByRole('combobox', { name: 'Ads shown in: United Kingdom' });
    await market.click();
    await page.getByRole('option', { name: 'Ireland', exact: true }).click();
    await toast('Ad market saved');
    await page.reload();
    await page.getByRole('combobox', { name: 'Ads shown in: Ireland' }).waitFor();
  });

  it('shows a free user the upgrade prompt instead', async () => {
    await page.context().close();
    await openTrackingAs('free-tracker@example.com', 'free');
    const prompt = page.getByRole('region', { name: 'Upgrade your plan' });
    await prompt.getByText('Unlock competitor tracking').waitFor();
    expect(await page.getByRole('button', { name: 'Add Competitor' }).count()).toBe(0);
    await screenshotFor(page, 'competitor-tracking-free');
  });

  it('shows a free user what it tracked on a paid plan, read-only', async () => {
    await page.context().close();
    await openTrackingAs('kept-tracker@example.com', 'free');
    const [owner] = await e2e.server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'kept-tracker@example.com'));
    const [brand] = await e2e.server.database.db.select().from(brands).where(eq(brands.userId, owner!.id));
    const [rival] = await e2e.server.database.db
      .insert(competitors)
      .values({ userId: owner!.id, brandId: brand!.id, name: 'Kept Rival', website: 'https://kept-rival.example' })
      .returning();
    await e2e.server.database.db.insert(adLibraryEntries).values({
      userId: owner!.id,
      competitorId: rival!.id,
      platform: 'meta',
      adText: 'Two loaves for the price of one, this week only.',
      source: 'manual',
    });
    await page.reload();
    const notice = page.getByRole('region', { name: 'Read-only' });
    await notice.getByText(storedFeatureNotice('free', 'competitorTracking'), { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Competitors' }).getByText('Kept Rival').waitFor();
    await page.getByText('Two loaves for the price of one, this week only.').waitFor();
    await tile('competitors', '1');
    for (const change of ['Add Competitor', 'Add Ad', 'Import CSV', 'Generate Report', 'Check now']) {
      expect(await page.getByRole('button', { name: change }).count(), change).toBe(0);
    }
    expect(await page.getByRole('button', { name: 'Edit Kept Rival' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Remove Kept Rival' }).waitFor();
    await screenshotFor(page, 'competitor-tracking-free-read-only');
    await page.context().close();
  });
});
