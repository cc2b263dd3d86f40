import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpDouble } from '../doubles/smtp.ts';
import { planMentions } from '../fixtures/sentiment-reports/mentions.ts';
import { MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedBrand, seedMentions } from '../helpers/seed-insights.ts';

// The report e-mail goes out through SMTP to this double; its address is known once it listens.
const smtp = await startSmtpDouble();
afterAll(() => smtp.close());
const e2e = serverAndBrowserForFile({ SMTP_URL: smtp.url });

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const content = fs.readFileSync(await file.path());
  return { name: file.suggestedFilename(), header: content.subarray(0, 5).toString() };
}

async function openReportsTab(page: Page) {
  await page.goto('/consumer-insights');
  await page.getByRole('tab', { name: 'Sentiment Reports' }).click();
}

describe('sentiment reports', () => {
  it('generates reports for the chosen period, charts them and downloads both PDFs', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await signInThroughPage(page, 'sentiment-e2e@example.com');
    await setPlan(e2e.server.database, 'sentiment-e2e@example.com', 'smb');
    const brand = await seedBrand(e2e.server.database, 'sentiment-e2e@example.com', 'Acme Coffee');
    // 40 days of 6 mentions a day up to now, with complaints spiking 2 days ago
    await seedMentions(e2e.server.database, brand, planMentions(new Date(), 40, 6, [2]));

    await openReportsTab(page);
    await page.getByText('No sentiment reports yet').waitFor();
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByText('Sentiment report generated successfully').first().waitFor();

    const latest = page.getByTestId('latest-report');
    await latest.getByText('Monthly', { exact: true }).waitFor();
    expect(await latest.getByTestId('total-mentions').textContent()).toBe('180');
    expect(await latest.getByTestId('overall-sentiment').textContent()).toMatch(/^[1-5]\.\d \/ 5$/);
    await latest
      .getByTestId('spike-alert')
      .getByText(/^Negative mentions spiked on /)
      .waitFor();
    await latest.getByTestId('report-insights').getByText('Acme Coffee had 180 mentions in the last 30 days').waitFor();

    // both charts drawn: stacked bars and the sentiment line
    const mentionsChart = latest.getByRole('figure', { name: 'Mentions over time' });
    const sentimentChart = latest.getByRole('figure', { name: 'Average sentiment over time' });
    await mentionsChart.locator('path.recharts-rectangle').first().waitFor();
    await sentimentChart.locator('path.recharts-line-curve').first().waitFor();
    expect(await mentionsChart.locator('path.recharts-rectangle').count()).toBeGreaterThan(30);
    expect(await sentimentChart.locator('path.recharts-line-curve').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+/);
    await latest.getByRole('list', { name: 'Top topics' }).getByRole('listitem').first().waitFor();
    await screenshotFor(page, 'sentiment-reports-monthly');

    // the chosen period is honoured
    await page.getByLabel('Report period').click();
    await page.getByRole('option', { name: 'Weekly' }).click();
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await latest.getByText('Weekly', { exact: true }).waitFor();
    expect(await latest.getByTestId('total-mentions').textContent()).toBe('42');
    const previous = page.getByRole('list', { name: 'Previous reports' });
    expect(await previous.getByRole('listitem').count()).toBe(1);

    // Two documents, each named for what it gives: no two entries read 'Download PDF'.
    expect(await page.getByText('Download PDF', { exact: true }).count()).toBe(0);
    const insightsPdf = await download(page, async () => {
      await page.getByRole('button', { name: 'Report actions' }).click();
      await screenshotFor(page, 'sentiment-reports-actions-menu');
      await page.getByRole('menuitem', { name: 'Download consumer insights report (PDF)' }).click();
    });
    expect(insightsPdf.name).toMatch(/^brandlens-acme-coffee-consumer-insights-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(insightsPdf.header).toBe('%PDF-');
    await page.getByText('PDF Downloaded').first().waitFor();

    const reportButton = latest.getByRole('button', { name: /^Download sentiment report \(PDF\): weekly/ });
    expect(await reportButton.textContent()).toBe('Download sentiment report (PDF)');
    const reportPdf = await download(page, () => reportButton.click());
    expect(reportPdf.name).toMatch(/^brandlens-acme-coffee-weekly-sentiment-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(reportPdf.header).toBe('%PDF-');
    const olderPdf = await download(page, () =>
      previous.getByRole('button', { name: /^Download sentiment report \(PDF\): monthly/ }).click(),
    );
    expect(olderPdf.name).toMatch(/^brandlens-acme-coffee-monthly-sentiment-report-/);

    // e-mail: an address is required; the message is optional
    await page.getByRole('button', { name: 'Report actions' }).click();
    await page.getByRole('menuitem', { name: 'Email Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email Report' });
    const send = dialog.getByRole('button', { name: 'Send Email' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Email address').fill('owner@example.com');
    await dialog.getByLabel('Message (optional)').fill('For Monday.');
    expect(await send.isDisabled()).toBe(false);
    const [request] = await Promise.all([
      page.waitForRequest((req) => req.url().endsWith('/api/consumer-insights/email') && req.method() === 'POST'),
      send.click(),
    ]);
    expect(request.postDataJSON()).toMatchObject({
      email: 'owner@example.com',
      message: 'For Monday.',
      brandId: brand.id,
    });
    await page.getByText('Email Sent').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.envelope.to).toEqual(['owner@example.com']);
    expect(mail?.parsed.text).toContain('For Monday.');
    const attached = mail?.parsed.attachments.find((file) => file.mimeType === 'application/pdf');
    // The e-mailed copy has the name the download had.
    expect(attached?.filename).toBe(insightsPdf.name);
    expect(
      Buffer.from(attached?.content as ArrayBuffer)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    expect(consoleErrors).toEqual([]);

    await page.setViewportSize(MOBILE);
    await page.getByText('Acme Coffee had 42 mentions in the last 7 days').waitFor();
    await page.getByRole('heading', { name: 'Latest report' }).scrollIntoViewIfNeeded();
    await screenshotFor(page, 'sentiment-reports-mobile-figures');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshotFor(page, 'sentiment-reports-mobile');
    await page.context().close();
  });

  it('says to add insights first for a brand without any', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'sentiment-empty@example.com');
    await setPlan(e2e.server.database, 'sentiment-empty@example.com', 'smb');
    await seedBrand(e2e.server.database, 'sentiment-empty@example.com', 'Quiet Kiosk');
    await openReportsTab(page);
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByText('Add some consumer insights first to generate sentiment reports.').first().waitFor();
    await page.getByText('Failed to generate report').first().waitFor();
    await page.getByText('No sentiment reports yet').waitFor();
    await page.context().close();
  });
});
