/**
 * In development without PUBLIC_URL the app is its own wherever it is opened: here at
 * http://127.0.0.1:<port> while PUBLIC_URL would default to http://localhost:5000. Every change the
 * app's pages make (signing in, creating a brand, signing out) goes through.
 */
import { describe, expect, it } from 'vitest';
import { newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { toastTitled } from '../helpers/checkout.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';

const e2e = serverAndBrowserForFile({ PUBLIC_URL: '', PORT: '5000' });

describe('opened at 127.0.0.1 with PUBLIC_URL unset', () => {
  it('signs in, creates a brand and signs out', async () => {
    expect(e2e.server.config.publicUrl).toBe('http://localhost:5000');
    expect(e2e.server.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(e2e.server.baseURL).not.toBe(e2e.server.config.publicUrl);
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
    });
    await signInThroughPage(page, 'anywhere@example.com');

    await page.goto('/brand-audit');
    await page.getByRole('heading', { name: 'Brand Audit', level: 1 }).waitFor();
    await page.getByLabel('Brand name', { exact: true }).fill('Harbour Lights');
    await page.getByRole('button', { name: 'Create Brand' }).click();
    await toastTitled(page, 'Brand Created');
    const names = await page.evaluate(() =>
      fetch('/api/brands').then(async (response) =>
        (await response.json()).map((brand: { name: string }) => brand.name),
      ),
    );
    expect(names).toEqual(['Harbour Lights']);
    await screenshotFor(page, 'opened-at-127-brand-created');

    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'AI-Powered Brand Analysis Made Simple' }).waitFor();
    const me = await page.evaluate(() => fetch('/api/auth/user').then((response) => response.status));
    expect(me).toBe(401);
    expect(refused).toEqual([]);
    await page.context().close();
  });
});
