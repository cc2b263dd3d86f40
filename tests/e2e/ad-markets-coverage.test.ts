/**
 * Coverage told per market, against the Graph API double: a brand watching the United States reads
 * that Meta's API returns only political and issue ads there, before and after a discovery that
 * finds none; adding Ireland finds the competitor's ads, each linking to its public Ad Library page
 * and showing what Meta disclosed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { brands, competitors, users } from '../../src/server/db/schema/index.ts';
import { marketCoverageMessage } from '../../src/shared/ad-market-coverage.ts';
import { ordinaryAd, startMetaGraphDouble } from '../doubles/meta-graph.ts';
import { newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { setPlan } from '../helpers/seed.ts';

const PAGE_ID = '7001001';
const graph = await startMetaGraphDouble();
graph.setAds(PAGE_ID, [
  ordinaryAd('ie-video-1', {
    page_id: PAGE_ID,
    __reached: ['IE'],
    __media_type: 'VIDEO',
    publisher_platforms: ['instagram'],
    eu_total_reach: 5400,
  }),
]);
const e2e = serverAndBrowserForFile({ META_AD_LIBRARY_TOKEN: 'good-token', META_GRAPH_URL: graph.graphUrl });

afterAll(() => graph.close());

describe('ad markets and what Meta returns in them', () => {
  it('says a non-EU market gives only political and issue ads, then links each ad found in the EU to the Ad Library', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'markets-e2e@example.com');
    await setPlan(e2e.server.database, 'markets-e2e@example.com', 'smb');
    const db = e2e.server.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, 'markets-e2e@example.com'));
    const [brand] = await db
      .insert(brands)
      .values({
        userId: owner!.id,
        name: 'Harbour Coffee',
        websiteUrl: 'https://harbour.example',
        adMarket: 'US',
        adMarkets: ['US'],
      })
      .returning();
    await db
      .insert(competitors)
      .values({ userId: owner!.id, brandId: brand!.id, name: 'Tidewater Roasters', facebookPageId: PAGE_ID });

    await page.goto('/competitor-tracking');
    const coverage = page.getByTestId('ad-market-coverage');
    await coverage.getByText(marketCoverageMessage('US')).waitFor();
    expect(marketCoverageMessage('US')).toBe(
      "In the United States, Meta's API returns only political and issue ads: choose an EU market where this competitor advertises, or add ads by hand or CSV.",
    );
    await screenshotFor(page, 'ad-markets-us-before');

    // A discovery in the United States finds none of these ordinary ads, and says it is the market.
    await page.getByRole('button', { name: 'Discover ads for Tidewater Roasters' }).click();
    const result = page.getByTestId('ad-discovery-result');
    await result
      .getByTestId('zero-ads-reason')
      .getByText(/No ads found, which may be the market, not Tidewater Roasters/)
      .waitFor({ timeout: 30_000 });
    await coverage.getByText(marketCoverageMessage('US')).waitFor();
    await screenshotFor(page, 'ad-markets-us-after');

    // Ireland added: Meta returns every ad delivered there.
    await page.getByRole('combobox', { name: 'Add a market' }).click();
    await page.getByRole('option', { name: 'Ireland', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    // saved, then shown: a busy machine can take longer than a click's usual wait
    await page.getByRole('region', { name: 'Ad markets searched' }).getByText('Ireland').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Discover ads for Tidewater Roasters' }).click();
    const card = page.getByRole('article', { name: 'Ad by Tidewater Roasters' });
    await card.waitFor({ timeout: 30_000 });
    const link = card.getByRole('link', { name: 'View in the Ad Library' });
    await expect(link.getAttribute('href')).resolves.toBe('https://www.facebook.com/ads/library/?id=ie-video-1');
    await expect(link.getAttribute('href')).resolves.not.toContain('access_token');
    await card.getByText('Video', { exact: true }).waitFor();
    const details = card.getByRole('definition');
    await expect(details.allInnerTexts()).resolves.toEqual(
      expect.arrayContaining(['instagram', 'Ireland', '5,400 in the EU']),
    );
    await screenshotFor(page, 'ad-markets-ie-found');

    // The brand's own ads get a row of their own, beside the competitors.
    await page.getByRole('button', { name: "Add your brand's ads" }).click();
    const ownRow = page.getByRole('listitem', { name: 'Harbour Coffee', exact: true });
    await ownRow.getByText('Your brand', { exact: true }).waitFor();
    await ownRow.getByRole('button', { name: 'Find the Facebook page of Harbour Coffee' }).waitFor();
    await expect(page.getByRole('button', { name: "Add your brand's ads" }).count()).resolves.toBe(0);

    // A report over the last 90 days counts the Meta ads by media type.
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 90 days' }).click();
    await page.getByText(/competitors ran in the last 90 days/).waitFor();
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByRole('list', { name: 'Meta media types' }).getByText('Video: 1 ad').waitFor({ timeout: 30_000 });
    await screenshotFor(page, 'ad-markets-own-brand-and-report');
  }, 120_000);
});
