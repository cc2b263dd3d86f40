import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { type PlanKey, plans } from '../../src/shared/plans.ts';
import { newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { recordProblems, toastTitled } from '../helpers/checkout.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { seedCompletedAudit } from '../helpers/seed.ts';

const e2e = serverAndBrowserForFile();

async function setPlan(email: string, plan: PlanKey) {
  await e2e.server.database.db
    .update(users)
    .set({ planType: plan, maxBrands: plans[plan].limits.brands })
    .where(eq(users.email, email));
}

async function openWhiteLabel(page: Page, email: string, plan: PlanKey) {
  await signInThroughPage(page, email);
  await setPlan(email, plan);
  await page.goto('/white-label');
  await page.getByRole('heading', { name: 'White Label' }).waitFor();
}

/** Whether an image on the page has loaded (a broken image has no natural width). */
const imageLoaded = (page: Page, selector: string) =>
  page.waitForFunction((css) => {
    const image = document.querySelector<HTMLImageElement>(css);
    return Boolean(image?.complete && image.naturalWidth > 0);
  }, selector);

describe('White Label', () => {
  it('saves the settings with a logo, previewing them live, and the shared report page shows them', async () => {
    const email = 'agency.brander@example.com';
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const problems = recordProblems(page);
    await openWhiteLabel(page, email, 'agency');
    await page.getByTestId('white-label-status').getByText('Not set up').waitFor();
    const form = page.getByRole('form', { name: 'White label settings' });
    expect(await form.getByLabel('Primary colour', { exact: true }).inputValue()).toBe('#000000');
    expect(await form.getByLabel('Secondary colour', { exact: true }).inputValue()).toBe('#666666');

    // A colour that is not one is refused beside the field, and nothing is saved.
    await form.getByLabel('Company name').fill('Northbank Digital');
    await form.getByLabel('Primary colour', { exact: true }).fill('teal');
    await form.getByRole('button', { name: 'Save Settings' }).click();
    await form.getByText('Primary colour must be a colour like #1A2B3C or #ABC').waitFor();

    const preview = page.getByRole('figure', { name: 'Report preview' });
    await form.getByLabel('Primary colour', { exact: true }).fill('#0E7490');
    await form.getByLabel('Secondary colour', { exact: true }).fill('#F59E0B');
    await form.getByLabel('Header text').fill('Brand reporting for independent cafés');
    await form.getByLabel('Footer text').fill('Northbank Digital Ltd, 12 Quay Street, Bristol');
    await form.getByLabel('Contact email').fill('hello@northbank.digital');
    await form.getByLabel('Contact phone').fill('+44 117 496 0000');
    await form.getByLabel('Website').fill('https://northbank.digital');
    // The preview follows the typing.
    await preview.getByText('Northbank Digital', { exact: true }).waitFor();
    await preview.getByText('Brand reporting for independent cafés').waitFor();
    await preview.getByText('+44 117 496 0000').waitFor();
    expect(await preview.getByTestId('preview-header').evaluate((node) => getComputedStyle(node).backgroundColor)).toBe(
      'rgb(14, 116, 144)',
    );

    const logo = await sharp({ create: { width: 240, height: 80, channels: 4, background: '#F59E0B' } })
      .png()
      .toBuffer();
    await form.getByLabel('Company logo').setInputFiles({ name: 'northbank.png', mimeType: 'image/png', buffer: logo });
    await toastTitled(page, 'File Uploaded');
    await imageLoaded(page, 'img[alt="Logo preview"]');
    await imageLoaded(page, 'img[alt="Northbank Digital logo"]');

    await form.getByRole('button', { name: 'Save Settings' }).click();
    await toastTitled(page, 'White Label Settings Saved');
    await page.getByTestId('white-label-status').getByText('On reports now').waitFor();
    await screenshotFor(page, 'white-label-saved');

    // Saved: a reload shows the same settings and the stored logo.
    await page.reload();
    await form.getByLabel('Company name').waitFor();
    expect(await form.getByLabel('Company name').inputValue()).toBe('Northbank Digital');
    expect(await form.getByLabel('Primary colour', { exact: true }).inputValue()).toBe('#0E7490');
    expect(await form.getByLabel('Contact phone').inputValue()).toBe('+44 117 496 0000');
    await imageLoaded(page, 'img[alt="Logo preview"]');

    // A shared audit report, opened by someone signed out, carries the agency's branding only.
    const { audit } = await seedCompletedAudit(e2e.server.database, email, 'Acme Coffee');
    const shared = await page.request.post(`/api/audits/${audit.id}/share`, { data: {} });
    expect(shared.status()).toBe(200);
    const visitor = await newPage(e2e.browser, e2e.server.baseURL);
    await visitor.goto(`/reports/${(await shared.json()).shareableToken}`);
    const frame = visitor.getByTestId('white-label-frame');
    await frame.getByText('Northbank Digital', { exact: true }).first().waitFor();
    await frame.getByRole('heading', { name: 'Acme Coffee' }).waitFor();
    await frame.getByText('Brand reporting for independent cafés').waitFor();
    await frame.getByText('Northbank Digital Ltd, 12 Quay Street, Bristol').waitFor();
    await frame.getByRole('link', { name: 'hello@northbank.digital' }).waitFor();
    await imageLoaded(visitor, '[data-testid="white-label-frame"] header img');
    expect(await visitor.locator('#root').textContent()).not.toContain('Brandlens');
    expect(await visitor.title()).toBe('Acme Coffee brand audit · Northbank Digital');
    await screenshotFor(visitor, 'white-label-shared-report');

    expect(problems.filter((problem) => !problem.startsWith('400 /api/'))).toEqual([]);
  });

  it('shows a plan without white label the upgrade prompt instead of the form', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await openWhiteLabel(page, 'smb.brander@example.com', 'smb');
    await page.getByRole('region', { name: 'Upgrade your plan' }).getByText('Unlock white-label reports').waitFor();
    expect(await page.getByRole('form', { name: 'White label settings' }).count()).toBe(0);
  });
});
