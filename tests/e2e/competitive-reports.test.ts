import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpDouble } from '../doubles/smtp.ts';
import { MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { setPlan } from '../helpers/seed.ts';
import { sampleLibrary, seedAds, seedCompetitor } from '../helpers/seed-competitors.ts';
import { seedBrand } from '../helpers/seed-insights.ts';

const smtp = await startSmtpDouble();
afterAll(() => smtp.close());
const e2e = serverAndBrowserForFile({ SMTP_URL: smtp.url });

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const content = fs.readFileSync(await file.path());
  return { name: file.suggestedFilename(), header: content.subarray(0, 5).toString() };
}

describe('competitive reports', () => {
  it('generates a report from the stored ads, filters findings, links their ads, downloads and e-mails the PDF', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const email = 'competitive-e2e@example.com';
    await signInThroughPage(page, email);
    await setPlan(e2e.server.database, email, 'smb');
    const brand = await seedBrand(e2e.server.database, email, 'Crumb Bakery');
    const library = sampleLibrary(new Date());
    const acme = await seedCompetitor(e2e.server.database, brand, 'Acme Bakes');
    const acmeAds = await seedAds(e2e.server.database, acme, library.leader);
    await seedAds(e2e.server.database, await seedCompetitor(e2e.server.database, brand, 'Beta Bread'), library.second);
    const saleAd = acmeAds.find((ad) => ad.adTitle === 'Spring sale: 20% off all loaves')!;

    await page.goto('/competitor-tracking');
    await page.getByText('No competitor reports yet.').waitFor();
    // sharing before any report exists says to generate one first
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Generate a competitive analysis report first').first().waitFor();
    await page.getByText('No Report Available').first().waitFor();

    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByText('Competitor report generated successfully').first().waitFor();
    const findings = page.getByRole('list', { name: 'Key findings' });
    await findings.getByText('Acme Bakes runs 4 active ads while no other competitor has one running.').waitFor();

    // filters: threats only, then opportunities only
    await page.getByRole('button', { name: /^Threats/ }).click();
    expect(
      await findings.locator('> li').evaluateAll((items) => items.map((item) => item.getAttribute('data-kind'))),
    ).toEqual(expect.arrayContaining(['threats']));
    expect(await findings.locator('> li[data-kind="opportunities"]').count()).toBe(0);
    // the long-running ad is a threat, linked to its card in the ad library
    const link = findings.getByRole('link', { name: /Spring sale: 20% off all loaves/ }).first();
    expect(await link.getAttribute('href')).toBe(`#ad-${saleAd.id}`);
    await page.getByRole('button', { name: /^Opportunities/ }).click();
    await findings.locator('> li[data-kind="opportunities"]').first().waitFor();
    expect(await findings.locator('> li[data-kind="threats"]').count()).toBe(0);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    expect(await findings.locator('> li[data-kind="threats"]').count()).toBeGreaterThan(0);

    await page.getByRole('heading', { name: 'Advertising Intelligence' }).waitFor();
    await page.getByRole('list', { name: 'Calls to action' }).getByText('Shop now').waitFor();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await screenshotFor(page, 'competitive-reports');

    const pdf = await download(page, () => page.getByRole('button', { name: 'Download PDF' }).click());
    expect(pdf.name).toMatch(/^brandlens-crumb-bakery-competitive-analysis-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdf.header).toBe('%PDF-');
    await page.getByText('PDF Downloaded').first().waitFor();

    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Competitive Analysis' });
    const send = dialog.getByRole('button', { name: 'Send Email' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Email address').fill('partner@example.com');
    await dialog.getByLabel('Message (optional)').fill('Our rivals this month.');
    const [request] = await Promise.all([
      page.waitForRequest((req) => req.url().endsWith('/api/email-competitive-analysis') && req.method() === 'POST'),
      send.click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({ email: 'partner@example.com', message: 'Our rivals this month.' });
    expect(request.postDataJSON().requestId).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByText('Competitive analysis report sent successfully').first().waitFor();
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.envelope.to).toEqual(['partner@example.com']);
    expect(mail?.parsed.text).toContain('Our rivals this month.');
    const attached = mail?.parsed.attachments.find((file) => file.mimeType === 'application/pdf');
    expect(attached?.filename).toBe(pdf.name);

    // a second report moves the first into the history
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByRole('list', { name: 'Report history' }).getByRole('listitem').first().waitFor();
    expect(consoleErrors).toEqual([]);

    await page.setViewportSize(MOBILE);
    // Measured once the page has laid itself out again at the new width (a toast may still be sliding in).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await screenshotFor(page, 'competitive-reports-mobile');
    await page.context().close();
  });
});
