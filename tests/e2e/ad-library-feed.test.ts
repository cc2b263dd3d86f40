/**
 * The Ad Library at volume: thousands of competitor ads, read page by page while the list scrolls,
 * searched and filtered by the server with the filters in the address (shared links, the back
 * button), the server's figures, the CSV export of the same ads, and an empty result cleared.
 */
import fs from 'node:fs';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adLibraryEntries } from '../../src/server/db/schema/index.ts';
import { adCsvHeaderLine } from '../../src/server/features/ad-library/ad-csv-row.ts';
import { chooseOption, DESKTOP, MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedCompetitor } from '../helpers/seed-competitors.ts';
import { seedBrand } from '../helpers/seed-insights.ts';

const ADS = 5000;
const EMAIL = 'ad-feed-e2e@example.com';
const e2e = serverAndBrowserForFile();
let page: Page;
let owner: string;

/**
 * Two competitors' ads in one statement: every third ad Meta's (shown on Facebook and Instagram),
 * the rest Google's and TikTok's; one in four stopped; one in five hundred a masterclass.
 */
async function seedLibrary() {
  const brand = await seedBrand(e2e.server.database, EMAIL, 'Loaf & Co');
  owner = brand.userId;
  const crumb = await seedCompetitor(e2e.server.database, brand, 'Crumb Rivals');
  const yeast = await seedCompetitor(e2e.server.database, brand, 'Yeast Side');
  await e2e.server.database.executeSql(
    `INSERT INTO ad_library_entries (user_id, competitor_id, platform, ad_id, ad_title, ad_text, is_active,
       first_seen_at, last_seen_at, publisher_platforms, meta_media_type, source)
     SELECT $1::uuid, CASE WHEN n % 2 = 0 THEN $2::uuid ELSE $3::uuid END,
       (ARRAY['meta', 'google', 'tiktok'])[n % 3 + 1], 'feed-' || n,
       CASE WHEN n % 500 = 0 THEN 'Sourdough masterclass ' || n ELSE 'Fresh loaves, offer ' || n END,
       'Baked this morning. Offer number ' || n || '.',
       n % 4 <> 0,
       now() - (n % 300 + 20) * interval '1 day',
       CASE WHEN n % 4 <> 0 THEN now() ELSE now() - (n % 300) * interval '1 day' END,
       CASE WHEN n % 3 = 0 THEN '["facebook", "instagram"]'::jsonb ELSE '[]'::jsonb END,
       CASE WHEN n % 3 = 0 THEN 'video' END,
       CASE WHEN n % 3 = 0 THEN 'meta' ELSE 'manual' END
     FROM generate_series(1, ${ADS}) AS n`,
    [owner, crumb.id, yeast.id],
  );
}

/** How many of the owner's ads the database holds under a condition. */
async function stored(condition?: SQL) {
  const [row] = await e2e.server.database.db
    .select({ ads: count() })
    .from(adLibraryEntries)
    .where(and(eq(adLibraryEntries.userId, owner), condition));
  return row!.ads;
}

const thousands = (value: number) => value.toLocaleString('en-GB');
const list = () => page.getByRole('region', { name: 'Ads' });
const cards = () => list().getByRole('article');
const adCount = () => page.getByTestId('ad-library-count');
const address = () => new URL(page.url()).searchParams;

async function countIs(ads: number) {
  await adCount()
    .filter({ hasText: new RegExp(`^${thousands(ads)} ads?$`) })
    .waitFor();
}

const choose = (label: string, option: string) => chooseOption(page, page, label, option, { exactLabel: true });

async function download(click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), text: fs.readFileSync(await file.path(), 'utf8') };
}

describe('the ad library at volume', () => {
  it('shows the first cards and the total at once, drawing only the cards in view', async () => {
    page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, EMAIL);
    await setPlan(e2e.server.database, EMAIL, 'smb');
    await seedLibrary();

    await page.goto('/competitor-tracking');
    await cards().first().waitFor();
    await countIs(ADS);
    await page
      .getByRole('status')
      .getByText(`30 of ${thousands(ADS)} ads loaded`)
      .waitFor();
    expect(await cards().count()).toBeLessThan(30);
    await screenshotFor(page, 'ad-library-feed');
  });

  it('loads the next page as the list scrolls', async () => {
    await list().evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page
      .getByRole('status')
      .getByText(`60 of ${thousands(ADS)} ads loaded`)
      .waitFor();
    await list().evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page
      .getByRole('status')
      .getByText(`90 of ${thousands(ADS)} ads loaded`)
      .waitFor();
    // the cards scrolled past are no longer drawn, and each card says where it is in the whole
    await list().locator('[role="listitem"][aria-posinset="1"]').waitFor({ state: 'detached' });
    const last = list().getByRole('listitem').last();
    expect(await last.getAttribute('aria-setsize')).toBe(String(ADS));
    expect(Number(await last.getAttribute('aria-posinset'))).toBeGreaterThan(60);
    expect(await cards().count()).toBeLessThan(40);
  });

  it('matches the stat tiles and the figures to the totals the database holds', async () => {
    await page
      .getByTestId('tile-ads')
      .filter({ hasText: thousands(ADS) })
      .waitFor();
    await page.getByTestId('tile-competitors').filter({ hasText: /^2$/ }).waitFor();
    await page.getByTestId('tile-platforms').filter({ hasText: /^3$/ }).waitFor();
    const running = await stored(eq(adLibraryEntries.isActive, true));
    await page
      .getByTestId('ads-running')
      .filter({ hasText: `${thousands(running)} running` })
      .waitFor();
    await page
      .getByTestId('ads-stopped')
      .filter({ hasText: `${thousands(ADS - running)} stopped` })
      .waitFor();
    const google = await stored(eq(adLibraryEntries.platform, 'google'));
    await page
      .getByTestId('ads-on-google')
      .filter({ hasText: `Google: ${thousands(google)}` })
      .waitFor();
  });

  it('searches the titles and texts, narrowing the list and the count, one history entry for the typing', async () => {
    const entries = await page.evaluate(() => window.history.length);
    const search = page.getByLabel('Search ads');
    await search.pressSequentially('sourdough');
    await expect.poll(() => address().get('q')).toBe('sourdough');
    await search.pressSequentially(' masterclass');
    await expect.poll(() => address().get('q')).toBe('sourdough masterclass');
    await countIs(ADS / 500);
    await expect
      .poll(async () => (await cards().allInnerTexts()).every((text) => text.includes('Sourdough masterclass')))
      .toBe(true);
    // the narrowed list may be drawn over more than one frame: wait for every match's card
    await expect.poll(() => cards().count()).toBe(ADS / 500);
    expect(await page.evaluate(() => window.history.length)).toBe(entries + 1);
    await search.blur();
  });

  it('narrows by platform and status, each a step in the address that back undoes', async () => {
    await page.getByLabel('Search ads').fill('');
    await page.getByLabel('Search ads').blur();
    await countIs(ADS);
    await choose('Platform', 'Google');
    const google = await stored(eq(adLibraryEntries.platform, 'google'));
    await countIs(google);
    expect(address().get('platform')).toBe('google');
    await choose('Status', 'Stopped');
    const stoppedGoogle = await stored(
      and(eq(adLibraryEntries.platform, 'google'), eq(adLibraryEntries.isActive, false)),
    );
    await countIs(stoppedGoogle);
    expect(address().get('status')).toBe('stopped');
    await page
      .getByTestId('ads-stopped')
      .filter({ hasText: `${thousands(stoppedGoogle)} stopped` })
      .waitFor();
    await page
      .getByTestId('ads-running')
      .filter({ hasText: /^0 running$/ })
      .waitFor();
    await screenshotFor(page, 'ad-library-feed-filtered');

    await page.goBack();
    await countIs(google);
    expect(address().get('status')).toBeNull();
    await page.getByRole('combobox', { name: 'Status', exact: true }).filter({ hasText: 'Any status' }).waitFor();
    await page.goBack();
    await countIs(ADS);
    expect(address().get('platform')).toBeNull();
    await page.goBack();
    await countIs(ADS / 500);
    expect(await page.getByLabel('Search ads').inputValue()).toBe('sourdough masterclass');
    await page.goForward();
    await page.goForward();
    await page.goForward();
    await countIs(stoppedGoogle);
  });

  it('opens a shared link with the same filters and list', async () => {
    const link = page.url();
    const other = await newPage(e2e.browser, e2e.server.baseURL, MOBILE);
    await signInThroughPage(other, EMAIL);
    await other.goto(link);
    const stoppedGoogle = await stored(
      and(eq(adLibraryEntries.platform, 'google'), eq(adLibraryEntries.isActive, false)),
    );
    await other
      .getByTestId('ad-library-count')
      .filter({ hasText: `${thousands(stoppedGoogle)} ads` })
      .waitFor();
    await other.getByRole('combobox', { name: 'Platform', exact: true }).filter({ hasText: 'Google' }).waitFor();
    await other.getByRole('combobox', { name: 'Status', exact: true }).filter({ hasText: 'Stopped' }).waitFor();
    // on a phone the filters fold away, open from the start when the link sets some
    expect(await other.getByRole('button', { name: 'Filters (2)' }).getAttribute('aria-expanded')).toBe('true');
    await other.evaluate(() => window.scrollTo(0, 0));
    await screenshotFor(other, 'ad-library-feed-mobile');
    await other.context().close();
  });

  it('exports the filtered ads as CSV', async () => {
    const stoppedGoogle = await stored(
      and(eq(adLibraryEntries.platform, 'google'), eq(adLibraryEntries.isActive, false)),
    );
    const file = await download(() => page.getByRole('link', { name: 'Export CSV' }).click());
    expect(file.name).toMatch(/^brandlens-loaf-co-ads-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = file.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(lines[0]).toBe(adCsvHeaderLine().trimEnd());
    expect(lines).toHaveLength(stoppedGoogle + 1);
    // ad id, competitor, platform, ...: every row a stopped Google ad
    expect(lines.slice(1).every((line) => line.split(',')[2] === 'google' && line.includes(',stopped,'))).toBe(true);
  });

  it('follows a link to an ad further down the list, reading pages until its card is drawn', async () => {
    // stopped ads are ordered by when they were last seen: feed-12 comes after the first page of them
    const [linked] = await e2e.server.database.db
      .select({ id: adLibraryEntries.id })
      .from(adLibraryEntries)
      .where(and(eq(adLibraryEntries.userId, owner), eq(adLibraryEntries.adId, 'feed-12')));
    await page.goto(`/competitor-tracking?status=stopped#ad-${linked!.id}`);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), { timeout: 15_000 })
      .toBe(`ad-${linked!.id}`);
    const card = page.locator(`#ad-${linked!.id}`);
    expect(await card.getByText('Fresh loaves, offer 12', { exact: true }).isVisible()).toBe(true);
    // the page scrolls (smoothly) until the card is in view
    const inView = async () => {
      const box = await card.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= DESKTOP.height;
    };
    await expect.poll(inView).toBe(true);
    expect(
      await page
        .getByRole('status')
        .getByText(/^\d+ of [\d,]+ ads loaded$/)
        .textContent(),
    ).not.toMatch(/^30 of/);
  });

  it('says when no ad matches, and clears the filters', async () => {
    await page.getByLabel('Search ads').fill('croissant');
    await page.getByText('No ads match these filters').waitFor();
    await expect.poll(() => address().get('q')).toBe('croissant');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await countIs(ADS);
    expect([...address().keys()]).toEqual([]);
    expect(await page.getByLabel('Search ads').inputValue()).toBe('');
    await page.setViewportSize(DESKTOP);
    await page.context().close();
  });
});
