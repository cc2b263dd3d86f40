import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { supportMessages } from '../../src/server/db/schema/index.ts';
import { DEFAULT_PAGE_SIZE } from '../../src/shared/schemas/paging.ts';
import { SUPPORT_CHAT_REPLY_DELAY_MS } from '../../src/shared/support-chat.ts';
import { MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { waitFor } from '../helpers/jobs.ts';
import { runSql } from '../helpers/paging.ts';

const dataDir = fs.mkdtempSync(path.join(tmpdir(), 'support-e2e-'));
const e2e = serverAndBrowserForFile({ DATA_DIR: dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const SUBJECT = 'Cannot export my PDF <b>now</b>';

/** Console errors and uncaught exceptions of a page: a clean console is part of every test here. */
function consoleErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function openSettings(email: string, viewport?: typeof MOBILE) {
  const page = await newPage(e2e.browser, e2e.server.baseURL, viewport);
  const errors = consoleErrorsOf(page);
  await signInThroughPage(page, email);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Live Chat' }).waitFor();
  return { page, errors };
}

describe('the live chat', () => {
  it('answers a quick question after 1.5 s, sends on Enter only, and hands over to the contact form', async () => {
    const { page, errors } = await openSettings('chatter@example.com');
    await page.getByRole('button', { name: 'Live Chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Live Chat' });
    await chat.getByText('Quick questions').waitFor();
    const send = chat.getByRole('button', { name: 'Send' });
    const input = chat.getByLabel('Your message');
    expect(await send.isDisabled()).toBe(true);
    await input.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await input.fill('');
    await screenshotFor(page, 'support-chat-start');

    const asked = Date.now();
    await chat.getByRole('button', { name: 'How do I start a brand audit?' }).click();
    await chat.getByTestId('chat-visitor').getByText('How do I start a brand audit?').waitFor();
    // Quick questions are offered only before the first message.
    expect(await chat.getByText('Quick questions').count()).toBe(0);
    await chat.getByLabel('The assistant is typing').waitFor();
    await chat.getByText('press Start Audit', { exact: false }).waitFor();
    expect(Date.now() - asked).toBeGreaterThanOrEqual(SUPPORT_CHAT_REPLY_DELAY_MS - 50);

    await input.fill('Can you call me back');
    await input.press('Shift+Enter');
    await input.pressSequentially('tomorrow?');
    expect(await input.inputValue()).toBe('Can you call me back\ntomorrow?');
    expect(await chat.getByTestId('chat-visitor').count()).toBe(1);
    await input.press('Enter');
    expect(await input.inputValue()).toBe('');
    await chat.getByTestId('chat-visitor').nth(1).waitFor();
    expect(await chat.getByTestId('chat-visitor').nth(1).textContent()).toBe('Can you call me back\ntomorrow?');
    const handOver = chat.getByRole('button', { name: 'Contact a human agent' });
    await handOver.waitFor();
    await screenshotFor(page, 'support-chat-fallback');

    await handOver.click();
    const contact = page.getByRole('dialog', { name: 'Contact Support' });
    await contact.waitFor();
    expect(await contact.getByLabel('Email').inputValue()).toBe('chatter@example.com');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('contact form and the administrators’ inbox', () => {
  it('prefills the name saved on the profile, so Send goes through without typing it again', async () => {
    const { page, errors } = await openSettings('named@example.com');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully').first().waitFor();

    await page.getByRole('button', { name: 'Contact Form' }).click();
    const contact = page.getByRole('dialog', { name: 'Contact Support' });
    await contact.waitFor();
    expect(await contact.getByLabel('Name').inputValue()).toBe('Grace Hopper');
    expect(await contact.getByLabel('Email').inputValue()).toBe('named@example.com');
    await contact.getByLabel('Subject').fill('Prefilled name');
    await contact.getByLabel('Message').fill('My name was already there.');
    await screenshotFor(page, 'support-contact-prefilled');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('dialog', { name: 'Message Sent' }).waitFor();
    const [stored] = await e2e.server.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.subject, 'Prefilled name'));
    expect(stored).toMatchObject({ name: 'Grace Hopper', email: 'named@example.com' });

    // A fresh visit reads the name from the signed-in user as well.
    await page.reload();
    await page.getByRole('button', { name: 'Contact Form' }).click();
    expect(await page.getByRole('dialog', { name: 'Contact Support' }).getByLabel('Name').inputValue()).toBe(
      'Grace Hopper',
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sends a message that an administrator finds, starts and resolves', async () => {
    const { page, errors } = await openSettings('customer@example.com');
    await page.getByRole('button', { name: 'Contact Form' }).click();
    const contact = page.getByRole('dialog', { name: 'Contact Support' });
    expect(await contact.getByLabel('Email').inputValue()).toBe('customer@example.com');

    await contact.getByLabel('Subject').fill(SUBJECT);
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await contact.getByRole('alert').getByText('Please fill in all fields').waitFor();

    await contact.getByLabel('Name').fill('Casey Customer');
    await contact.getByLabel('Priority').click();
    await page.getByRole('option', { name: 'High' }).click();
    await contact.getByLabel('Message').fill('The PDF button spins forever.\nI tried twice.');
    await screenshotFor(page, 'support-contact-form');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('dialog', { name: 'Message Sent' }).getByText('within 24 hours', { exact: false }).waitFor();
    await page.getByText('Message sent successfully').first().waitFor();
    await screenshotFor(page, 'support-contact-sent');

    const [stored] = await e2e.server.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.subject, SUBJECT));
    expect(stored).toMatchObject({ name: 'Casey Customer', email: 'customer@example.com', priority: 'high' });

    // Closed, then reset 300 ms later: reopened, the form is empty again but still prefilled.
    await page.getByRole('dialog', { name: 'Message Sent' }).getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Contact Form' }).click();
    const reopened = page.getByRole('dialog', { name: 'Contact Support' });
    await reopened.waitFor();
    await waitFor(
      async () => [await reopened.getByLabel('Subject').inputValue(), await reopened.getByLabel('Email').inputValue()],
      ([subject, email]) => subject === '' && email === 'customer@example.com',
      { timeoutMs: 5000, what: 'the contact form to be reset' },
    );
    expect(errors).toEqual([]);
    await page.context().close();

    const admin = await newPage(e2e.browser, e2e.server.baseURL);
    const adminErrors = consoleErrorsOf(admin);
    await signInThroughPage(admin, 'admin@brandlens.local');
    await admin.goto('/admin/support');
    await admin.getByRole('heading', { name: 'Support Inbox' }).waitFor();
    await admin.getByText('No SMTP server is configured').waitFor();
    await admin.getByLabel('Search messages').fill('EXPORT MY pdf');
    const card = admin.getByRole('article', { name: SUBJECT });
    await card.waitFor();
    expect(await admin.getByRole('article').count()).toBe(1);
    // What the sender typed is shown as text: the tags are visible, nothing is bold.
    expect(await card.locator('b').count()).toBe(0);
    await card.getByText('The PDF button spins forever.', { exact: false }).waitFor();
    await card.getByText('High priority').waitFor();
    await screenshotFor(admin, 'support-inbox-open');

    await card.getByRole('button', { name: 'Start Working' }).click();
    await admin.getByText('Status updated').first().waitFor();
    await card.getByTestId('support-status').getByText('In Progress').waitFor();
    expect(await card.getByRole('button', { name: 'Start Working' }).count()).toBe(0);

    await card.getByRole('button', { name: 'Mark Resolved' }).click();
    await card.getByTestId('support-status').getByText('Resolved').waitFor();
    expect(await card.getByRole('button', { name: /Start Working|Mark Resolved/ }).count()).toBe(0);
    await screenshotFor(admin, 'support-inbox-resolved');

    await admin.getByLabel('Filter by status').click();
    await admin.getByRole('option', { name: 'Open' }).click();
    await admin.getByText('No messages match your search').waitFor();
    await admin.getByLabel('Filter by status').click();
    await admin.getByRole('option', { name: 'Resolved' }).click();
    await card.waitFor();
    const [resolved] = await e2e.server.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, stored!.id));
    expect(resolved?.status).toBe('resolved');

    await admin.getByRole('link', { name: 'Open the Mail Outbox' }).click();
    await admin.getByRole('heading', { name: 'Mail Outbox' }).waitFor();
    await admin.getByText(`Support: High priority: ${SUBJECT}`).first().waitFor();
    expect(adminErrors).toEqual([]);
    await admin.context().close();
  });

  it('shows Access Denied when the server refuses a status change, then returns to the dashboard', async () => {
    await e2e.server.database.db
      .insert(supportMessages)
      .values({ name: 'Sam', email: 'sam@example.com', subject: 'Refused change', message: 'Hello' });
    const admin = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(admin, 'admin@brandlens.local');
    await admin.goto('/admin/support');
    const card = admin.getByRole('article', { name: 'Refused change' });
    await card.waitFor();
    // As when the account stops being an administrator while the page is open.
    await admin.route('**/api/admin/support-messages/*', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ message: "You don't have permission to access this page", code: 'forbidden' }),
      }),
    );
    await card.getByRole('button', { name: 'Start Working' }).click();
    await admin.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await admin.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    await admin.context().close();
  });

  it('turns away anyone who is not an administrator', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'customer@example.com');
    await page.goto('/admin/support');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText("You don't have permission to access this page", { exact: true }).first().waitFor();
    await screenshotFor(page, 'support-inbox-denied');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    const api = await page.request.get('/api/admin/support-messages');
    expect(api.status()).toBe(403);
    await page.context().close();
  });

  it('shows the newest page of messages and reaches older ones with Load older messages', async () => {
    const { database } = e2e.server;
    // Older than anything the tests above sent, so the inbox's first page starts with theirs.
    await runSql(
      database,
      sql`insert into support_messages (name, email, subject, message, created_at)
        select 'Old sender ' || g, 'old' || g || '@example.com', 'Old question ' || g, 'Asked long ago.',
          now() - interval '30 days' - g * interval '1 minute'
        from generate_series(1, 60) as g`,
    );
    const total = (await database.db.select({ id: supportMessages.id }).from(supportMessages)).length;
    expect(total).toBeGreaterThan(DEFAULT_PAGE_SIZE);

    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const errors = consoleErrorsOf(page);
    await signInThroughPage(page, 'admin@brandlens.local');
    await page.goto('/admin/support');
    const cards = page.getByRole('region', { name: 'Support messages' }).getByRole('article');
    await page.getByText(`Showing ${DEFAULT_PAGE_SIZE} of ${total}`).waitFor();
    expect(await cards.count()).toBe(DEFAULT_PAGE_SIZE);
    await page.getByRole('button', { name: 'Load older messages' }).click();
    // The oldest message is the last card once every page is loaded, and the button is gone.
    await cards
      .nth(total - 1)
      .getByText('Old question 60')
      .waitFor();
    expect(await cards.count()).toBe(total);
    await page.getByRole('button', { name: 'Load older messages' }).waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the Mobile app card', () => {
  it('says in a browser alert that the app is not available yet', async () => {
    const { page, errors } = await openSettings('phone@example.com', MOBILE);
    await page.getByText('Coming Soon').waitFor();
    const alert = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      });
    });
    await page.getByRole('button', { name: 'Notify Me' }).click();
    expect(await alert).toMatch(/^The Brandlens mobile app is not available yet\./);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshotFor(page, 'support-settings-mobile');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
