import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseSentiment, sentimentEngineReady } from '../../src/server/analysis/sentiment/index.ts';
import { brands, competitors, consumerInsights, users } from '../../src/server/db/schema/index.ts';
import { type CompetitorSite, homePage, pricingPage, startCompetitorSite } from '../doubles/competitor-site.ts';
import { newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { setPlan } from '../helpers/seed.ts';

// the engine's weights load at first need
await sentimentEngineReady();

const OWNER = 'rival-watcher@example.com';
const OWN_FEEDBACK = 'The Northwind house blend is wonderful, smooth and rich every single morning.';

/** The competitor's reviews page: three reviews in JSON-LD, as a shop's site marks them up. */
const REVIEWS_PAGE = `<!doctype html><html><head><title>Reviews | Rival Roasters</title>
<script type="application/ld+json">
{
  "@context": "https://schema.org",
  "@type": "LocalBusiness",
  "name": "Rival Roasters",
  "review": [
    {
      "@type": "Review",
      "@id": "{{origin}}/reviews#r-1",
      "author": { "@type": "Person", "name": "Priya Shah" },
      "datePublished": "2025-03-02",
      "reviewBody": "Excellent beans and fast delivery, I love the monthly subscription.",
      "reviewRating": { "@type": "Rating", "ratingValue": 5, "bestRating": 5 }
    },
    {
      "@type": "Review",
      "@id": "{{origin}}/reviews#r-2",
      "author": { "@type": "Person", "name": "Dan Moss" },
      "datePublished": "2025-03-09",
      "reviewBody": "The coffee arrived stale and the customer service never answered my emails. Terrible.",
      "reviewRating": { "@type": "Rating", "ratingValue": 1, "bestRating": 5 }
    },
    {
      "@type": "Review",
      "@id": "{{origin}}/reviews#r-3",
      "author": { "@type": "Person", "name": "Leah Ford" },
      "datePublished": "2025-03-15",
      "reviewBody": "Great value for the price, the espresso blend is my favourite.",
      "reviewRating": { "@type": "Rating", "ratingValue": 4, "bestRating": 5 }
    }
  ]
}
</script></head><body><main><h1>What customers say</h1><a href="/">Home</a></main></body></html>`;

const e2e = serverAndBrowserForFile({ CRAWLER_ALLOW_LOOPBACK: 'true' });
let site: CompetitorSite;
let page: Page;
let brandId: string;
let ownerId: string;
let competitorId: string;
const consoleErrors: string[] = [];

beforeAll(async () => {
  site = await startCompetitorSite({
    '/': homePage('Coffee for busy people', '<p><a href="/reviews">What customers say</a></p>'),
    '/reviews': REVIEWS_PAGE,
    '/pricing': pricingPage([
      { name: 'Light', price: '£9' },
      { name: 'Heavy', price: '£19' },
    ]),
  });
});

afterAll(async () => {
  await site?.close();
});

async function toast(title: string, description?: string) {
  const region = page.getByRole('region', { name: /Notifications/ });
  await region.getByText(title, { exact: true }).first().waitFor();
  if (description) await region.getByText(description, { exact: true }).first().waitFor();
}

const insightCards = () => page.getByRole('list', { name: 'Consumer insights' }).getByRole('article');
const competitorBadges = () => insightCards().getByText('Competitor: Rival Roasters', { exact: true });

async function showInsightsAbout(option: 'My brand' | 'Competitors' | 'All') {
  await page.getByRole('combobox', { name: 'Show insights about' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('combobox', { name: 'Show insights about' }).filter({ hasText: option }).waitFor();
}

describe("a competitor's reviews and website changes", () => {
  it('discovers what people say about a competitor and filters the list by whose insights they are', async () => {
    page = await newPage(e2e.browser, e2e.server.baseURL);
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await signInThroughPage(page, OWNER);
    await setPlan(e2e.server.database, OWNER, 'smb');
    const { db } = e2e.server.database;
    const [owner] = await db.select().from(users).where(eq(users.email, OWNER));
    ownerId = owner!.id;
    const [brand] = await db
      .insert(brands)
      .values({ userId: ownerId, name: 'Northwind Roasters', websiteUrl: 'https://northwind.example' })
      .returning();
    brandId = brand!.id;
    const analysis = analyseSentiment(OWN_FEEDBACK);
    await db.insert(consumerInsights).values({
      brandId,
      userId: ownerId,
      content: OWN_FEEDBACK,
      sentiment: analysis.label,
      sentimentScore: analysis.sentimentScore,
      confidence: analysis.confidence,
    });

    // Without competitors there is no competitor discovery card.
    const competitorsLoaded = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/competitors' && response.ok(),
    );
    await page.goto('/consumer-insights');
    await page.getByRole('heading', { name: 'Discover Consumer Insights' }).waitFor();
    await competitorsLoaded;
    await insightCards().filter({ hasText: OWN_FEEDBACK }).waitFor();
    expect(await page.getByRole('heading', { name: 'Discover Competitor Insights' }).count()).toBe(0);

    const [competitor] = await db
      .insert(competitors)
      .values({ userId: ownerId, brandId, name: 'Rival Roasters', website: `${site.url}/` })
      .returning();
    competitorId = competitor!.id;
    await page.reload();
    const card = page.getByRole('heading', { name: 'Discover Competitor Insights' });
    await card.waitFor();
    const rivals = page.getByRole('list', { name: 'Competitors' });
    await rivals.getByRole('listitem').filter({ hasText: 'Rival Roasters' }).getByText(`${site.url}/`).waitFor();
    await screenshotFor(page, 'competitor-discovery-card');

    await rivals.getByRole('button', { name: 'Discover insights about Rival Roasters' }).click();
    await toast('Discovery Complete', 'Added 3 new insights about Rival Roasters.');
    await rivals.getByText('3 new insights about Rival Roasters', { exact: true }).waitFor();
    expect(site.requests).toContain('/reviews');
    const stored = await db.select().from(consumerInsights).where(eq(consumerInsights.competitorId, competitorId));
    expect(stored).toHaveLength(3);

    // My brand (the default) hides them; the description says the list holds competitors' too.
    await page.getByText('4 mentions stored in all').waitFor();
    await expect.poll(() => insightCards().count()).toBe(1);
    expect(await insightCards().first().textContent()).toContain(OWN_FEEDBACK);
    expect(await competitorBadges().count()).toBe(0);

    await showInsightsAbout('Competitors');
    await expect.poll(() => insightCards().count()).toBe(3);
    await expect.poll(() => competitorBadges().count()).toBe(3);
    for (const words of [
      'Excellent beans and fast delivery',
      'The coffee arrived stale',
      'Great value for the price',
    ]) {
      await insightCards().filter({ hasText: words }).getByText('Competitor: Rival Roasters').waitFor();
    }
    expect(await insightCards().filter({ hasText: OWN_FEEDBACK }).count()).toBe(0);
    await screenshotFor(page, 'competitor-insights-filtered');

    await showInsightsAbout('All');
    await expect.poll(() => insightCards().count()).toBe(4);
    expect(await competitorBadges().count()).toBe(3);

    await showInsightsAbout('My brand');
    await expect.poll(() => insightCards().count()).toBe(1);
    expect(await competitorBadges().count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it("stores a first snapshot of the competitor's pages, then shows a pricing change as a diff", async () => {
    await page.goto('/competitor-tracking');
    await page.getByRole('heading', { name: 'Website Changes' }).waitFor();
    const watch = page.getByTestId(`page-watch-${competitorId}`);
    await watch.getByText('Not checked yet', { exact: true }).waitFor();

    await watch.getByRole('button', { name: 'Check now' }).click();
    await watch.getByText(/^Last checked /).waitFor();
    const watched = watch.getByRole('list', { name: 'Pages watched' });
    await watched.getByText(`Home page: ${site.url}/ (new)`).waitFor();
    await watched.getByText(`Pricing page: ${site.url}/pricing (new)`).waitFor();
    await watch.getByText('No changes seen since the first snapshot.').waitFor();
    expect(await watch.locator('[data-kind="added"], [data-kind="removed"]').count()).toBe(0);
    await screenshotFor(page, 'page-watch-first-snapshot');

    site.pages.set(
      '/pricing',
      pricingPage([
        { name: 'Light', price: '£9' },
        { name: 'Heavy', price: '£21' },
      ]),
    );
    await watch.getByRole('button', { name: 'Check now' }).click();
    await watched.getByText(`Pricing page: ${site.url}/pricing (changed)`).waitFor();
    await watched.getByText(`Home page: ${site.url}/ (unchanged)`).waitFor();
    await watch.getByText('Pricing page: latest change', { exact: true }).waitFor();
    await watch.getByText(/: 1 added, 1 removed$/).waitFor();
    expect(await watch.locator('[data-kind="removed"]').allTextContents()).toEqual(['− £19 a month']);
    expect(await watch.locator('[data-kind="added"]').allTextContents()).toEqual(['+ £21 a month']);
    expect(await watch.getByText('Home page: latest change').count()).toBe(0);
    expect(await watch.getByText('No changes seen since the first snapshot.').count()).toBe(0);
    await watch.scrollIntoViewIfNeeded();
    await screenshotFor(page, 'page-watch-pricing-diff');

    expect(consoleErrors).toEqual([]);
    await page.context().close();
  });
});
