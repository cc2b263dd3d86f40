/**
 * How much of each area an audit measured, and the one rule for when an area score is shown at all.
 */
import { partOf } from '../../../shared/words.ts';
import type { Area, CheckResult } from '../types.ts';

/**
 * An area score (website, social media, brand assets) needs at least this many applicable checks,
 * passed or failed. With fewer it is "not enough measured": no score is shown for it and it is left
 * out of the overall score. One or two checks are too few to stand for an area: a brand with only a
 * website would otherwise score 100 for social media because its site links to one profile, and 100
 * for brand assets because its CSS uses few fonts. docs/scoring.md states this rule for users.
 */
export const MIN_APPLIED_CHECKS = 3;

/**
 * Website checks of the site's answers and files (status codes, robots.txt, the sitemap) rather than
 * of page content. They cannot make a website score on their own: with no page read (pages that
 * build their content with JavaScript and could not be rendered), the website area is not enough
 * measured, rather than 100 from robots.txt.
 */
export const SITE_LEVEL_CHECKS = new Set(['seo.http-status-code', 'seo.robots-txt', 'seo.sitemap']);

/** Whether the check read page content (every check outside the website's site-level ones). */
export function readsPageContent(check: CheckResult): boolean {
  return !(check.area === 'website' && SITE_LEVEL_CHECKS.has(check.id));
}

export type AreaCoverage = {
  /** checks that passed or failed */
  applied: number;
  /** checks that ran, whatever their state */
  total: number;
  /** applied reaches MIN_APPLIED_CHECKS, one of them reading page content */
  enough: boolean;
  /** '3 of 9 checks applied' */
  coverage: string;
};

export const isApplied = (check: CheckResult) => check.status === 'pass' || check.status === 'fail';

/** '3 of 9 checks applied', or with a label '3 of 9 SEO basics checks applied'. */
export function areaCoverageText(applied: number, total: number, label?: string): string {
  const what = label ? `${label} ` : '';
  if (total === 0) return `No ${what}checks ran`;
  return `${partOf(applied, total, `${what}check`)} applied`;
}

export function areaCoverage(checks: CheckResult[]): AreaCoverage {
  const applied = checks.filter(isApplied).length;
  return {
    applied,
    total: checks.length,
    enough: applied >= MIN_APPLIED_CHECKS && checks.some((check) => isApplied(check) && readsPageContent(check)),
    coverage: areaCoverageText(applied, checks.length),
  };
}

/**
 * The social media area is scored only when at least one profile was read from its network (the
 * network answered, whether the profile exists or not). Handle and link checks alone do not stand
 * for a brand's social media: without a read the area is "not enough measured".
 */
export const PROFILE_READ_CHECK = /^social\.(bluesky|mastodon|youtube|facebook|instagram)\.exists$/;

export function profileWasRead(checks: CheckResult[]): boolean {
  return checks.some((check) => PROFILE_READ_CHECK.test(check.id) && isApplied(check));
}

export { NO_PROFILE_READ } from '../../../shared/audit-labels.ts';

/** The brand fields that decide what an area can measure. */
export type BrandInputs = {
  websiteUrl?: string | null;
  instagramHandle?: string | null;
  twitterHandle?: string | null;
  linkedinHandle?: string | null;
  tiktokHandle?: string | null;
  facebookHandle?: string | null;
  blueskyHandle?: string | null;
  mastodonHandle?: string | null;
  youtubeHandle?: string | null;
  colourPalette?: string[] | null;
  fonts?: string[] | null;
  logoUrl?: string | null;
};

/** What the brand could add so that each area has more to measure: 'social handles', 'a logo'. */
export function inputsToAdd(brand: BrandInputs): Record<Area, string[]> {
  const filled = (value: string | null | undefined) => Boolean(value?.trim());
  const handles = [
    brand.instagramHandle,
    brand.twitterHandle,
    brand.linkedinHandle,
    brand.tiktokHandle,
    brand.facebookHandle,
    brand.blueskyHandle,
    brand.mastodonHandle,
    brand.youtubeHandle,
  ].filter(filled).length;
  // Facebook and Instagram are read only where the operator configured a Meta token; these need nothing
  const openlyReadable = [brand.blueskyHandle, brand.mastodonHandle, brand.youtubeHandle].filter(filled).length;
  const brandAssets: string[] = [];
  if ((brand.colourPalette?.length ?? 0) < 2) brandAssets.push('a colour palette');
  if (!filled(brand.logoUrl)) brandAssets.push('a logo');
  if ((brand.fonts?.length ?? 0) === 0) brandAssets.push('brand fonts');
  return {
    website: filled(brand.websiteUrl) ? [] : ['a website address'],
    socialMedia:
      handles === 0
        ? ['social handles']
        : openlyReadable === 0
          ? ['a Bluesky, Mastodon or YouTube handle (profiles we can read)']
          : handles === 1
            ? ['a second social handle']
            : [],
    brandAssets,
  };
}
