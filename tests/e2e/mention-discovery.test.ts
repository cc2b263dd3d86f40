/**
 * A new brand with only a name and a website: the first discovery searches the listening sources
 * (news search, Hacker News, Mastodon hashtags) against their doubles with nothing added first,
 * shows each source's progress in the banner, lists the mentions with where they came from, files
 * an off-topic search result away, and the person restores it.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { brands, consumerInsights, users } from '../../src/server/db/schema/index.ts';
import { newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { seedNorthwindMentions, startMentionDoubles } from '../helpers/mention-sources.ts';
import { setPlan } from '../helpers/seed.ts';

const doubles = await startMentionDoubles();
seedNorthwindMentions(doubles);
const e2e = serverAndBrowserForFile(doubles.env);
let page: Page;

afterAll(() => doubles.close());

async function toast(title: string) {
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText(title, { exact: true })
    .first()
    .waitFor();
}

describe('listening for a brand by its name', () => {
  it('finds mentions with no source added, files the off-topic one, and a flag restores it', async () => {
    const email = 'listening-e2e@example.com';
    page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, email);
    await setPlan(e2e.server.database, email, 'smb');
    const db = e2e.server.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, email));
    const [brand] = await db
      .insert(brands)
      .values({ userId: owner!.id, name: 'Northwind Roasters', websiteUrl: 'https://northwindroasters.example' })
      .returning();

    await page.goto('/consumer-insights');
    const card = page.getByRole('list', { name: 'Listening sources for Northwind Roasters' });
    await card.waitFor();
    for (const label of ['News (Google News)', 'Hacker News', 'Mastodon', 'App Store reviews']) {
      await card.getByText(label, { exact: true }).waitFor();
    }
    await card
      .getByTestId('mention-source-apple_app_store')
      .getByText(/Needs your app’s App Store id/)
      .waitFor();
    await screenshotFor(page, 'listening-sources-before');

    // Hacker News's answer is held, so the banner is seen on that source.
    const releaseHackerNews = doubles.hn.holdNext('/api/v1');
    await page.getByRole('button', { name: 'Discover Insights' }).click();
    await page.getByText(/^Hacker News: searching \(2 of 3\)/).waitFor();
    await screenshotFor(page, 'listening-progress');
    releaseHackerNews();
    await toast('Discovery Complete');

    const list = page.getByRole('list', { name: 'Consumer insights' });
    await list.getByText('Northwind Roasters opens a second café in Leeds', { exact: false }).waitFor();
    await list.getByText('News · Google News · BBC News').first().waitFor();
    await list.getByText('Forum · Hacker News').first().waitFor();
    await list.getByText('Social · Mastodon').first().waitFor();
    await list.getByText('Maya (@maya@alpha.social)').waitFor();
    await list.getByText('57 points · 2 comments').waitFor();
    await page.getByText('8 mentions stored in all').waitFor();
    expect(await list.getByText('Northwind Traders', { exact: false }).count()).toBe(0);
    await card
      .getByTestId('mention-source-hacker_news')
      .getByText(/3 items found, 3 new mentions/)
      .waitFor();
    await screenshotFor(page, 'listening-mentions');

    await page.getByRole('heading', { name: 'Filtered as not about Northwind Roasters' }).waitFor();
    await page.getByRole('button', { name: 'Show 1' }).click();
    const filtered = page.getByRole('list', { name: 'Filtered as not about the brand' });
    const seattle = filtered.getByRole('listitem').filter({ hasText: 'Northwind Traders signs deal' });
    await seattle.getByText(/Does not mention Northwind Roasters/).waitFor();
    await seattle.getByRole('button', { name: 'Restore' }).click();
    await toast('Insight restored');
    await list.getByText('Northwind Traders signs deal with coffee roasters in Seattle', { exact: false }).waitFor();
    await page.getByText('9 mentions stored in all').waitFor();
    const restored = await db.select().from(consumerInsights).where(eq(consumerInsights.brandId, brand!.id));
    expect(restored.filter((row) => row.isRelevant)).toHaveLength(9);
    expect(restored.find((row) => row.externalId === 'news_rss:CBMiOFF')?.flaggedAt).not.toBeNull();
    await screenshotFor(page, 'listening-restored');
    await page.context().close();
  });
});
