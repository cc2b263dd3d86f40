import { describe, expect, it } from 'vitest';
import { actionItems } from '../../src/server/db/schema/index.ts';
import { MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { seedCompletedAudit, seedCompletedAuditOf } from '../helpers/seed.ts';
import { seedBrand } from '../helpers/seed-insights.ts';

const e2e = serverAndBrowserForFile();

const OWNER = 'actions-e2e@example.com';

/** `count` pending actions of a brand, titled '{prefix} 1' and on, as generating them from an audit would store. */
async function seedActions(brand: { id: string; userId: string }, auditId: string, prefix: string, count: number) {
  await e2e.server.database.db.insert(actionItems).values(
    Array.from({ length: count }, (_, index) => ({
      userId: brand.userId,
      brandId: brand.id,
      auditId,
      title: `${prefix} ${index + 1}`,
      description: 'Found by the audit.',
      category: 'SEO',
      priority: 'Medium' as const,
    })),
  );
}

describe('all action items', () => {
  it('links "+N more actions" on the dashboard to the full list, filtered as the dashboard was', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInThroughPage(page, OWNER);
    const { brand: acme, audit } = await seedCompletedAudit(e2e.server.database, OWNER, 'Acme Coffee');
    await seedActions(acme, audit.id, 'Acme fix', 12);
    const northwind = await seedBrand(e2e.server.database, OWNER, 'Northwind Tea');
    const northwindAudit = await seedCompletedAuditOf(e2e.server.database, northwind);
    await seedActions(northwind, northwindAudit.id, 'Northwind fix', 7);

    await page.goto('/');
    const card = page.getByTestId('recommended-actions');
    const more = card.getByRole('link', { name: '+14 more actions' });
    await more.waitFor();
    await screenshotFor(page, 'action-items-dashboard-more');
    await more.click();
    await page.waitForURL((url) => url.pathname === '/action-items' && url.searchParams.get('status') === 'pending');
    await page.getByRole('heading', { name: 'Action Items', level: 1 }).waitFor();
    const pending = page.getByRole('list', { name: 'Pending actions' });
    await pending.getByText('Acme fix 12', { exact: true }).waitFor();
    expect(await pending.getByRole('listitem').count()).toBe(19);
    await screenshotFor(page, 'action-items-all');

    // Filtered to one brand on the dashboard, the link keeps the filter.
    await page.goto('/');
    await card.getByLabel('Filter by brand').click();
    await page.getByRole('option', { name: 'Acme Coffee' }).click();
    await card.getByRole('link', { name: '+7 more actions' }).click();
    await page.waitForURL((url) => url.searchParams.get('brand') === acme.id);
    await page.getByText("Fixes from Acme Coffee's audits, highest priority first").waitFor();
    await pending.getByText('Acme fix 1', { exact: true }).waitFor();
    expect(await pending.getByRole('listitem').count()).toBe(12);
    expect(await pending.getByText(/^Northwind fix/).count()).toBe(0);

    // Ticking one off here moves it to the completed list.
    await page.getByRole('button', { name: 'Mark "Acme fix 3" as completed' }).click();
    await page.getByText('Action completed').first().waitFor();
    await page.getByRole('tab', { name: 'Completed (1)' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'completed');
    await page.getByRole('list', { name: 'Completed actions' }).getByText('Acme fix 3').waitFor();
    await screenshotFor(page, 'action-items-completed');

    await page.setViewportSize(MOBILE);
    await page.getByRole('tab', { name: 'Pending (11)' }).click();
    await pending.getByText('Acme fix 12', { exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshotFor(page, 'action-items-mobile');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
