import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../types.ts';
import { areaCoverageText, inputsToAdd, MIN_APPLIED_CHECKS } from './coverage.ts';
import { scoreAudit } from './score.ts';
import { check, seo } from './test-checks.ts';

function websiteOnly(): CheckResult[] {
  return [
    seo('is-crawlable', 'pass'),
    seo('document-title', 'pass'),
    seo('meta-description', 'fail'),
    seo('viewport', 'pass'),
    check('social.handle-consistency', 'socialMedia', 'handleConsistency', 'not_applicable'),
    check('social.handle-valid', 'socialMedia', 'handleConsistency', 'not_applicable'),
    check('social.profile-links', 'socialMedia', 'profileLinks', 'not_applicable'),
    check('social.profile-links-match', 'socialMedia', 'profileLinks', 'pass'),
    check('social.visual-consistency', 'socialMedia', 'visualConsistency', 'not_measured'),
    check('brand.contrast-text-pair', 'brandAssets', 'colourContrast', 'not_applicable'),
    check('brand.logo-resolution', 'brandAssets', 'logoQuality', 'not_measured'),
    check('brand.fonts-declared-used', 'brandAssets', 'fontConsistency', 'not_applicable'),
    check('brand.font-family-count', 'brandAssets', 'fontConsistency', 'fail'),
  ];
}

describe('not enough measured', () => {
  it(`needs at least ${MIN_APPLIED_CHECKS} applicable checks for an area score`, () => {
    expect(MIN_APPLIED_CHECKS).toBe(3);
    const scores = scoreAudit(websiteOnly());
    expect(scores.areas).toEqual({
      website: { applied: 4, total: 4, enough: true, coverage: '4 of 4 checks applied' },
      socialMedia: {
        applied: 1,
        total: 5,
        enough: false,
        coverage: '1 of 5 checks applied; no profile read from its network',
      },
      brandAssets: { applied: 1, total: 4, enough: false, coverage: '1 of 4 checks applied' },
    });
    // the one applicable check still gives its group a score; the area has none
    expect(scores.groups.socialMedia.profileLinks?.score).toBe(100);
    expect(scores.socialMediaScore).toBeNull();
    expect(scores.brandAssetsScore).toBeNull();
  });

  it('leaves such areas out of the overall score', () => {
    const scores = scoreAudit(websiteOnly());
    // SEO: (4.04 + 2) / (4.04 + 3) = 85.8 → 86; the overall score is the website score alone
    expect(scores.websiteScore).toBe(86);
    expect(scores.overallScore).toBe(86);
    expect(scores.overallMeasured).toBe(true);
  });

  it('gives fixes in such areas no score impact, as the overall score does not move', () => {
    const { recommendations } = scoreAudit(websiteOnly());
    expect(recommendations.map((item) => [item.checkId, item.scoreImpact, item.priority])).toEqual([
      ['seo.meta-description', 14, 'High'],
      ['brand.font-family-count', 0, 'Low'],
    ]);
  });

  it('scores the area once a third check applies', () => {
    const checks = websiteOnly().map((item) =>
      item.id === 'brand.contrast-text-pair' || item.id === 'brand.fonts-declared-used'
        ? { ...item, status: 'pass' as const }
        : item,
    );
    const scores = scoreAudit(checks);
    expect(scores.areas.brandAssets).toMatchObject({ applied: 3, enough: true });
    expect(scores.brandAssetsScore).toBe(84); // mean(colour contrast 100, fonts 2 of 3 = 67) = 83.5
  });

  it('scores social media only once a profile was read from its network', () => {
    const social = [
      check('social.handle-consistency', 'socialMedia', 'handleConsistency', 'pass'),
      check('social.handle-valid', 'socialMedia', 'handleConsistency', 'pass'),
      check('social.profile-links', 'socialMedia', 'profileLinks', 'pass'),
      check('social.profile-links-match', 'socialMedia', 'profileLinks', 'pass'),
    ];
    // four handle and link checks pass, but no network was read: not enough measured, never a number
    const handlesOnly = scoreAudit(social);
    expect(handlesOnly.areas.socialMedia).toMatchObject({ applied: 4, enough: false });
    expect(handlesOnly.areas.socialMedia.coverage).toContain('no profile read from its network');
    expect(handlesOnly.socialMediaScore).toBeNull();
    // a network that failed to answer is not a read either
    const failedRead = scoreAudit([
      ...social,
      check(
        'social.bluesky.exists',
        'socialMedia',
        'profiles',
        'not_measured',
        'Not measured: Bluesky could not be reached',
      ),
    ]);
    expect(failedRead.socialMediaScore).toBeNull();
    // one profile read (even one that does not exist) lets the area be scored
    const read = scoreAudit([...social, check('social.mastodon.exists', 'socialMedia', 'profiles', 'fail')]);
    expect(read.areas.socialMedia).toMatchObject({ applied: 5, enough: true });
    expect(read.socialMediaScore).not.toBeNull();
  });

  it('has no overall score when no area has enough measured', () => {
    const scores = scoreAudit([seo('document-title', 'fail'), seo('viewport', 'pass')]);
    expect(scores).toMatchObject({ overallScore: 0, overallMeasured: false, websiteScore: null });
    expect(scores.recommendations[0]?.scoreImpact).toBe(0);
  });

  it('writes area coverage lines and says what the brand can add', () => {
    expect(areaCoverageText(3, 9)).toBe('3 of 9 checks applied');
    expect(areaCoverageText(1, 1)).toBe('1 of 1 check applied');
    expect(areaCoverageText(0, 0)).toBe('No checks ran');
    expect(inputsToAdd({ websiteUrl: 'https://example.com' })).toEqual({
      website: [],
      socialMedia: ['social handles'],
      brandAssets: ['a colour palette', 'a logo', 'brand fonts'],
    });
    expect(
      inputsToAdd({ instagramHandle: 'acme', colourPalette: ['#000000', '#ffffff'], fonts: ['Inter'], logoUrl: '/x' }),
    ).toEqual({
      website: ['a website address'],
      socialMedia: ['a Bluesky, Mastodon or YouTube handle (profiles we can read)'],
      brandAssets: [],
    });
    expect(inputsToAdd({ blueskyHandle: 'acme.bsky.social' }).socialMedia).toEqual(['a second social handle']);
    expect(inputsToAdd({ twitterHandle: 'acme', tiktokHandle: 'acme' }).socialMedia).toEqual([
      'a Bluesky, Mastodon or YouTube handle (profiles we can read)',
    ]);
  });

  it('is stated in docs/scoring.md with the same number', () => {
    const doc = readFileSync(new URL('../../../../docs/scoring.md', import.meta.url), 'utf8');
    expect(doc).toContain(`at least ${MIN_APPLIED_CHECKS} applicable checks`);
  });
});
