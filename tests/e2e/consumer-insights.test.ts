import { eq } from 'drizzle-orm';
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { brands, competitors, consumerInsights, users } from '../../src/server/db/schema/index.ts';
import { storedFeatureNotice } from '../../src/shared/plan-messages.ts';
import { featureLimitMessage } from '../../src/shared/plans.ts';
import { DESKTOP, MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { setPlan } from '../helpers/seed.ts';

const e2e = serverAndBrowserForFile();

const PRAISE = 'Absolutely love the new oat latte, the staff were friendly and quick.';
const COMPLAINT =
  'The delivery arrived two weeks late, the box was crushed and support never answered my emails. Terrible service.';
const ABOUT_RIVAL = "Rival Roasters' flat white was burnt and bitter, and the queue took twenty minutes.";

/** Console errors and warnings, uncaught page errors and failed responses, as lines. */
function recordProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning')
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  return problems;
}

async function seedBrand(email: string, name: string) {
  const [owner] = await e2e.server.database.db.select().from(users).where(eq(users.email, email));
  const [brand] = await e2e.server.database.db.insert(brands).values({ userId: owner!.id, name }).returning();
  return { owner: owner!, brand: brand! };
}

/** A stored review of a competitor, as discovery would keep it: its own URL, date and star rating. */
async function seedCompetitorInsight(ownerId: string, brandId: string) {
  const [rival] = await e2e.server.database.db
    .insert(competitors)
    .values({ userId: ownerId, brandId, name: 'Rival Roasters' })
    .returning();
  await e2e.server.database.db.insert(consumerInsights).values({
    brandId,
    userId: ownerId,
    competitorId: rival!.id,
    source: 'reviews',
    platform: 'Trustpilot',
    content: ABOUT_RIVAL,
    sentiment: 'negative',
    sentimentScore: 2,
    confidence: 0.84,
    topics: ['flat white', 'queue'],
    emotions: ['disgust'],
    keywords: ['flat white', 'burnt', 'bitter', 'queue'],
    authorName: 'Sam Taylor',
    sourceUrl: 'https://reviews.example/rival-roasters/1',
    rating: 2,
    analysedBy: 'ai',
    collectedAt: new Date('2026-03-14T10:00:00Z'),
  });
}

const insightCards = (page: Page) => page.getByRole('list', { name: 'Consumer insights' }).getByRole('article');

async function addFeedback(
  page: Page,
  fields: { content: string; source?: string; platform?: string; author?: string },
) {
  if (fields.source) {
    await page.getByRole('combobox', { name: 'Source', exact: true }).click();
    await page.getByRole('option', { name: fields.source, exact: true }).click();
  }
  if (fields.platform) await page.getByLabel('Platform').fill(fields.platform);
  if (fields.author) await page.getByLabel('Author name').fill(fields.author);
  await page.getByRole('textbox', { name: 'Feedback', exact: true }).fill(fields.content);
  await page.getByRole('button', { name: 'Analyse Feedback' }).click();
  await page.getByText('Consumer feedback analysed successfully').first().waitFor();
}

describe('consumer insights', () => {
  it('adds feedback, shows its sentiment, filters, keeps the brand filter across a reload and deletes', async () => {
    const email = 'listener@example.com';
    const page = await newPage(e2e.browser, e2e.server.baseURL, DESKTOP);
    await signInThroughPage(page, email);
    const problems = recordProblems(page);
    await setPlan(e2e.server.database, email, 'smb');

    await page.goto('/consumer-insights');
    await page.getByRole('heading', { name: 'Create a brand first' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create a brand' }).getAttribute('href')).toBe('/brand-audit');

    const { owner, brand } = await seedBrand(email, 'Acme Coffee');
    await seedCompetitorInsight(owner.id, brand.id);
    await page.reload();
    await page.getByRole('tab', { name: 'Consumer Insights', selected: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Brand', exact: true }).textContent()).toBe('Acme Coffee');

    // Nothing to send yet: the button waits for text, and Ctrl+Enter says what is missing.
    const send = page.getByRole('button', { name: 'Analyse Feedback' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Feedback', exact: true }).press('Control+Enter');
    await page.getByText('Please select a brand and enter feedback content').first().waitFor();

    await addFeedback(page, { content: PRAISE, source: 'Reviews', platform: 'Google', author: 'Ada Lovelace' });
    const praised = page.getByRole('article', { name: 'Positive insight' });
    await praised.waitFor();
    expect(await praised.textContent()).toContain(PRAISE);
    expect(await praised.textContent()).toContain('Reviews · Google');
    expect(await praised.textContent()).toContain('Ada Lovelace');
    expect(await praised.getByText(/^[45]\/5/).count()).toBe(1);
    expect(await praised.getByText(/^\d{1,3}% confidence$/).count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'Feedback', exact: true }).inputValue()).toBe('');
    expect(await send.isDisabled()).toBe(true);

    await addFeedback(page, { content: COMPLAINT });
    const complaint = page.getByRole('article', { name: 'Negative insight' });
    await complaint.waitFor();
    expect(await complaint.textContent()).toContain('Feedback');
    await page.getByText('3 mentions stored in all').waitFor();
    // My brand by default: the competitor's review is stored but not shown.
    expect(await insightCards(page).count()).toBe(2);
    expect(await page.getByText(ABOUT_RIVAL).count()).toBe(0);

    const sentiment = page.getByRole('group', { name: 'Filter by sentiment' });
    expect(await sentiment.getByRole('button', { name: /^Negative/ }).textContent()).toBe('Negative1');
    await sentiment.getByRole('button', { name: /^Negative/ }).click();
    await page.getByRole('article', { name: 'Positive insight' }).waitFor({ state: 'detached' });
    expect(await insightCards(page).count()).toBe(1);
    await sentiment.getByRole('button', { name: /^Neutral/ }).click();
    await page.getByText('No mentions match these filters').waitFor();
    await sentiment.getByRole('button', { name: /^All/ }).click();
    expect(await insightCards(page).count()).toBe(2);
    await screenshotFor(page, 'consumer-insights-tab');

    await page.getByRole('combobox', { name: 'Show insights about' }).click();
    await page.getByRole('option', { name: 'Competitors' }).click();
    const rival = page.getByRole('article', { name: 'Negative insight' }).filter({ hasText: ABOUT_RIVAL });
    await rival.waitFor();
    expect(await insightCards(page).count()).toBe(1);
    const original = rival.getByRole('link', { name: /View original/ });
    expect(await original.getAttribute('href')).toBe('https://reviews.example/rival-roasters/1');
    expect(await original.getAttribute('target')).toBe('_blank');
    expect(await original.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await rival.textContent()).toContain('Rated 2/5 by the author');
    // the label agrees with the author's own rating, and the card says so beside the confidence
    expect(await rival.textContent()).toContain('84% confidenceagrees with the author’s rating');
    expect(await rival.textContent()).toContain('AI-refined');
    expect(await rival.textContent()).toContain('14 Mar 2026');
    expect(await rival.textContent()).toContain('Competitor');
    await screenshotFor(page, 'consumer-insights-competitors');

    await page.reload();
    await page.getByRole('combobox', { name: 'Show insights about' }).filter({ hasText: 'Competitors' }).waitFor();
    await rival.waitFor();
    expect(await insightCards(page).count()).toBe(1);
    await page.getByRole('combobox', { name: 'Show insights about' }).click();
    await page.getByRole('option', { name: 'All', exact: true }).click();
    await page.getByRole('list', { name: 'Consumer insights' }).getByRole('article').nth(2).waitFor();
    expect(await insightCards(page).count()).toBe(3);

    // Delete the complaint about the brand itself, after confirming.
    const ownComplaint = page.getByRole('article', { name: 'Negative insight' }).filter({ hasText: COMPLAINT });
    await ownComplaint.getByRole('button', { name: 'Delete insight' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this insight?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Consumer insight deleted successfully').first().waitFor();
    await ownComplaint.waitFor({ state: 'detached' });
    await expect.poll(() => insightCards(page).count()).toBe(2);
    const stored = await e2e.server.database.db
      .select({ content: consumerInsights.content })
      .from(consumerInsights)
      .where(eq(consumerInsights.brandId, brand.id));
    expect(stored.map((row) => row.content).sort()).toEqual([PRAISE, ABOUT_RIVAL].sort());

    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('fits a phone screen, and sends a signed-out user to sign in', async () => {
    const email = 'phone.listener@example.com';
    const page = await newPage(e2e.browser, e2e.server.baseURL, MOBILE);
    await signInThroughPage(page, email);
    await setPlan(e2e.server.database, email, 'starter');
    const { owner, brand } = await seedBrand(email, 'Northwind Roasters');
    await seedCompetitorInsight(owner.id, brand.id);
    await page.goto('/consumer-insights');
    await addFeedback(page, { content: PRAISE, platform: 'Instagram', author: 'Grace Hopper' });
    await page.getByRole('article', { name: 'Positive insight' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshotFor(page, 'consumer-insights-tab-mobile');

    // The session ends while the form is open: sending gives the Unauthorized toast, then sign-in.
    await page.evaluate(() => {
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('li')) {
          const text = toast.textContent ?? '';
          const seen = JSON.parse(sessionStorage.getItem('seen-toasts') ?? '[]') as string[];
          if (text && !seen.includes(text)) sessionStorage.setItem('seen-toasts', JSON.stringify([...seen, text]));
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.context().clearCookies();
    await page.getByRole('textbox', { name: 'Feedback', exact: true }).fill(COMPLAINT);
    await page.getByRole('button', { name: 'Analyse Feedback' }).click();
    await page.waitForURL('**/signin');
    const seen = await page.evaluate(() => JSON.parse(sessionStorage.getItem('seen-toasts') ?? '[]') as string[]);
    expect(seen).toContainEqual(expect.stringMatching(/^Unauthorized\s*You are logged out\. Logging in again\.\.\./));
    await page.context().close();
  });

  it('shows a free user with nothing stored the upgrade prompt instead of the form', async () => {
    const email = 'free.listener@example.com';
    const page = await newPage(e2e.browser, e2e.server.baseURL, DESKTOP);
    await signInThroughPage(page, email);
    await seedBrand(email, 'Free Coffee');
    const problems = recordProblems(page);
    const insightCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/consumer-insights')) insightCalls.push(`${request.method()} ${url.pathname}`);
    });
    await page.goto('/consumer-insights');
    const prompt = page.getByRole('region', { name: 'Upgrade your plan' });
    await prompt.getByText('Unlock consumer insights').waitFor();
    expect(await prompt.textContent()).toContain('Starter adds consumer insights, up to 200 of them.');
    expect(await page.getByRole('button', { name: 'Analyse Feedback' }).count()).toBe(0);
    await screenshotFor(page, 'consumer-insights-free-plan');
    // The list is read (empty: nothing was kept from a paid plan), and nothing else is asked for.
    expect(insightCalls).toEqual(['GET /api/consumer-insights']);
    expect(problems).toEqual([]);
    await prompt.getByRole('link', { name: 'Upgrade Now' }).click();
    await page.waitForURL('**/subscribe');
    expect(await page.evaluate(() => localStorage.getItem('selectedPlan'))).toBe('starter');
    await page.context().close();
  });

  it('shows a free user the insights kept from a paid plan, read-only, with the upgrade offer', async () => {
    const email = 'kept.listener@example.com';
    const page = await newPage(e2e.browser, e2e.server.baseURL, DESKTOP);
    await signInThroughPage(page, email);
    const { owner, brand } = await seedBrand(email, 'Kept Coffee');
    await e2e.server.database.db.insert(consumerInsights).values({
      brandId: brand.id,
      userId: owner.id,
      content: PRAISE,
      sentiment: 'positive',
      sentimentScore: 5,
      confidence: 0.9,
      topics: ['oat latte'],
      collectedAt: new Date('2026-03-14T10:00:00Z'),
    });
    const problems = recordProblems(page);
    await page.goto('/consumer-insights');
    const notice = page.getByRole('region', { name: 'Read-only' });
    await notice.getByText(storedFeatureNotice('free', 'consumerInsights'), { exact: true }).waitFor();
    await page.getByRole('list', { name: 'Consumer insights' }).getByText(PRAISE).waitFor();
    // Nothing can be added or corrected; what is kept can still be deleted.
    expect(await page.getByRole('button', { name: 'Analyse Feedback' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Upgrade your plan' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete insight' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Correct sentiment' }).count()).toBe(0);
    await screenshotFor(page, 'consumer-insights-free-plan-read-only');

    await page.getByRole('tab', { name: 'Sentiment Reports' }).click();
    await page.getByText(featureLimitMessage('free', 'consumerInsights'), { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Generate Report' }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Consumer Insights' }).click();
    await notice.getByRole('link', { name: 'Upgrade to Starter' }).click();
    await page.waitForURL('**/subscribe');
    expect(await page.evaluate(() => localStorage.getItem('selectedPlan'))).toBe('starter');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
