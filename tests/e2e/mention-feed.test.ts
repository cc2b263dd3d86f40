import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consumerInsights } from '../../src/server/db/schema/index.ts';
import { DESKTOP, MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedCompetitor } from '../helpers/seed-competitors.ts';
import { seedBrand } from '../helpers/seed-insights.ts';

const e2e = serverAndBrowserForFile();

const OWNER = 'mention-feed@example.com';
/** Mentions listened over the last four weeks; every tenth is about the competitor. */
const LISTENED = 3000;
/** Complaints of one launch day, ten days ago: a spike of negative mentions. */
const LAUNCH_DAY = 300;
/** "espresso": one kind word a day for twelve days, then a day of complaints (a spike of its own). */
const ESPRESSO_QUIET_DAYS = 12;
const ESPRESSO_COMPLAINTS = 6;
const ESPRESSO = ESPRESSO_QUIET_DAYS + ESPRESSO_COMPLAINTS;
const BRAND_MENTIONS = LISTENED - LISTENED / 10 + LAUNCH_DAY + ESPRESSO;
const ALL_MENTIONS = LISTENED + LAUNCH_DAY + ESPRESSO;
/** "pistachio" is in every hundredth listened mention (i % 100 = 7), all about the brand, a third negative. */
const PISTACHIO = 30;
const PISTACHIO_NEGATIVE = 10;

const count = (n: number) => `${n.toLocaleString('en-GB')} mentions`;

/**
 * The brand's mentions in two statements, as daily listening leaves them: sentiments in turn,
 * six channels, a star rating on every fifth, engagement, one launch day of complaints, and a few
 * mentions of the espresso with a bad day of their own.
 */
async function seedMentions(brand: { id: string; userId: string }, competitorId: string) {
  await e2e.server.database.db.execute(sql`
    insert into consumer_insights
      (brand_id, user_id, competitor_id, source, platform, content, sentiment, sentiment_score, confidence,
       author_name, channel, rating, engagement, collected_at)
    select ${brand.id}::uuid, ${brand.userId}::uuid,
      case when i % 10 = 0 then ${competitorId}::uuid end,
      'social_media', 'Listening',
      'Mention ' || i || ': ' || case when i % 100 = 7 then 'the pistachio croissant, and ' else '' end ||
        case i % 3 when 0 then 'the oat latte was lovely and the staff were kind'
                   when 1 then 'the queue was slow and my cup arrived cold'
                   else 'ordered a flat white on the way to work' end,
      case i % 3 when 0 then 'positive' when 1 then 'negative' else 'neutral' end,
      case i % 3 when 0 then 4 when 1 then 2 else 3 end,
      0.8,
      'Listener ' || i,
      (array['news', 'blog', 'reviews', 'forum', 'social', 'video'])[i % 6 + 1],
      case when i % 5 = 0 then 4 end,
      i % 97,
      now() - i * interval '13 minutes'
    from generate_series(1, ${LISTENED}) as i`);
  await e2e.server.database.db.execute(sql`
    insert into consumer_insights
      (brand_id, user_id, source, platform, content, sentiment, sentiment_score, confidence, channel, collected_at)
    select ${brand.id}::uuid, ${brand.userId}::uuid, 'social_media', 'Listening',
      'Launch day ' || i || ': the seasonal menu sold out before noon', 'negative', 2, 0.8, 'social',
      date_trunc('day', now()) - interval '10 days' + i * interval '1 minute'
    from generate_series(1, ${LAUNCH_DAY}) as i`);
  await e2e.server.database.db.execute(sql`
    insert into consumer_insights
      (brand_id, user_id, source, platform, content, sentiment, sentiment_score, confidence, channel, collected_at)
    select ${brand.id}::uuid, ${brand.userId}::uuid, 'reviews', 'Listening',
      case when i <= ${ESPRESSO_QUIET_DAYS} then 'Espresso ' || i || ': smooth and rich, just right'
           else 'Espresso ' || i || ': the machine was broken again' end,
      case when i <= ${ESPRESSO_QUIET_DAYS} then 'positive' else 'negative' end,
      case when i <= ${ESPRESSO_QUIET_DAYS} then 4 else 2 end,
      0.8, 'reviews',
      case when i <= ${ESPRESSO_QUIET_DAYS} then date_trunc('day', now()) - (10 + i) * interval '1 day' + interval '9 hours'
           else date_trunc('day', now()) - interval '10 days' + i * interval '10 minutes' end
    from generate_series(1, ${ESPRESSO}) as i`);
}

const feedList = (page: Page) => page.getByRole('list', { name: 'Consumer insights' });
const cards = (page: Page) => feedList(page).getByRole('article');
const total = (page: Page) => page.getByRole('status').filter({ hasText: /^[\d,]+ mentions?$|^Counting/ });
const address = (page: Page) => new URL(page.url());

async function waitForCount(page: Page, text: string) {
  await total(page)
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor();
}

/** Scrolls to the end of the loaded cards until at least `shown` of the `of` are loaded. */
async function scrollUntilLoaded(page: Page, shown: number, of: number) {
  const progress = page.getByText(new RegExp(`^[\\d,]+ of ${of.toLocaleString('en-GB')} shown$`));
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const text = (await progress.count()) === 1 ? await progress.textContent() : null;
        return Number(text?.split(' of ')[0]?.replace(/,/g, '') ?? 0);
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(shown);
}

/**
 * screenshotFor with every loaded card drawn: the list draws only the cards near the window, so the
 * window is made as tall as the page (until the page stops changing height) for the picture.
 */
async function screenshotWhole(page: Page, name: string) {
  const viewport = page.viewportSize()!;
  const pageHeight = () => page.evaluate(() => document.documentElement.scrollHeight);
  let last = -1;
  await expect
    .poll(async () => {
      const height = await pageHeight();
      const settled = height === last;
      last = height;
      if (!settled) await page.setViewportSize({ width: viewport.width, height: Math.min(height, 16_000) });
      return settled;
    })
    .toBe(true);
  await screenshotFor(page, name);
  await page.setViewportSize(viewport);
}

async function openFeed(browser: Browser, viewport: typeof DESKTOP, path: string) {
  const page = await newPage(browser, e2e.server.baseURL, viewport);
  await signInThroughPage(page, OWNER);
  await page.goto(path);
  return page;
}

describe('the mention feed', () => {
  it('pages, searches, filters in the address, corrects, exports and empties at thousands of mentions', async () => {
    let page = await newPage(e2e.browser, e2e.server.baseURL, DESKTOP);
    await signInThroughPage(page, OWNER);
    await setPlan(e2e.server.database, OWNER, 'smb');
    const brand = await seedBrand(e2e.server.database, OWNER, 'Acme Coffee');
    const rival = await seedCompetitor(e2e.server.database, brand, 'Rival Roasters');
    await seedMentions(brand, rival.id);

    // The first page shows at once, with the total of the brand's own mentions (My brand by default).
    await page.goto('/consumer-insights');
    await cards(page).first().waitFor();
    await waitForCount(page, count(BRAND_MENTIONS));
    expect(await cards(page).first().textContent()).toContain('Mention 1:');

    // The summary: a spike day marked in words, and the share of voice of the brand and its competitor.
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText(/^Spike day: .+ \([\d,]+ mentions\)\.$/).waitFor({ state: 'attached' });
    await summary.getByText('Spike rule:').waitFor();
    const voice = summary.getByRole('list', { name: 'Share of voice' });
    await voice.getByRole('listitem').filter({ hasText: 'Rival Roasters' }).waitFor();
    expect(await voice.getByRole('img').count()).toBe(2);

    // Scrolling loads the next pages; only the cards near the screen are in the page.
    await scrollUntilLoaded(page, 100, BRAND_MENTIONS);
    await scrollUntilLoaded(page, 150, BRAND_MENTIONS);
    expect(await cards(page).count()).toBeLessThan(40);
    await page.evaluate(() => window.scrollTo(0, 0));

    // A search narrows the list and the count, and is in the address.
    await page.getByRole('searchbox', { name: 'Search mentions' }).fill('pistachio');
    await waitForCount(page, count(PISTACHIO));
    expect(address(page).searchParams.get('q')).toBe('pistachio');
    for (const text of await cards(page).allTextContents()) expect(text).toContain('pistachio');

    // A sentiment chip narrows it further, as a new entry in the history.
    const sentiment = page.getByRole('group', { name: 'Filter by sentiment' });
    await sentiment.getByRole('button', { name: /^Negative/ }).click();
    await waitForCount(page, count(PISTACHIO_NEGATIVE));
    expect(address(page).searchParams.get('sentiment')).toBe('negative');
    expect(await sentiment.getByRole('button', { name: /^Negative/ }).getAttribute('aria-pressed')).toBe('true');
    await screenshotWhole(page, 'mention-feed-desktop');

    // Back returns to the search alone, then to every mention of the brand.
    await page.goBack();
    await waitForCount(page, count(PISTACHIO));
    expect(address(page).searchParams.has('sentiment')).toBe(false);
    await page.goBack();
    await waitForCount(page, count(BRAND_MENTIONS));
    expect(await page.getByRole('searchbox', { name: 'Search mentions' }).inputValue()).toBe('');
    await page.goForward();
    await page.goForward();
    await waitForCount(page, count(PISTACHIO_NEGATIVE));
    const sharedLink = page.url();

    // A person corrects a negative mention: the card says Corrected, and what the engine said.
    const first = cards(page).first();
    const corrected = (await first.textContent())?.match(/Mention (\d+):/)?.[0];
    await first.getByRole('button', { name: 'Correct sentiment' }).click();
    await page.getByRole('menuitemradio', { name: 'Positive' }).click();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Sentiment corrected')
      .first()
      .waitFor();
    const correctedCard = cards(page).filter({ hasText: corrected! });
    await correctedCard.getByText('Corrected', { exact: true }).waitFor();
    expect(await correctedCard.getAttribute('aria-label')).toBe('Positive insight');
    await correctedCard.getByText('Corrected', { exact: true }).hover();
    await page
      .getByRole('tooltip')
      .getByText(/The engine said Negative/)
      .first()
      .waitFor();
    const [row] = await e2e.server.database.db
      .select({ sentiment: consumerInsights.sentiment, corrected: consumerInsights.sentimentCorrectedAt })
      .from(consumerInsights)
      .where(sql`${consumerInsights.content} like ${`${corrected} %`}`);
    expect(row?.sentiment).toBe('positive');
    expect(row?.corrected).not.toBeNull();

    // The export is the filtered list as CSV: a header row and one row per mention.
    await page.goBack();
    await waitForCount(page, count(PISTACHIO));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = await fs.readFile((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/content/i);
    expect(lines[0]).toMatch(/sentiment/i);
    expect(lines).toHaveLength(PISTACHIO + 1);

    // A search nothing matches says so, and Clear filters shows every mention of everyone.
    await page.getByRole('searchbox', { name: 'Search mentions' }).fill('zzyzx');
    await page.getByRole('searchbox', { name: 'Search mentions' }).press('Enter');
    await page.getByText('No mentions match these filters').waitFor();
    await waitForCount(page, count(0));
    await page.getByRole('button', { name: 'Clear filters' }).last().click();
    await waitForCount(page, count(ALL_MENTIONS));
    expect(address(page).searchParams.get('about')).toBe('all');
    expect(address(page).searchParams.has('q')).toBe(false);
    await page.context().close();

    // The shared link reproduces the view on a phone.
    page = await openFeed(e2e.browser, MOBILE, new URL(sharedLink).pathname + new URL(sharedLink).search);
    await waitForCount(page, count(PISTACHIO_NEGATIVE - 1));
    expect(await page.getByRole('searchbox', { name: 'Search mentions' }).inputValue()).toBe('pistachio');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshotWhole(page, 'mention-feed-mobile');
    await page.context().close();
  });

  it('shows the volume chart with its spike day and the share of voice, on a desktop and a phone', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'mention-feed-summary-desktop'],
      [MOBILE, 'mention-feed-summary-mobile'],
    ] as const) {
      const page = await openFeed(e2e.browser, viewport, '/consumer-insights?about=all&q=espresso');
      const summary = page.getByRole('region', { name: 'Summary' });
      await summary.getByRole('list', { name: 'Share of voice' }).waitFor();
      await waitForCount(page, count(ESPRESSO));
      await summary.getByText(/^Spike day: /).waitFor({ state: 'attached' });
      await summary.locator('.recharts-bar-rectangle').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshotWhole(page, name);
      await page.context().close();
    }
  });
});
