import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, describe, expect, it } from 'vitest';
import { brands, outboxMessages, users } from '../../src/server/db/schema/index.ts';
import { queueEmail } from '../../src/server/emails/index.ts';
import { DESKTOP, MOBILE, newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { testReportEmail } from '../helpers/emails.ts';
import { waitFor } from '../helpers/jobs.ts';

const dataDir = fs.mkdtempSync(path.join(tmpdir(), 'outbox-e2e-'));
const e2e = serverAndBrowserForFile({ DATA_DIR: dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Queues a test report as a feature would, and waits for the job to settle it. */
async function sendReport(userId: string, brandId: string, key: string, status: 'sent' | 'failed') {
  const { database, queue, config } = e2e.server;
  const row = await queueEmail(
    { db: database.db, queue, config },
    {
      kind: testReportEmail.kind,
      userId,
      idempotencyKey: key,
      params: { brandId, note: 'Here are this month’s figures.\nThe PDF is attached.' },
      recipients: ['marketing@acme.example', 'owner@acme.example'],
    },
  );
  await waitFor(
    async () => (await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, row.id)))[0],
    (current) => current?.status === status,
    { timeoutMs: 30_000, what: `message ${key} to be ${status}` },
  );
  return row;
}

describe('the administrator’s mail outbox', () => {
  it('turns away anyone who is not an administrator', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'not-an-admin@example.com');
    await page.goto('/admin/outbox');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText("You don't have permission to access this page", { exact: true }).first().waitFor();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    await page.context().close();
  });

  it('lists the messages, shows one safely with its parts and downloads its .eml', async () => {
    const owner = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(owner, 'outbox-owner@example.com');
    await owner.context().close();
    const { database } = e2e.server;
    const [user] = await database.db.select().from(users).where(eq(users.email, 'outbox-owner@example.com'));
    const [brand] = await database.db.insert(brands).values({ userId: user!.id, name: 'Acme Coffee' }).returning();
    const sent = await sendReport(user!.id, brand!.id, 'monthly', 'sent');
    await sendReport(user!.id, crypto.randomUUID(), 'deleted-brand', 'failed');

    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'admin@brandlens.local');
    await page.goto('/admin/support');
    await page.getByRole('main').getByRole('link', { name: 'Mail Outbox', exact: true }).click();
    await page.getByRole('heading', { name: 'Mail Outbox' }).waitFor();
    await page.getByText('Local outbox: nothing leaves this server').waitFor();

    const rows = page.getByRole('list').getByRole('button');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(2);
    // Newest first: the failed message was queued last.
    await expect(rows.nth(0).getByTestId('outbox-status').textContent()).resolves.toBe('Failed');
    await expect(rows.nth(1).getByTestId('outbox-status').textContent()).resolves.toBe('Sent');

    await rows.nth(1).click();
    const detail = page.getByRole('region', { name: 'Acme Coffee test report' });
    await detail.getByText('marketing@acme.example, owner@acme.example').waitFor();
    await detail.getByText('Brandlens <no-reply@brandlens.local>').waitFor();
    await detail.getByText('Acme Coffee-report.pdf').waitFor();
    const frame = page.locator('iframe[title="HTML part of the message"]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    const html = page.frameLocator('iframe[title="HTML part of the message"]');
    await html.getByRole('heading', { name: 'Acme Coffee: test report' }).waitFor();
    await html.getByText('The PDF is attached.', { exact: false }).waitFor();
    await screenshotFor(page, 'admin-outbox-html');
    // Full-page captures leave a sandboxed frame blank; the frame itself is captured on its own.
    if (process.env.SCREENSHOTS_DIR) {
      await frame.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, 'admin-outbox-html-part.png') });
    }

    await detail.getByRole('tab', { name: 'Plain text' }).click();
    const text = await detail.getByTestId('outbox-text-part').textContent();
    expect(text).toContain('Acme Coffee: test report\n========================');
    expect(text).toContain('The PDF is attached.');
    await screenshotFor(page, 'admin-outbox-text');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('link', { name: 'Download .eml' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${sent.id}.eml`);
    const mail = await PostalMime.parse(fs.readFileSync(await download.path()));
    expect(mail.subject).toBe('Acme Coffee test report');
    expect(mail.messageId).toBe(sent.messageId);
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual(['Acme Coffee-report.pdf']);

    await rows.nth(0).click();
    await page.getByText('Not sent', { exact: true }).waitFor();
    await expect(page.getByTestId('outbox-last-error').textContent()).resolves.toBe(
      'The brand this report is about was deleted',
    );
    await page.getByText('The message failed before it was composed', { exact: false }).waitFor();
    await screenshotFor(page, 'admin-outbox-failed');

    await page.setViewportSize(MOBILE);
    await page.goto(`/admin/outbox?message=${sent.id}`);
    await page.getByRole('region', { name: 'Acme Coffee test report' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshotFor(page, 'admin-outbox-mobile');
    await page.setViewportSize(DESKTOP);
    await page.context().close();
  });
});
