import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { audits } from '../../src/server/db/schema/index.ts';
import { auditDetailFixture } from '../fixtures/audit-detail.ts';
import { newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { seedCompletedAudit } from '../helpers/seed.ts';

const e2e = serverAndBrowserForFile();

/** The fixture audit as a brand with only a website would get it: two areas with too few checks. */
async function makeWebsiteOnly(auditId: string) {
  const notEnough = (coverage: string, toAdd: string[]) => ({ applied: 1, total: 5, enough: false, coverage, toAdd });
  const coverage = {
    ...auditDetailFixture.coverage!,
    socialMedia: notEnough('1 of 5 checks applied', ['social handles']),
    brandAssets: notEnough('1 of 5 checks applied', ['a colour palette', 'a logo', 'brand fonts']),
  };
  await e2e.server.database.db
    .update(audits)
    .set({
      overallScore: auditDetailFixture.websiteScore!,
      socialMediaScore: null,
      brandAssetsScore: null,
      analysis: { ...auditDetailFixture.analysis, coverage },
    })
    .where(eq(audits.id, auditId));
}

describe('score coverage', () => {
  it('shows coverage beside every area score, and not enough measured, on the report, the shared page and the dashboard', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'coverage@example.com');
    const { audit } = await seedCompletedAudit(e2e.server.database, 'coverage@example.com', 'Acme Website Only');
    await makeWebsiteOnly(audit.id);

    await page.goto(`/audit-results/${audit.id}`);
    const overview = page.getByTestId('report-overview');
    await overview.waitFor();
    await expect(overview.getByText('25 of 29 checks applied').count()).resolves.toBe(1);
    await expect(overview.getByText('Not enough measured').count()).resolves.toBe(2);
    await overview.getByText('Add social handles to the brand to measure it.').waitFor();
    await overview.getByText('Add a colour palette, a logo or brand fonts to the brand to measure it.').waitFor();
    await page.locator('[data-area="socialMedia"]').getByTestId('area-coverage').waitFor();
    await screenshotFor(page, 'report-sub-scores');

    const share = await page.request.post(`/api/audits/${audit.id}/share`, { data: {} });
    expect(share.status()).toBe(200);
    const visitor = await newPage(e2e.browser, e2e.server.baseURL);
    await visitor.goto((await share.json()).path);
    const shared = visitor.getByTestId('report-overview');
    await shared.waitFor();
    await expect(shared.getByText('1 of 5 checks applied').count()).resolves.toBe(2);
    await expect(shared.getByText('Not enough measured').count()).resolves.toBe(2);
    await screenshotFor(visitor, 'shared-report-sub-scores');

    await page.goto('/');
    const recent = page.getByTestId('recent-audit').first();
    await recent.waitFor();
    await recent.getByText('25 of 29 checks applied').waitFor();
    await expect(recent.getByText('Not enough measured').count()).resolves.toBe(2);
    await screenshotFor(page, 'dashboard-sub-scores');
  });

  it('shows no fake 0 when no area had enough measured', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'nothing@example.com');
    const { audit } = await seedCompletedAudit(e2e.server.database, 'nothing@example.com', 'Acme Nothing Measured');
    const notEnough = { applied: 1, total: 5, enough: false, coverage: '1 of 5 checks applied', toAdd: [] };
    const coverage = { website: notEnough, socialMedia: notEnough, brandAssets: notEnough, overallMeasured: false };
    await e2e.server.database.db
      .update(audits)
      .set({
        overallScore: 0,
        websiteScore: null,
        socialMediaScore: null,
        brandAssetsScore: null,
        analysis: { ...auditDetailFixture.analysis, coverage },
      })
      .where(eq(audits.id, audit.id));
    await page.goto(`/audit-results/${audit.id}`);
    await page.getByRole('img', { name: 'Overall brand score: not enough measured' }).waitFor();
    await screenshotFor(page, 'report-nothing-measured');
    await page.goto('/');
    await page.getByTestId('recent-audit').first().getByText('Not enough measured').first().waitFor();
  });
});
