import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { audits } from '../../src/server/db/schema/index.ts';
import { captureOnFailure, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { seedCompletedAudit, seedCompletedAuditOf, setPlan } from '../helpers/seed.ts';

const e2e = serverAndBrowserForFile();

/** Another completed audit of the brand, completed on a given day with these scores. */
async function seedAuditOn(
  brand: { id: string; userId: string },
  completedAt: string,
  scores: { overallScore: number; websiteScore: number; socialMediaScore: number | null; brandAssetsScore: number },
) {
  const audit = await seedCompletedAuditOf(e2e.server.database, brand);
  await e2e.server.database.db
    .update(audits)
    .set({ ...scores, completedAt: new Date(completedAt), createdAt: new Date(completedAt) })
    .where(eq(audits.id, audit.id));
  return audit;
}

describe('score history', () => {
  it("charts the selected brand's four scores on the Brand Audit page and every brand's overall score on the dashboard", async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    captureOnFailure(page);
    await signInThroughPage(page, 'history-chart@example.com');
    await setPlan(e2e.server.database, 'history-chart@example.com', 'smb');
    const { brand, audit: latest } = await seedCompletedAudit(
      e2e.server.database,
      'history-chart@example.com',
      'Northwind Roasters',
    );
    await e2e.server.database.db
      .update(audits)
      .set({ completedAt: new Date('2026-05-02T09:00:00Z') })
      .where(eq(audits.id, latest.id));
    await seedAuditOn(brand, '2026-03-02T09:00:00Z', {
      overallScore: 58,
      websiteScore: 52,
      socialMediaScore: null,
      brandAssetsScore: 61,
    });
    await seedAuditOn(brand, '2026-04-02T09:00:00Z', {
      overallScore: 80,
      websiteScore: 77,
      socialMediaScore: 85,
      brandAssetsScore: 70,
    });
    await seedCompletedAudit(e2e.server.database, 'history-chart@example.com', 'Single Audit Brand');

    await page.goto('/brand-audit');
    // The first brand is selected: its three audits are a line each for overall and the areas.
    const card = page.getByTestId('score-history');
    await card.getByText('Northwind Roasters: overall score and the three areas, audit by audit').waitFor();
    const chart = card.getByRole('figure', { name: 'Northwind Roasters score history' });
    await chart.locator('.recharts-line').first().waitFor();
    await expect(chart.locator('.recharts-line').count()).resolves.toBe(4);
    for (const name of ['Overall', 'Website', 'Social media', 'Brand assets']) {
      await chart.locator('.recharts-legend-item-text', { hasText: name }).waitFor();
    }
    const table = card.getByRole('table', { name: 'Northwind Roasters scores by audit' });
    const rows = table.locator('tbody tr');
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.nth(0).textContent()).resolves.toContain('2 Mar 2026');
    // A social media score that was not measured is said so, not drawn as 0.
    await expect(rows.nth(0).textContent()).resolves.toContain('Not enough measured');
    await expect(rows.nth(2).textContent()).resolves.toContain('25 of 29 checks applied');
    await card.getByText('Your plan includes monthly brand tracking').waitFor();
    await screenshotFor(page, 'score-history-brand-audit');

    // Choosing the brand with one audit shows the empty state.
    await page
      .getByRole('button', { name: /Single Audit Brand/ })
      .first()
      .click();
    await card.getByTestId('score-history-empty').waitFor();
    await card.getByText('The history of Single Audit Brand appears after two completed audits (1 so far).').waitFor();

    await page.goto('/');
    const overview = page.getByTestId('score-history');
    const overallChart = overview.getByRole('figure', { name: 'Overall score history by brand' });
    await overallChart.locator('.recharts-line').first().waitFor();
    // Both brands with audits have a line; the one with a single audit shows as a point.
    await expect(overallChart.locator('.recharts-line').count()).resolves.toBe(2);
    await overallChart.locator('.recharts-legend-item-text', { hasText: 'Northwind Roasters' }).waitFor();
    await overallChart.locator('.recharts-legend-item-text', { hasText: 'Single Audit Brand' }).waitFor();
    await screenshotFor(page, 'score-history-dashboard');
  });

  it('shows the empty state on the dashboard until a brand has two audits', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    captureOnFailure(page);
    await signInThroughPage(page, 'history-empty@example.com');
    await seedCompletedAudit(e2e.server.database, 'history-empty@example.com', 'First Audit Only');
    await page.goto('/');
    const card = page.getByTestId('score-history');
    await card.getByText("A brand's score line appears once it has two completed audits.").waitFor();
    await expect(card.locator('.recharts-line').count()).resolves.toBe(0);
    // Free plan: no promise of monthly tracking.
    await expect(card.getByText('Your plan includes monthly brand tracking').count()).resolves.toBe(0);
  });
});
