import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { type FixtureSite, startFixtureSite } from '../doubles/fixture-site.ts';
import { MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { waitFor } from '../helpers/jobs.ts';

const e2e = serverAndBrowserForFile({ CRAWLER_ALLOW_LOOPBACK: 'true' });
let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite({ slowMs: 300 });
});
afterAll(() => site?.close());

const LAPTOP = { width: 1366, height: 768 };
const LONG_EMAIL = 'alexandra.montgomery-smith@northwind-roasters.example';

/** Whether an element shows all of its text: nothing cut off by overflow. */
const fullyShown = (element: Locator) =>
  element.evaluate((node) => node.scrollWidth <= node.clientWidth && node.clientWidth > 0);

async function signedIn(email: string, viewport = LAPTOP): Promise<Page> {
  const page = await newPage(e2e.browser, e2e.server.baseURL, viewport);
  await signInThroughPage(page, email);
  return page;
}

describe('the header', () => {
  it('shows the whole e-mail at 1366 px, and cuts it short with a tooltip only when narrower', async () => {
    const page = await signedIn(LONG_EMAIL);
    const header = page.locator('header');
    const shown = header.getByText(LONG_EMAIL, { exact: true });
    await shown.waitFor();
    expect(await fullyShown(shown)).toBe(true);
    await screenshotFor(page, 'header-email-1366');

    // With a name saved, the name and the e-mail under it are both there in full.
    await e2e.server.database.db
      .update(users)
      .set({ firstName: 'Alexandra', lastName: 'Montgomery-Smith' })
      .where(eq(users.email, LONG_EMAIL));
    await page.reload();
    await header.getByTestId('header-user-name').getByText('Alexandra Montgomery-Smith').waitFor();
    const email = header.getByTestId('header-user-email');
    expect(await email.textContent()).toBe(LONG_EMAIL);
    expect(await fullyShown(email)).toBe(true);
    expect(await fullyShown(header.getByTestId('header-user-name'))).toBe(true);
    await screenshotFor(page, 'header-name-and-email-1366');

    await page.setViewportSize({ width: 1100, height: 768 });
    const name = header.getByTestId('header-user-name');
    await name.waitFor();
    expect(await email.isVisible()).toBe(false);
    const identity = name.locator('xpath=..');
    expect(await identity.getAttribute('title')).toBe(`Alexandra Montgomery-Smith\n${LONG_EMAIL}`);
    await screenshotFor(page, 'header-email-1100');

    // The menu always has the whole address.
    await page.getByRole('button', { name: 'User menu' }).click();
    const inMenu = page.getByRole('menu').getByText(LONG_EMAIL, { exact: true });
    await inMenu.waitFor();
    expect(await fullyShown(inMenu)).toBe(true);
    await page.context().close();
  });
});

describe('administrators’ navigation', () => {
  it('gives administrators the support inbox and the mail outbox, in the sidebar and the mobile menu', async () => {
    const page = await signedIn('admin@brandlens.local');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Support Inbox' }).click();
    await page.getByRole('heading', { name: 'Support Inbox', level: 1 }).waitFor();
    expect(await nav.getByRole('link', { name: 'Support Inbox' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Mail Outbox' }).click();
    await page.getByRole('heading', { name: 'Mail Outbox', level: 1 }).waitFor();
    expect(await nav.getByRole('link', { name: 'Mail Outbox' }).getAttribute('aria-current')).toBe('page');
    await screenshotFor(page, 'admin-nav-desktop');

    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Support Inbox' }).waitFor();
    await screenshotFor(page, 'admin-nav-mobile');
    await menu.getByRole('link', { name: 'Support Inbox' }).click();
    await page.getByRole('heading', { name: 'Support Inbox', level: 1 }).waitFor();
    await page.context().close();
  });

  it('shows neither to anyone else', async () => {
    const page = await signedIn('not-an-admin@example.com');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Settings' }).waitFor();
    expect(await nav.getByRole('link', { name: /Support Inbox|Mail Outbox/ }).count()).toBe(0);
    expect(await nav.getByText('Administration').count()).toBe(0);
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Settings' }).waitFor();
    expect(await menu.getByRole('link', { name: /Support Inbox|Mail Outbox/ }).count()).toBe(0);
    await page.context().close();
  });
});

describe('the notifications bell', () => {
  it('lists an audit once it completes, and opening it goes to the report and marks it read', async () => {
    const page = await signedIn('bell-e2e@example.com');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.click();
    await page.getByText('No notifications yet').waitFor();
    await page.keyboard.press('Escape');

    const brand = await page.request.post('/api/brands', { data: { name: 'Bell Bakery', websiteUrl: site.url } });
    expect(brand.status()).toBe(201);
    const started = await page.request.post('/api/audits', { data: { brandId: (await brand.json()).id } });
    expect(started.status()).toBe(201);
    const auditId: string = (await started.json()).id;
    await waitFor(
      async () => (await (await page.request.get(`/api/audits/${auditId}`)).json()).status,
      (status) => status !== 'processing',
      { timeoutMs: 90_000, what: 'the audit to finish' },
    );

    // Opening the bell asks for the latest at once.
    await bell.click();
    const entry = page.getByTestId('notification').filter({ hasText: 'Audit complete: Bell Bakery' });
    await entry.waitFor();
    expect(await entry.getAttribute('data-read')).toBe('false');
    await page.getByRole('button', { name: 'Notifications (1 unread)' }).waitFor();
    await screenshotFor(page, 'notifications-bell-open');
    await entry.click();
    await page.waitForURL((url) => url.pathname === `/audit-results/${auditId}`);
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await page
      .getByTestId('notification')
      .and(page.locator('[data-read="true"]'))
      .filter({ hasText: 'Bell Bakery' })
      .waitFor();
    await page.context().close();

    // Someone else's bell stays empty.
    const other = await signedIn('bell-other@example.com');
    await other.getByRole('button', { name: /^Notifications/ }).click();
    await other.getByText('No notifications yet').waitFor();
    await other.context().close();
  }, 150_000);
});

describe('opening a screen by its address', () => {
  it('reads who is signed in and the brands once each, before the screen asks, and shows the screen', async () => {
    const page = await signedIn('opening-reads@example.com');
    await page.getByRole('link', { name: 'Brand Audit' }).first().waitFor();
    const reads: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/auth/user' || path === '/api/brands') reads.push(path);
    });
    // a fresh load of a screen's address, as a bookmark or a shared link opens it
    await page.goto('/brand-audit');
    await page.getByRole('heading', { name: 'Brand Audit', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(reads.sort()).toEqual(['/api/auth/user', '/api/brands']);
    await page.context().close();
  });
});
