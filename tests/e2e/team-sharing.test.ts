import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agencyTeamMembers, brands, users } from '../../src/server/db/schema/index.ts';
import { type FixtureSite, startFixtureSite } from '../doubles/fixture-site.ts';
import { newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import { seedCompletedAuditOf, setPlan } from '../helpers/seed.ts';

const OWNER = 'agency-owner@example.com';
const MEMBER = 'team-member@example.com';
const BRAND = 'Harbour Bakery';

// The shared brand's website is a loopback fixture site, so the member's audit crawls nothing outside.
const e2e = serverAndBrowserForFile({ CRAWLER_ALLOW_LOOPBACK: 'true' });
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite({ slowMs: 300 });
});

afterAll(async () => {
  await site?.close();
});

async function toast(page: Page, title: string) {
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByText(title, { exact: true })
    .first()
    .waitFor();
}

const teamCard = (page: Page) => page.getByRole('region', { name: 'Team Members' });

async function brandCount(email: string) {
  const [owner] = await e2e.server.database.db.select().from(users).where(eq(users.email, email));
  return (await e2e.server.database.db.select().from(brands).where(eq(brands.userId, owner!.id))).length;
}

/**
 * A member (Free in their own account) works under the agency's plan: the dashboard offers no
 * Starter upgrade and shows the agency's brand allowance; Settings shows the Agency plan they work
 * under, then their own account apart, with nothing to buy.
 */
async function expectAgencyPlanWithoutUpsell(member: Page) {
  await member.goto('/');
  await member.getByRole('heading', { name: /^Welcome back/ }).waitFor();
  // The agency's brand allowance, not the member's own one brand.
  await member.getByText('Unlimited', { exact: true }).waitFor();
  await member.getByText(BRAND).first().waitFor();
  expect(await member.getByRole('region', { name: 'Upgrade to Starter' }).count()).toBe(0);
  expect(await member.getByText(/Starter/).count()).toBe(0);
  await screenshotFor(member, 'team-member-dashboard');

  await member.goto('/settings');
  const workspace = member.getByTestId('workspace-plan');
  await workspace.getByText('Plan you work under').waitFor();
  await workspace.getByText('Agency', { exact: true }).waitFor();
  await workspace.getByText(`Its billing is managed by ${OWNER}.`, { exact: false }).waitFor();
  expect(await workspace.getByText('1 / Unlimited').count()).toBe(1);
  const own = member.getByRole('region', { name: 'Your own account' });
  await own.getByText('Free', { exact: true }).waitFor();
  for (const upsell of ['Not included', 'Upgrade to use it', 'Available plans', 'View Plans', /Upgrade to/]) {
    expect(await member.getByText(upsell).count(), String(upsell)).toBe(0);
  }
  await screenshotFor(member, 'team-member-settings');
}

describe('agency team sharing', () => {
  let owner: Page;
  let member: Page;

  it('lets the owner add a team member from Settings, checking the address as SPEC says', async () => {
    owner = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(owner, OWNER);
    await setPlan(e2e.server.database, OWNER, 'agency');
    const [account] = await e2e.server.database.db.select().from(users).where(eq(users.email, OWNER));
    const [brand] = await e2e.server.database.db
      .insert(brands)
      .values({ userId: account!.id, name: BRAND, websiteUrl: site.url })
      .returning();
    // A completed audit of the agency's: the dashboard's Starter offer would show beside it on a Free account.
    await seedCompletedAuditOf(e2e.server.database, brand!);

    await owner.goto('/settings');
    const card = teamCard(owner);
    await card.getByText('0/10').waitFor();
    await card.getByText('No team members yet.', { exact: false }).waitFor();

    await card.getByRole('button', { name: 'Add Member' }).click();
    await toast(owner, 'Email required');
    await card.getByLabel('Team member email').fill('not-an-address');
    await card.getByRole('button', { name: 'Add Member' }).click();
    await toast(owner, 'Invalid email');
    expect(await e2e.server.database.db.select().from(agencyTeamMembers)).toEqual([]);

    await card.getByLabel('Team member email').fill('  Team-Member@Example.com ');
    await card.getByRole('button', { name: 'Add Member' }).click();
    await toast(owner, 'Team member added');
    await card.getByRole('list', { name: 'Team members' }).getByText(MEMBER, { exact: true }).waitFor();
    await card.getByText('1/10').waitFor();
    expect(await card.getByLabel('Team member email').inputValue()).toBe('');

    await card.getByLabel('Team member email').fill(MEMBER);
    await card.getByRole('button', { name: 'Add Member' }).click();
    await toast(owner, 'Failed to add team member');
    await owner.getByText(`${MEMBER} is already on your team.`).first().waitFor();
  });

  it('gives the member, signed in with their own account in another browser, the agency’s brand to audit and track', async () => {
    member = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(member, MEMBER);

    await member.goto('/brand-audit');
    await member.getByRole('heading', { name: 'Start a New Audit' }).waitFor();
    expect(await member.getByRole('combobox', { name: 'Brand' }).textContent()).toContain(BRAND);
    await member.getByRole('button', { name: 'Start Audit' }).click();
    await toast(member, 'Audit Started');
    await member.getByTestId('audit-card').first().getByText(BRAND).waitFor();

    await member.goto('/competitor-tracking');
    await member.getByRole('heading', { name: 'Competitor Tracking' }).waitFor();
    await member.getByRole('button', { name: 'Add Competitor' }).click();
    const dialog = member.getByRole('dialog', { name: 'Add Competitor' });
    await dialog.getByLabel('Company name').fill('Crumb & Co');
    await dialog.getByRole('button', { name: 'Add Competitor' }).click();
    await toast(member, 'Competitor added successfully');
    await member.getByRole('listitem', { name: 'Crumb & Co', exact: true }).waitFor();

    // Settings names the agency instead of offering a team of the member's own.
    await member.goto('/settings');
    const card = teamCard(member);
    await card.getByText(OWNER, { exact: false }).waitFor();
    expect(await card.getByLabel('Team member email').count()).toBe(0);
    await screenshotFor(member, 'team-card-member');
    await expectAgencyPlanWithoutUpsell(member);

    // The competitor the member added is the agency's.
    await owner.goto('/competitor-tracking');
    await owner.getByRole('listitem', { name: 'Crumb & Co', exact: true }).waitFor();
    expect(await brandCount(MEMBER)).toBe(0);
  });

  it('ends the member’s access when the owner removes them: their next page load shows no agency brand', async () => {
    await owner.goto('/settings');
    const card = teamCard(owner);
    await card.getByText('1/10').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshotFor(owner, 'team-card-owner');
    await card.getByRole('button', { name: `Remove ${MEMBER}` }).click();
    const confirm = owner.getByRole('alertdialog', { name: `Remove ${MEMBER} from your team?` });
    await screenshotFor(owner, 'team-remove-confirm');
    await confirm.getByRole('button', { name: 'Remove Member' }).click();
    await toast(owner, 'Team member removed');
    await card.getByText('0/10').waitFor();
    await card.getByText('No team members yet.', { exact: false }).waitFor();

    // The member's browser keeps its session; the next page load is the member's own empty account.
    await member.goto('/brand-audit');
    await member.getByRole('heading', { name: 'Create Your First Brand' }).waitFor();
    expect(await member.getByText(BRAND).count()).toBe(0);
    await member.goto('/settings');
    await member.getByRole('heading', { name: 'Settings' }).first().waitFor();
    expect(await teamCard(member).count()).toBe(0);
    await screenshotFor(member, 'team-member-removed');
  });
});
