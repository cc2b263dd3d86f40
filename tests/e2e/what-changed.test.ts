/**
 * A marketer chooses a competitor's TikTok advertiser, reads its TikTok ads, and asks "what
 * changed": the card names the ads started and stopped and the new offer, each linked to its
 * public page (Meta's Ad Library for Meta ads, TikTok's library for TikTok ads).
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { brands, users } from '../../src/server/db/schema/index.ts';
import { tiktokAdLibraryUrl } from '../../src/server/integrations/tiktok-ad-library/tiktok-ads.ts';
import { metaAdLibraryAdUrl } from '../../src/shared/schemas/ad-discovery.ts';
import { startTikTokApiDouble, TIKTOK_CLIENT_KEY, TIKTOK_CLIENT_SECRET, tiktokAd } from '../doubles/tiktok-api.ts';
import { captureOnFailure, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { pinClock, unpinClock } from '../helpers/clock.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedAds, seedCompetitor } from '../helpers/seed-competitors.ts';

const OWNER = 'what-changed@example.com';
const BUSINESS = '7301234567890123456';
const TIKTOK_AD = '7400000000000000042';
const DAY = 86_400_000;
const yyyymmdd = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');

// The days an ad ran depend on today: the clock is set (at noon UTC, moving on from there) for the
// test and the server it runs, so the counts below hold at any time of day.
pinClock();
afterAll(() => unpinClock());

const api = await startTikTokApiDouble();
api.setAdvertisers([{ business_id: BUSINESS, business_name: 'Fabrikam Coffee BV', country_code: 'FR' }]);
api.setAds(BUSINESS, [tiktokAd(TIKTOK_AD, { first_shown_date: yyyymmdd(new Date(Date.now() - 2 * DAY)) })]);
const e2e = serverAndBrowserForFile({
  TIKTOK_API_URL: api.apiUrl,
  TIKTOK_CLIENT_KEY,
  TIKTOK_CLIENT_SECRET,
  CRAWLER_ALLOW_LOOPBACK: 'true',
});
afterAll(() => api.close());

let page: Page;

async function seedLibrary() {
  const { db } = e2e.server.database;
  const [owner] = await db.select().from(users).where(eq(users.email, OWNER));
  const [brand] = await db
    .insert(brands)
    .values({ userId: owner!.id, name: 'Northwind Roasters', websiteUrl: 'https://northwind.example', adMarket: 'FR' })
    .returning();
  const competitor = await seedCompetitor(e2e.server.database, brand!, 'Fabrikam');
  const ago = (days: number) => new Date(Date.now() - days * DAY);
  await seedAds(e2e.server.database, competitor, [
    {
      platform: 'meta',
      source: 'meta',
      adId: '1001',
      adText: 'Handmade in our Leeds workshop.',
      firstSeenAt: ago(60),
      adLibraryUrl: metaAdLibraryAdUrl('1001'),
    },
    {
      platform: 'meta',
      source: 'meta',
      adId: '1002',
      adTitle: 'Coffee for the office',
      firstSeenAt: ago(40),
      lastSeenAt: ago(2),
      isActive: false,
      adLibraryUrl: metaAdLibraryAdUrl('1002'),
    },
    {
      platform: 'meta',
      source: 'meta',
      adId: '1003',
      adTitle: 'Black Friday: 30% off everything',
      firstSeenAt: ago(3),
      adLibraryUrl: metaAdLibraryAdUrl('1003'),
    },
  ]);
}

describe('What changed', () => {
  it("reads a competitor's TikTok ads and shows what changed, with links to the ads", async () => {
    page = await newPage(e2e.browser, e2e.server.baseURL);
    captureOnFailure(page);
    await signInThroughPage(page, OWNER);
    await setPlan(e2e.server.database, OWNER, 'agency');
    await seedLibrary();
    await page.goto('/competitor-tracking');

    // TikTok: the coverage is said, the advertiser chosen from a name search, its ads read.
    await page.getByRole('heading', { name: 'TikTok Ads' }).waitFor();
    await page.getByText("TikTok's Commercial Content API covers ads shown in the EU only", { exact: false }).waitFor();
    const tiktokRow = page.getByRole('listitem', { name: 'Fabrikam on TikTok' });
    await tiktokRow.getByText('No TikTok advertiser chosen').waitFor();
    await tiktokRow.getByRole('button', { name: 'Find TikTok advertiser' }).click();
    const dialog = page.getByRole('dialog', { name: "Find Fabrikam's TikTok advertiser" });
    await dialog.getByRole('button', { name: 'Search' }).click();
    await dialog.getByRole('button', { name: 'Choose Fabrikam Coffee BV' }).click();
    await tiktokRow.getByText(`TikTok advertiser Fabrikam Coffee BV (business ${BUSINESS})`).waitFor();
    await tiktokRow.getByRole('button', { name: "Discover Fabrikam's TikTok ads" }).click();
    await tiktokRow.getByText('Found 1 TikTok ad: 1 new, 0 updated.').waitFor();
    await screenshotFor(page, 'tiktok-ads-card');

    // What changed: nothing compared yet, then on demand.
    const changes = page.getByRole('listitem', { name: 'What changed for Fabrikam' });
    await changes.getByText('Not compared yet', { exact: false }).waitFor();
    await changes.getByRole('button', { name: 'Check what changed' }).click();
    await changes.getByText('2 ads started, 1 stopped, 1 new message or offer.').waitFor();

    const started = changes.getByRole('list', { name: 'Started' });
    const onTikTok = started.getByRole('link', { name: `View on TikTok: TikTok ad ${TIKTOK_AD}` });
    expect(await onTikTok.getAttribute('href')).toBe(tiktokAdLibraryUrl(TIKTOK_AD));
    const sale = started.getByRole('link', { name: 'View in the Ad Library: Black Friday: 30% off everything' });
    expect(await sale.getAttribute('href')).toBe(metaAdLibraryAdUrl('1003'));
    const stopped = changes.getByRole('list', { name: 'Stopped' });
    expect(
      await stopped.getByRole('link', { name: 'View in the Ad Library: Coffee for the office' }).getAttribute('href'),
    ).toBe(metaAdLibraryAdUrl('1002'));
    await changes
      .getByRole('list', { name: 'New offer: Price and discounts' })
      .getByText('Black Friday: 30% off everything')
      .waitFor();
    await changes.getByText('on demand', { exact: true }).waitFor();
    await changes.scrollIntoViewIfNeeded();
    await screenshotFor(page, 'what-changed-card');

    // The TikTok ad is in the library with its TikTok link and reach as TikTok states it.
    const tiktokCard = page.getByRole('article').filter({ hasText: "TikTok's Commercial Content Library" });
    await tiktokCard.getByText('11K', { exact: true }).waitFor();
    expect(await tiktokCard.getByRole('link', { name: 'View on TikTok' }).getAttribute('href')).toBe(
      tiktokAdLibraryUrl(TIKTOK_AD),
    );
  });
  it('names the TikTok ad by its library id in the report, and counts the brand beside its competitors', async () => {
    const { db } = e2e.server.database;
    const [brand] = await db.select().from(brands).where(eq(brands.name, 'Northwind Roasters'));
    const own = await seedCompetitor(e2e.server.database, brand!, 'Northwind Roasters', { isOwnBrand: true });
    await seedAds(e2e.server.database, own, [
      {
        platform: 'meta',
        source: 'meta',
        adId: '2001',
        adTitle: 'Our own roast',
        firstSeenAt: new Date(Date.now() - DAY),
      },
    ]);
    await page.reload();
    // with TikTok connected and Meta not, the Ad Discovery card says what still runs, and where
    await page.getByText('TikTok (per competitor, in TikTok Ads)').waitFor();
    await page.getByRole('listitem', { name: 'Northwind Roasters on TikTok' }).getByText('Your brand').waitFor();
    await page.getByText("Meta ad discovery isn't available on this server", { exact: false }).first().waitFor();
    await page.getByRole('heading', { name: 'Ad Discovery' }).scrollIntoViewIfNeeded();
    await screenshotFor(page, 'ad-discovery-card-with-tiktok');

    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByText('5 ads from 1 of 1 competitor and your brand', { exact: false }).waitFor({ timeout: 30_000 });
    // first shown two days before today: today, yesterday and that day, counted in UTC
    const longest = page.getByRole('link', {
      name: `Running 3 days: Fabrikam – TikTok ad ${TIKTOK_AD} (no text in TikTok's library)`,
    });
    await longest.waitFor();
    expect(await page.getByText('Untitled ad').count()).toBe(0);
    await longest.scrollIntoViewIfNeeded();
    await screenshotFor(page, 'report-longest-running-tiktok');
  }, 120_000);
});
