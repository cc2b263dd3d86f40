import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshotFor, signInThroughPage } from '../helpers/browser.ts';
import { serverAndBrowserForFile } from '../helpers/e2e.ts';
import {
  MASTODON_TEST_INSTANCE,
  passingAccounts,
  type SocialProfilesWorld,
  startSocialProfilesWorld,
} from '../helpers/social-profiles.ts';

const LOGO = path.resolve(import.meta.dirname, '../fixtures/images/brand-logo.png');

let world: SocialProfilesWorld;
// filled before the server starts (this hook is registered first, so it runs first)
const env: Record<string, string> = {};

beforeAll(async () => {
  world = await startSocialProfilesWorld();
  const accounts = passingAccounts(world.siteUrl);
  world.bluesky.setAccounts([accounts.bluesky]);
  world.mastodon.setAccounts([{ ...accounts.mastodon, avatar: 'avatar-other.png' }]);
  world.youtube.setChannels([accounts.youtube]);
  Object.assign(env, world.env);
});

const e2e = serverAndBrowserForFile(env);

afterAll(async () => {
  await world?.close();
});

describe('social profiles in the brand audit', () => {
  it('audits a brand with Bluesky, Mastodon and YouTube handles and shows each profile with the images compared', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseURL);
    await signInThroughPage(page, 'social-profiles@example.com');

    await page.goto('/brand-audit');
    await page.getByRole('heading', { name: 'Brand Audit', level: 1 }).waitFor();
    await page.getByLabel('Brand name', { exact: true }).fill('Northwind Bakery');
    await page.getByLabel('Website URL', { exact: true }).fill(world.siteUrl);
    // a handle in the wrong form is refused with the form it should take
    await page.getByLabel('Mastodon', { exact: true }).fill('northwind');
    await page.getByRole('button', { name: 'Create Brand' }).click();
    await page.getByText('Enter the Mastodon handle as user@instance, like yourbrand@mastodon.social').waitFor();
    await page.getByLabel('Mastodon', { exact: true }).fill(`@northwind@${MASTODON_TEST_INSTANCE}`);
    await page.getByLabel('Bluesky', { exact: true }).fill('northwindbakery.bsky.social');
    await page.getByLabel('YouTube', { exact: true }).fill('@northwindbakery');
    await page.getByLabel('Logo file').setInputFiles(LOGO);
    await page.getByRole('img', { name: 'Logo preview' }).waitFor();
    await screenshotFor(page, 'social-profiles-brand-form');
    await page.getByRole('button', { name: 'Create Brand' }).click();
    await page.getByText('Brand Created', { exact: true }).first().waitFor();

    await page.getByRole('button', { name: 'Start Audit' }).click();
    const card = page.getByTestId('audit-card').first();
    await page.locator('[data-testid="audit-card"][data-status="completed"]').waitFor({ timeout: 90_000 });
    await card.getByRole('link', { name: 'View Report' }).click();
    await page.waitForURL('**/audit-results/*');

    // the profiles read sit in the social media area, above its score groups
    const socialArea = page.locator('[data-area="socialMedia"]');
    const profiles = socialArea.getByTestId('social-profiles');
    await profiles.waitFor();
    for (const [network, label, handle] of [
      ['bluesky', 'Bluesky', 'northwindbakery.bsky.social'],
      ['mastodon', 'Mastodon', `northwind@${MASTODON_TEST_INSTANCE}`],
      ['youtube', 'YouTube', '@northwindbakery'],
    ] as const) {
      const section = profiles.locator(`[data-profile="${network}"]`);
      expect(await section.getByRole('heading', { level: 5 }).textContent()).toBe(`${label}: ${handle}`);
      // each profile's checks are listed once, in the area's score groups, and the profile says how they went
      for (const [id, title] of [
        ['exists', 'the declared profile exists'],
        ['avatar', 'the profile picture is the logo'],
        ['name-bio', 'name and bio agree with the website'],
      ]) {
        expect(await page.getByText(`${label}: ${title}`, { exact: true }).count()).toBe(1);
        await socialArea.locator(`[data-group] li[data-check-id="social.${network}.${id}"]`).waitFor();
      }
      expect(await section.locator('li').count()).toBe(0);
      expect(await section.getByTestId('profile-checks-summary').textContent()).toMatch(
        /^Its \d+ checks are listed in the score groups below: \d+ passed/,
      );
      // the two images compared, each with its hash
      const images = section.getByTestId('images-compared');
      await images.getByRole('img', { name: 'Profile picture' }).waitFor();
      await images.getByRole('img', { name: /^Logo \(\d+ of 64 bits differ\)$/ }).waitFor();
      expect(await images.textContent()).toMatch(/[0-9a-f]{16}.*[0-9a-f]{16}/);
    }
    // the Mastodon picture is another image: its check fails, the others pass
    const avatarCheck = (network: string) => socialArea.locator(`li[data-check-id="social.${network}.avatar"]`);
    expect(await avatarCheck('mastodon').getAttribute('data-status')).toBe('fail');
    expect(await avatarCheck('bluesky').getAttribute('data-status')).toBe('pass');
    expect(
      await profiles.locator('[data-profile="mastodon"]').getByTestId('profile-checks-summary').textContent(),
    ).toContain('1 failed');
    // the handle and link checks know these networks: the site links to the declared Bluesky profile
    const checkItem = (id: string) => socialArea.locator(`li[data-check-id="social.${id}"]`);
    const links = checkItem('profile-links');
    expect(await links.getAttribute('data-status')).toBe('fail');
    expect(await links.textContent()).toContain('1 of 3 declared profiles is linked from the website');
    expect(await links.textContent()).not.toContain('No social profiles are declared');
    expect(await checkItem('profile-links-match').getAttribute('data-status')).toBe('pass');
    expect(await checkItem('profile-links-match').textContent()).not.toContain('not declared in the brand');
    expect(await checkItem('handle-consistency').textContent()).toContain(
      '1 of 3 handles differs from "northwindbakery": Mastodon northwind@',
    );
    await links.scrollIntoViewIfNeeded();
    await screenshotFor(page, 'social-profiles-links');
    // what was read and when
    expect(await profiles.locator('[data-profile="bluesky"]').textContent()).toMatch(/Read · read at .*GMT/);
    await profiles.scrollIntoViewIfNeeded();
    await screenshotFor(page, 'social-profiles-report');

    // the PDF carries the same section; kept beside the screenshots to be looked at
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export PDF' }).click(),
    ]);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    if (process.env.SCREENSHOTS_DIR)
      fs.writeFileSync(path.join(process.env.SCREENSHOTS_DIR, 'social-profiles-report.pdf'), pdf);
  });
});
