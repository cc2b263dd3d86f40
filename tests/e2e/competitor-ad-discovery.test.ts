/**
 * Auto-Discover All against the Graph API double: a competitor with a Facebook page id, the
 * floating banner with the job's real stages, the toast, and the ad library filled. Choosing a
 * competitor's page among those a name search finds, then discovering that page's ads only. What
 * users and administrators are told without an ad source.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { adLibraryEntries, brands, competitors, users } from '../../src/server/db/schema/index.ts';
import { manyAds, ordinaryAd, politicalAd, startMetaGraphDouble } from '../doubles/meta-graph.ts';
import { newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { setPlan } from '../helpers/seed.ts';
import { startServer } from '../helpers/server.ts';

const PAGE_ID = '998877';
const BIKE_PAGE = '4001001';
const graph = await startMetaGraphDouble();
graph.setAds(PAGE_ID, [politicalAd('pol-1'), ...manyAds(319, 'shop-')]);
const bikeAd = (id: string) => ordinaryAd(id, { page_id: BIKE_PAGE, page_name: 'Spoke & Chain Cycles' });
// A name search finds the bike shop's ads and another advertiser's ad that merely names it.
graph.setAds('Spoke & Chain', [
  bikeAd('bike-1'),
  ordinaryAd('rival-1', { page_id: '4002002', page_name: 'Wheel Deals', ad_creative_bodies: ['Beats Spoke & Chain'] }),
  bikeAd('bike-2'),
]);
graph.setAds(BIKE_PAGE, [bikeAd('bike-1'), bikeAd('bike-2'), bikeAd('bike-3')]);
const e2e = serverAndBrowserForFile({ META_AD_LIBRARY_TOKEN: 'good-token', META_GRAPH_URL: graph.graphUrl });

afterAll(() => graph.close());

describe('discovering competitor ads', () => {
  it('Auto-Discover All shows the real progress, then fills the ad library', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'ads-e2e@example.com');
    await setPlan(e2e.server.database, 'ads-e2e@example.com', 'smb');
    const db = e2e.server.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, 'ads-e2e@example.com'));
    const [brand] = await db
      .insert(brands)
      .values({ userId: owner!.id, name: 'Northwind Roasters', websiteUrl: 'https://northwind.example' })
      .returning();
    await db
      .insert(competitors)
      .values({ userId: owner!.id, brandId: brand!.id, name: 'Fabrikam Coffee', facebookPageId: PAGE_ID });

    await page.goto('/competitor-tracking');
    await page.getByRole('heading', { name: 'Ad Discovery' }).waitFor();
    await page.getByText('Discovered automatically').waitFor();
    await expect(page.getByText('Meta (Facebook, Instagram)').first().isVisible()).resolves.toBe(true);
    await page.getByTestId('ad-count').getByText('0 ads in the library').waitFor();
    await screenshotFor(page, 'ad-discovery-before');

    // The second page of results is held back, so the banner is seen mid-run, after the first page.
    const releaseSecondPage = graph.holdPage(2);
    await page.getByRole('button', { name: 'Auto-Discover All' }).click();
    const banner = page.getByTestId('discovery-banner');
    await banner.getByText(/^Fabrikam Coffee: page \d+, \d+ ads read$/).waitFor();
    await expect(page.getByRole('button', { name: 'Discover ads for Fabrikam Coffee' }).isDisabled()).resolves.toBe(
      true,
    );
    await expect(page.getByRole('button', { name: 'Discovering...' }).first().isVisible()).resolves.toBe(true);
    await screenshotFor(page, 'ad-discovery-banner');
    releaseSecondPage();

    const region = page.getByRole('region', { name: /Notifications/ });
    await region.getByText('Batch Discovery Complete', { exact: true }).waitFor({ timeout: 30_000 });
    await region.getByText('Found 320 ads: 320 new, 0 updated.').first().waitFor();
    await page.getByTestId('ad-count').getByText('320 ads in the library').waitFor();
    await page
      .getByTestId('ad-discovery-result')
      .getByText(/Found 320 ads/)
      .waitFor();
    await banner.waitFor({ state: 'detached' });
    await screenshotFor(page, 'ad-discovery-after');
    const stored = await db.select().from(adLibraryEntries).where(eq(adLibraryEntries.userId, owner!.id));
    expect(stored).toHaveLength(320);
    expect(graph.calls.every((call) => call.get('search_page_ids') === `["${PAGE_ID}"]`)).toBe(true);
  }, 90_000);
});

describe("choosing a competitor's Facebook page", () => {
  it('lists the pages found under its name with their ad counts, and discovers only the chosen one', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'pages-e2e@example.com');
    await setPlan(e2e.server.database, 'pages-e2e@example.com', 'smb');
    const db = e2e.server.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, 'pages-e2e@example.com'));
    const [brand] = await db
      .insert(brands)
      .values({ userId: owner!.id, name: 'Pedal Works', websiteUrl: 'https://pedal.example' })
      .returning();
    const [shop] = await db
      .insert(competitors)
      .values({ userId: owner!.id, brandId: brand!.id, name: 'Spoke & Chain' })
      .returning();

    await page.goto('/competitor-tracking');
    const row = page.getByRole('listitem', { name: 'Spoke & Chain' });
    await row.getByText(/No Facebook page chosen/).waitFor();
    await expect(row.getByRole('button', { name: 'Discover ads for Spoke & Chain' }).count()).resolves.toBe(0);
    await row.getByRole('button', { name: 'Find the Facebook page of Spoke & Chain' }).click();

    const dialog = page.getByRole('dialog', { name: "Find Spoke & Chain's Facebook page" });
    const found = dialog.getByRole('list', { name: 'Facebook pages found' });
    await found.getByRole('listitem').first().waitFor();
    await expect(found.getByRole('listitem').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^Spoke & Chain Cycles\s+2 ads · page 4001001 · view its ads\s+Choose$/),
      expect.stringMatching(/^Wheel Deals\s+1 ad · page 4002002 · view its ads\s+Choose$/),
    ]);
    await screenshotFor(page, 'facebook-page-choice');
    await dialog.getByRole('button', { name: 'Choose Spoke & Chain Cycles' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Facebook page chosen')
      .first()
      .waitFor();
    await row.getByText(`Facebook page ${BIKE_PAGE}`).waitFor();

    graph.calls.length = 0;
    await row.getByRole('button', { name: 'Discover ads for Spoke & Chain' }).click();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Found 3 ads: 3 new, 0 updated.')
      .first()
      .waitFor({
        timeout: 30_000,
      });
    await row.getByTestId('ad-count').getByText('3 ads in the library').waitFor();
    await screenshotFor(page, 'facebook-page-discovered');
    const stored = await db.select().from(adLibraryEntries).where(eq(adLibraryEntries.competitorId, shop!.id));
    expect(stored.map((ad) => ad.adId).sort()).toEqual(['bike-1', 'bike-2', 'bike-3']);
    // one search per media type, each by the chosen page
    expect(graph.calls.map((call) => call.get('search_page_ids'))).toEqual(Array(4).fill(`["${BIKE_PAGE}"]`));
  }, 90_000);
});

describe('without an ad source', () => {
  // Starts a server of its own besides the file's: two servers and two sign-ins on a busy machine.
  it('tells users what they can do instead, and administrators how to configure one', async () => {
    const bare = await startServer({ META_GRAPH_URL: graph.graphUrl });
    try {
      const page = await newPage(e2e.browser, bare.baseURL);
      await signInThroughPage(page, 'ads-bare@example.com');
      await setPlan(bare.database, 'ads-bare@example.com', 'smb');
      const [owner] = await bare.database.db.select().from(users).where(eq(users.email, 'ads-bare@example.com'));
      await bare.database.db
        .insert(brands)
        .values({ userId: owner!.id, name: 'Contoso Tea', websiteUrl: 'https://contoso.example' });
      await page.route(/\/api\/(competitors|ad-library)\?brandId=/, (route) => route.fulfill({ json: [] }));
      await page.goto('/competitor-tracking');
      const guidance = page.getByTestId('no-ad-source');
      await guidance
        .getByText("Automatic ad discovery isn't available yet: add ads by hand or import a CSV.")
        .waitFor();
      await expect(guidance.textContent()).resolves.not.toMatch(/META_AD_LIBRARY_TOKEN|server/);
      await expect(page.getByTestId('ad-source-admin-hint').count()).resolves.toBe(0);
      await page.getByText('Add a competitor first to discover its ads.').waitFor();
      await expect(page.getByRole('button', { name: 'Auto-Discover All' }).isDisabled()).resolves.toBe(true);
      await page.getByText('None configured').waitFor();
      await page.getByText(/Meta \(Facebook, Instagram\), TikTok: until automatic discovery is available/).waitFor();
      await screenshotFor(page, 'ad-discovery-no-source');

      const admin = await newPage(e2e.browser, bare.baseURL);
      await signInThroughPage(admin, 'admin@brandlens.local');
      await setPlan(bare.database, 'admin@brandlens.local', 'smb');
      const [adminUser] = await bare.database.db.select().from(users).where(eq(users.email, 'admin@brandlens.local'));
      await bare.database.db
        .insert(brands)
        .values({ userId: adminUser!.id, name: 'Admin Tea', websiteUrl: 'https://admin-tea.example' });
      await admin.route(/\/api\/(competitors|ad-library)\?brandId=/, (route) => route.fulfill({ json: [] }));
      await admin.goto('/competitor-tracking');
      const hint = admin.getByTestId('ad-source-admin-hint');
      await hint.getByText(/set META_AD_LIBRARY_TOKEN on the server/).waitFor();
      await expect(hint.getByRole('link', { name: /Meta Ad Library API access/ }).getAttribute('href')).resolves.toBe(
        'https://www.facebook.com/ads/library/api',
      );
      await screenshotFor(admin, 'ad-discovery-no-source-admin');
    } finally {
      await bare.close();
    }
  }, 120_000);
});
