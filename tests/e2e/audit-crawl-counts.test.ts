import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { audits } from '../../src/server/db/schema/index.ts';
import { auditDetailFixture } from '../fixtures/audit-detail.ts';
import { newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { seedCompletedAudit } from '../helpers/seed.ts';

const e2e = serverAndBrowserForFile();

describe('the website crawl on the audit report', () => {
  it('names pages crawled and pages analysed as the PDF does', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'crawl-screen@example.com');
    const { audit } = await seedCompletedAudit(e2e.server.database, 'crawl-screen@example.com');
    const analysis = {
      ...auditDetailFixture.analysis,
      crawl: { ...auditDetailFixture.analysis?.crawl, pages: 13, pagesAnalysed: 11 },
    };
    await e2e.server.database.db.update(audits).set({ analysis }).where(eq(audits.id, audit.id));

    await page.goto(`/audit-results/${audit.id}`);
    const counts = page.getByTestId('crawl-counts');
    await counts.waitFor();
    expect(await counts.textContent()).toMatch(/^13 pages crawled, 11 analysed\. Crawled counts every page address/);
    await page.getByText('Pages analysed', { exact: true }).waitFor();
    await page.getByText('Addresses not read', { exact: true }).waitFor();
    await counts.scrollIntoViewIfNeeded();
    await screenshotFor(page, 'audit-crawl-counts');
  });
});
