import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { type FixtureSite, startFixtureSite } from '../doubles/fixture-site.ts';
import { type SmtpDouble, startSmtpDouble } from '../doubles/smtp.ts';
import { launchBrowser, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

let smtp: SmtpDouble;
let site: FixtureSite;
let server: RunningServer;
let browser: Browser;
let dataDir: string;

// The server needs the SMTP double's address, so it is started here rather than by serverAndBrowserForFile.
beforeAll(async () => {
  smtp = await startSmtpDouble();
  site = await startFixtureSite({ slowMs: 300 });
  dataDir = mkdtempSync(path.join(tmpdir(), 'settings-e2e-'));
  server = await startServer({ SMTP_URL: smtp.url, CRAWLER_ALLOW_LOOPBACK: 'true', DATA_DIR: dataDir });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await site?.close();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function toast(page: Page, title: string, description: string) {
  await page.getByText(title, { exact: true }).first().waitFor();
  await page.getByText(description, { exact: true }).first().waitFor();
}

async function userRow(email: string) {
  const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
  return user;
}

const switchNamed = (page: Page, name: string) => page.getByRole('switch', { name });

describe('Settings: profile and notifications', () => {
  it('saves the profile with a toast, keeps it after a reload, and refuses an address another account uses', async () => {
    const other = await newPage(browser, server.baseURL);
    await signInThroughPage(other, 'someone-else@example.com');
    await other.context().close();

    const page = await newPage(browser, server.baseURL);
    await signInThroughPage(page, 'profile@example.com');
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByLabel('First name').fill('  Grace ');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
    // Development sign-in never verifies an address.
    expect(await page.getByTestId('email-verified').count()).toBe(0);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Success', 'Profile updated successfully');
    await screenshotFor(page, 'settings-profile-saved');

    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.waitForFunction(() => (document.getElementById('profile-first-name') as HTMLInputElement)?.value !== '');
    expect(await page.getByLabel('First name').inputValue()).toBe('Grace');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Hopper');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('grace@example.com');
    expect(await userRow('grace@example.com')).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });

    await page.getByLabel('Email', { exact: true }).fill('someone-else@example.com');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Error', 'Failed to update profile');
    await page.getByText('That email address is already used by another account.', { exact: false }).waitFor();
    expect(await userRow('grace@example.com')).toBeDefined();
  });

  it('saves the switches as they change, keeps them after a reload, and e-mails when an audit completes', async () => {
    const page = await newPage(browser, server.baseURL);
    await signInThroughPage(page, 'notify@example.com');
    await page.goto('/settings');
    const digest = switchNamed(page, 'Weekly digest');
    const auditComplete = switchNamed(page, 'Audit complete');
    await digest.waitFor();
    // SPEC's defaults.
    expect(await switchNamed(page, 'Email reports').getAttribute('aria-checked')).toBe('true');
    expect(await auditComplete.getAttribute('aria-checked')).toBe('true');
    expect(await digest.getAttribute('aria-checked')).toBe('false');

    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/notification-settings') && response.request().method() === 'PUT',
    );
    await digest.click();
    expect((await saved).status()).toBe(200);
    const savedAgain = page.waitForResponse(
      (response) => response.url().endsWith('/api/notification-settings') && response.request().method() === 'PUT',
    );
    await switchNamed(page, 'Email reports').click();
    expect((await savedAgain).status()).toBe(200);
    await screenshotFor(page, 'settings-notifications');

    await page.reload();
    await digest.waitFor();
    expect(await digest.getAttribute('aria-checked')).toBe('true');
    expect(await switchNamed(page, 'Email reports').getAttribute('aria-checked')).toBe('false');
    expect(await auditComplete.getAttribute('aria-checked')).toBe('true');
    expect(await userRow('notify@example.com')).toMatchObject({
      notifyWeeklyDigest: true,
      notifyEmailReports: false,
      notifyAuditComplete: true,
    });

    // An audit runs to completion and its e-mail reaches the mail server.
    const brand = await page.request.post('/api/brands', {
      data: { name: 'Northwind Roasters', websiteUrl: site.url },
    });
    expect(brand.status()).toBe(201);
    const audit = await page.request.post('/api/audits', { data: { brandId: (await brand.json()).id } });
    expect(audit.ok()).toBe(true);
    const auditId = (await audit.json()).id as string;
    const [message] = await smtp.waitForMessages(1, 90_000);
    expect(message!.envelope.to).toEqual(['notify@example.com']);
    expect(message!.parsed.subject).toBe('Brandlens: your audit of Northwind Roasters is complete');
    const html = message!.parsed.html ?? '';
    expect(html).toContain(`${server.baseURL}/audit-results/${auditId}`);
    expect(message!.parsed.text).toMatch(/Overall score\s+(\d+\/100|Not enough measured)/);

    // The mail's unsubscribe link works in a browser that is not signed in.
    const unsubscribeUrl = /href="([^"]*\/api\/notifications\/unsubscribe\?token=[^"]+)"/
      .exec(html)?.[1]
      ?.replaceAll('&amp;', '&');
    expect(unsubscribeUrl).toBeDefined();
    const stranger = await newPage(browser, server.baseURL);
    await stranger.goto(unsubscribeUrl!);
    await stranger.getByText('Stop receiving audit complete e-mails from Brandlens.').waitFor();
    await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
    await stranger.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await screenshotFor(stranger, 'unsubscribed');
    await stranger.context().close();

    await page.reload();
    await auditComplete.waitFor();
    expect(await auditComplete.getAttribute('aria-checked')).toBe('false');
  }, 150_000);
});
