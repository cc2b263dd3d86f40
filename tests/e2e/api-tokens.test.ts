import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { agencyTeamMembers, users } from '../../src/server/db/schema/index.ts';
import { type PlanKey, plans } from '../../src/shared/plans.ts';
import { newPage, signInThroughPage } from '../helpers/browser.ts';
import { recordProblems, screenshotBothWidths, toastTitled, userByEmail } from '../helpers/checkout.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';

const e2e = serverAndBrowserForFile();

async function setPlan(email: string, plan: PlanKey) {
  await e2e.server.database.db
    .update(users)
    .set({ planType: plan, maxBrands: plans[plan].limits.brands })
    .where(eq(users.email, email));
}

/** A script calling the API with the token, as a customer's integration would. */
function callApi(token: string, path = '/api/brands') {
  return fetch(`${e2e.server.baseURL}${path}`, { headers: { authorization: `Bearer ${token}` } });
}

async function openSettings(page: Page, email: string, plan: PlanKey) {
  await signInThroughPage(page, email);
  await setPlan(email, plan);
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Settings' }).waitFor();
  await page.getByText('Subscription', { exact: true }).first().waitFor();
}

describe('API access in Settings', () => {
  it('creates a token shown once, copies it, lists its use, and revokes it', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.server.baseURL });
    const problems = recordProblems(page);
    await openSettings(page, 'api.owner@example.com', 'agency');

    const card = page.locator('[aria-labelledby="api-tokens-card-title"]');
    await card.getByText('No API tokens yet.').waitFor();
    const create = card.getByRole('button', { name: 'Create Token' });
    expect(await create.isDisabled()).toBe(true);
    await card.getByLabel('Token name').fill('Reporting script');
    await card.getByLabel('Expires after').click();
    await page.getByRole('option', { name: '30 days' }).click();
    await create.click();

    await toastTitled(page, 'API Token Created');
    const shown = card.getByLabel('New API token Reporting script');
    await shown.waitFor();
    const token = await shown.inputValue();
    expect(token).toMatch(/^blk_[A-Za-z0-9_-]{43}$/);
    await card.getByRole('button', { name: 'Copy', exact: true }).click();
    await toastTitled(page, 'Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    const row = card.getByTestId('api-token-row');
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText(`${token.slice(0, 12)}…`).waitFor();
    await row.getByText('Never used', { exact: false }).waitFor();
    expect(await screenshotBothWidths(page, 'settings-api-token-created')).toBeLessThanOrEqual(0);

    // The script works with it, as its owner.
    const listed = await callApi(token);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('set-cookie')).toBeNull();

    // Shown once: after a reload the page holds only its first characters.
    await page.reload();
    await row.getByText(/Last used/).waitFor();
    expect(await page.content()).not.toContain(token);
    expect(await card.getByLabel('New API token Reporting script').count()).toBe(0);

    await row.getByRole('button', { name: 'Revoke Reporting script' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Anything using this token stops working at once.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await toastTitled(page, 'API Token Revoked');
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Revoke/ }).count()).toBe(0);
    expect(await screenshotBothWidths(page, 'settings-api-token-revoked')).toBeLessThanOrEqual(0);

    const refused = await callApi(token);
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe('Unauthorized: the API token has been revoked');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('is not offered on other plans or to team members', async () => {
    const smb = await newPage(e2e.browser, e2e.server.baseURL);
    await openSettings(smb, 'api.smb@example.com', 'smb');
    expect(await smb.getByText('API Access', { exact: true }).count()).toBe(0);
    await smb.context().close();

    const agency = await userByEmail(e2e.server.database, 'api.owner@example.com');
    await e2e.server.database.db
      .insert(agencyTeamMembers)
      .values({ agencyUserId: agency.id, memberEmail: 'api.member@example.com' });
    const member = await newPage(e2e.browser, e2e.server.baseURL);
    await openSettings(member, 'api.member@example.com', 'free');
    expect(await member.getByText('API Access', { exact: true }).count()).toBe(0);
    await member.context().close();
  });

  it('serves the API reference as a page that runs no script', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    const problems = recordProblems(page);
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: 'Brandlens API', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'API tokens', level: 2 }).waitFor();
    await page.getByText('/api/brands/{id}', { exact: true }).first().waitFor();
    expect(await page.locator('script').count()).toBe(0);
    expect(await screenshotBothWidths(page, 'api-docs')).toBeLessThanOrEqual(0);
    const documentResponse = page.waitForResponse((response) => response.url().endsWith('/api/openapi.json'));
    await page.getByRole('link', { name: '/api/openapi.json' }).click();
    expect((await (await documentResponse).json()).openapi).toBe('3.1.0');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
