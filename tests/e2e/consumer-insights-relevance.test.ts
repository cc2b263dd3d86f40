import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, consumerInsights, insightSources, users } from '../../src/server/db/schema/index.ts';
import { type InsightSourcesSite, startInsightSourcesSite } from '../doubles/insight-sources-site.ts';
import { newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { setPlan } from '../helpers/seed.ts';

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

async function toast(title: string) {
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText(title, { exact: true })
    .first()
    .waitFor();
}

const relevantStored = async () =>
  (await e2e.server.database.db.select().from(consumerInsights).where(eq(consumerInsights.brandId, brandId))).filter(
    (row) => row.isRelevant,
  ).length;

describe('mentions that are not about the brand', () => {
  it('are filtered out of the list, restored by the person, and a relevant one flagged leaves the counts', async () => {
    const email = 'relevance-e2e@example.com';
    page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, email);
    await setPlan(e2e.server.database, email, 'smb');
    const [owner] = await e2e.server.database.db.select().from(users).where(eq(users.email, email));
    const [brand] = await e2e.server.database.db
      .insert(brands)
      .values({ userId: owner!.id, name: 'Pedal & Co', websiteUrl: 'https://www.pedalandco.co.uk' })
      .returning();
    brandId = brand!.id;
    await e2e.server.database.db.insert(insightSources).values({
      brandId,
      userId: owner!.id,
      kind: 'feed',
      category: 'blog',
      url: `${site.url}/feeds/leeds-cycling.xml`,
      title: 'Leeds Cycling Blog',
    });
    await page.goto('/consumer-insights');
    await page.getByRole('heading', { name: 'Which mentions count' }).waitFor();

    await page.getByRole('button', { name: 'Discover Insights' }).click();
    await toast('Discovery Complete');
    const list = page.getByRole('list', { name: 'Consumer insights' });
    await list.getByText("Pedal & Co's new workshop is brilliant.", { exact: false }).waitFor();
    await page.getByText('2 mentions stored in all').waitFor();
    expect(await list.getByText('Spokes & Sprockets', { exact: false }).count()).toBe(0);
    await list.getByText('Blog · Leeds Cycling Blog').first().waitFor();

    // The off-topic ones wait in the filtered view, with why.
    const filteredCard = page.getByRole('heading', { name: 'Filtered as not about Pedal & Co' });
    await filteredCard.waitFor();
    await page.getByRole('button', { name: 'Show 2' }).click();
    const filtered = page.getByRole('list', { name: 'Filtered as not about the brand' });
    const spokes = filtered.getByRole('listitem').filter({ hasText: 'Spokes & Sprockets opens in Harrogate' });
    await spokes.getByText(/Does not mention Pedal & Co/).waitFor();
    await screenshotFor(page, 'insights-filtered-view');

    await spokes.getByRole('button', { name: 'Restore' }).click();
    await toast('Insight restored');
    await list.getByText('Spokes & Sprockets opens in Harrogate', { exact: false }).waitFor();
    await page.getByText('3 mentions stored in all').waitFor();
    expect(await relevantStored()).toBe(3);

    // A relevant one marked as not about the brand leaves the list and the counts.
    const ride = list.getByRole('listitem').filter({ hasText: 'Saturday ride report' });
    await ride.getByRole('button', { name: 'Not about Pedal & Co' }).click();
    await toast('Marked as not about the brand');
    await page.getByText('2 mentions stored in all').waitFor();
    // the count and the list are read apart: wait for the list's own answer to drop the card
    await list.getByText('Saturday ride report', { exact: false }).waitFor({ state: 'detached' });
    await filtered
      .getByRole('listitem')
      .filter({ hasText: 'Saturday ride report' })
      .getByText(/Marked as not about Pedal & Co on/)
      .waitFor();
    expect(await relevantStored()).toBe(2);
    await screenshotFor(page, 'insights-after-flag');
    await page.context().close();
  });
});
