import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { brands, users } from '../../src/server/db/schema/index.ts';
import { DELETE_ACCOUNT_PHRASE } from '../../src/shared/schemas/account.ts';
import { newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { seedCompletedAudit } from '../helpers/seed.ts';

const dataDir = fs.mkdtempSync(path.join(tmpdir(), 'account-e2e-'));
const e2e = serverAndBrowserForFile({ DATA_DIR: dataDir });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('Settings: your data and the danger zone', () => {
  it('downloads the data as a zip, then deletes the account after the typed phrase and lands signed out on /', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'leaving-e2e@example.com');
    const { brand } = await seedCompletedAudit(e2e.server.database, 'leaving-e2e@example.com', 'Farewell Coffee');
    await page.goto('/settings');

    // Your Data: progress while the job runs, then the link.
    const dataCard = page.getByRole('region', { name: 'Your Data' });
    await dataCard.getByRole('button', { name: 'Download my data' }).click();
    const link = dataCard.getByRole('link', { name: 'Download zip' });
    await link.waitFor({ timeout: 60_000 });
    await dataCard.getByText(/^Your data is ready/).waitFor();
    await screenshotFor(page, 'settings-data-export-ready');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^brandlens-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    const exportedBrands = JSON.parse(new TextDecoder().decode(files['brands.json']));
    expect(exportedBrands.map((row: { name: string }) => row.name)).toEqual(['Farewell Coffee']);

    // Delete Account: the dialog explains, and the button waits for the exact phrase.
    const dangerZone = page.getByRole('region', { name: 'Danger Zone' });
    await dangerZone.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByText('It cannot be undone', { exact: false }).waitFor();
    await dialog.getByText('links you shared stop working', { exact: false }).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete Account' });
    const phrase = dialog.getByLabel(`Type ${DELETE_ACCOUNT_PHRASE} to confirm`);
    await phrase.fill('delete my account');
    expect(await confirm.isDisabled()).toBe(true);
    await screenshotFor(page, 'settings-delete-account-dialog');

    // Cancel leaves everything as it was.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await dangerZone.getByRole('button', { name: 'Delete Account' }).click();
    expect(await phrase.inputValue()).toBe('');
    await phrase.fill(DELETE_ACCOUNT_PHRASE);
    expect(await confirm.isEnabled()).toBe(true);
    await confirm.click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Get Started' }).first().waitFor();
    await screenshotFor(page, 'after-account-deletion');
    const { db } = e2e.server.database;
    expect(await db.select().from(users).where(eq(users.email, 'leaving-e2e@example.com'))).toEqual([]);
    expect(await db.select().from(brands).where(eq(brands.id, brand.id))).toEqual([]);
    // The old session is gone: the settings screen now sends the visitor to sign in.
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(401);
    await page.context().close();
  });
});
