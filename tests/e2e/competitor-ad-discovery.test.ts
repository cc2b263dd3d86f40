/**
 * Auto-Discover All against the Graph API double: a competitor with a Facebook page id, the
 * floating banner with the job's real stages, the toast, and the ad library filled.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { adLibraryEntries, brands, competitors, users } from '../../src/server/db/schema/index.ts';
import { manyAds, politicalAd, startMetaGraphDouble } from '../doubles/meta-graph.ts';
import { newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { setPlan } from '../helpers/seed.ts';
import { startServer } from '../helpers/server.ts';

const PAGE_ID = '998877';
const graph = await startMetaGraphDouble();
graph.setAds(PAGE_ID, [politicalAd('pol-1'), ...manyAds(319, 'shop-')]);
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

describe('without an ad source', () => {
  it('says how to configure one, and that manual entry and CSV import still work', async () => {
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
      await guidance.getByText(/No ad source is configured/).waitFor();
      await guidance.getByText(/META_AD_LIBRARY_TOKEN/).waitFor();
      await guidance.getByText(/Adding ads by hand and CSV import still work/).waitFor();
      await expect(
        guidance.getByRole('link', { name: /Meta Ad Library API access/ }).getAttribute('href'),
      ).resolves.toBe('https://www.facebook.com/ads/library/api');
      await page.getByText('Add a competitor first to discover its ads.').waitFor();
      await expect(page.getByRole('button', { name: 'Auto-Discover All' }).isDisabled()).resolves.toBe(true);
      await page.getByText('None configured').waitFor();
      await page.getByText(/Meta \(Facebook, Instagram\): until an ad source is configured/).waitFor();
      await screenshotFor(page, 'ad-discovery-no-source');
    } finally {
      await bare.close();
    }
  }, 60_000);
});
