import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../types.ts';
import { capEvidence } from './check-result.ts';
import { coverageText, exactGroupScore, scoreAudit } from './score.ts';
import { check, seo } from './test-checks.ts';
import { IS_CRAWLABLE_WEIGHT } from './weights.ts';

/** A small audit whose numbers are worked out by hand in the tests below. */
function sample(): CheckResult[] {
  return [
    seo('is-crawlable', 'pass'),
    seo('document-title', 'pass'),
    seo('meta-description', 'fail'),
    seo('hreflang', 'not_applicable'),
    seo('robots-txt', 'not_measured'),
    check('tone.readability', 'website', 'toneConsistency', 'pass'),
    check('tone.formality', 'website', 'toneConsistency', 'fail'),
    check('a11y.image-alt', 'website', 'accessibility', 'pass'), // critical: weight 3
    check('a11y.heading-order', 'website', 'accessibility', 'fail'), // moderate: weight 1
    check('social.feed-frequency', 'socialMedia', 'postingFrequency', 'not_measured'),
    check('social.visual-consistency', 'socialMedia', 'visualConsistency', 'not_measured'),
    check('brand.contrast-text-pair', 'brandAssets', 'colourContrast', 'pass'), // weight 2
    check('brand.contrast-every-colour', 'brandAssets', 'colourContrast', 'fail'), // weight 1
    check('brand.logo-resolution', 'brandAssets', 'logoQuality', 'not_measured'),
    check('brand.fonts-declared-used', 'brandAssets', 'fontConsistency', 'pass'),
  ];
}

describe('group scores', () => {
  it('is the weighted mean of pass (1) and fail (0) × 100; not applicable and not measured drop out', () => {
    const exact = exactGroupScore(sample().filter((item) => item.group === 'seoBasics'));
    expect(exact).toBeCloseTo(((IS_CRAWLABLE_WEIGHT + 1) / (IS_CRAWLABLE_WEIGHT + 2)) * 100, 10);
    const scores = scoreAudit(sample());
    expect(scores.groups.website.seoBasics).toEqual({
      score: 83,
      applied: 3,
      total: 5,
      coverage: '3 of 5 SEO checks applied',
    });
    expect(scores.groups.website.accessibility?.score).toBe(75); // 3 / (3 + 1)
    expect(scores.groups.brandAssets.colourContrast?.score).toBe(67); // 2 / (2 + 1)
  });

  it('has no score when nothing in the group applied', () => {
    const scores = scoreAudit(sample());
    expect(scores.groups.brandAssets.logoQuality).toEqual({
      score: null,
      applied: 0,
      total: 1,
      coverage: '0 of 1 logo check applied',
    });
    expect(scores.groups.socialMedia.toneMatch).toEqual({
      score: null,
      applied: 0,
      total: 0,
      coverage: 'No tone match checks ran',
    });
  });

  it('sets SEO basics to 0 when is-crawlable fails, whatever else passes', () => {
    const checks = [
      seo('is-crawlable', 'fail'),
      ...['document-title', 'meta-description', 'link-text', 'canonical'].map((id) => seo(id, 'pass')),
    ];
    const scores = scoreAudit(checks);
    expect(scores.groups.website.seoBasics?.score).toBe(0);
    expect(scores.websiteScore).toBe(0);
    expect(scores.recommendations).toEqual([
      expect.objectContaining({ checkId: 'seo.is-crawlable', priority: 'High', scoreImpact: 100, category: 'SEO' }),
    ]);
  });

  it('writes coverage lines', () => {
    expect(coverageText('seoBasics', 8, 10)).toBe('8 of 10 SEO checks applied');
    expect(coverageText('accessibility', 31, 31)).toBe('31 of 31 accessibility checks applied');
    expect(coverageText('postingFrequency', 0, 0)).toBe('No posting frequency checks ran');
  });
});

describe('area and overall scores', () => {
  it('averages measured groups into areas and measured areas into the overall score', () => {
    const scores = scoreAudit(sample());
    // website: mean(83, 50, 75) = 69.3; social: nothing measured; brand assets: mean(67, 100) = 83.5
    expect(scores.websiteScore).toBe(69);
    expect(scores.socialMediaScore).toBeNull();
    expect(scores.brandAssetsScore).toBe(84);
    expect(scores.overallScore).toBe(77); // mean(69, 84) = 76.5
  });

  it('is 0 overall when nothing could be measured', () => {
    const scores = scoreAudit([check('social.feed-frequency', 'socialMedia', 'postingFrequency', 'not_measured')]);
    expect(scores).toMatchObject({
      overallScore: 0,
      overallMeasured: false,
      websiteScore: null,
      socialMediaScore: null,
      brandAssetsScore: null,
    });
    expect(scoreAudit([]).overallScore).toBe(0);
    expect(scoreAudit(sample()).overallMeasured).toBe(true);
  });
});

/** A brand with only a website: many website checks, one applicable check each for social and brand assets. */
describe('recommendations', () => {
  it('gives each failed check its exact score impact, sorted by impact', () => {
    const { recommendations } = scoreAudit(sample());
    expect(recommendations.map((item) => [item.checkId, item.scoreImpact, item.priority])).toEqual([
      // every-colour passing: brand assets 100 → overall mean(69, 100) = 84.5 → 85 → +8 (unrounded +8.33)
      ['brand.contrast-every-colour', 8, 'High'],
      // formality passing: website mean(83, 100, 75) = 86 → overall mean(86, 84) = 85 → +8 (unrounded +8.33;
      // equal gains and weights sort by id)
      ['tone.formality', 8, 'High'],
      // heading-order passing: website mean(83, 50, 100) = 77.7 → 78 → overall 81 → +4
      ['a11y.heading-order', 4, 'High'],
      // meta-description passing: website mean(100, 50, 75) = 75 → overall 79.5 → 80 → +3 (unrounded +2.76)
      ['seo.meta-description', 3, 'High'],
    ]);
    for (const recommendation of recommendations) {
      const flipped = sample().map((item) =>
        item.id === recommendation.checkId ? { ...item, status: 'pass' as const } : item,
      );
      expect(scoreAudit(flipped).overallScore - scoreAudit(sample()).overallScore).toBe(recommendation.scoreImpact);
    }
  });

  it('fills title, description, category and hours from the weights table', () => {
    const failing: CheckResult = {
      ...seo('meta-description', 'fail'),
      summary: '4 of 6 pages have a meta description',
      evidence: capEvidence([
        { url: 'https://example.com/a' },
        { url: 'https://example.com/b' },
        { url: 'https://example.com/c' },
        { url: 'https://example.com/d' },
      ]),
    };
    const [recommendation] = scoreAudit([
      failing,
      seo('is-crawlable', 'pass'),
      seo('viewport', 'pass'),
    ]).recommendations;
    expect(recommendation).toEqual({
      checkId: 'seo.meta-description',
      title: 'Write a meta description for every page',
      description:
        'Search engines often show the meta description under the page title. Write one or two sentences (about 150 characters) that describe each page. Measured: 4 of 6 pages have a meta description. Pages to fix: https://example.com/a, https://example.com/b, https://example.com/c and 1 more.',
      priority: 'High',
      estimatedHours: 1,
      scoreImpact: 17, // SEO basics 5.04 of 6.04 = 83 → 100
      category: 'SEO',
    });
  });

  it('judges fixes behind a failed is-crawlable by what they gain once it passes', () => {
    const { recommendations } = scoreAudit([
      seo('is-crawlable', 'fail'),
      seo('meta-description', 'fail'),
      seo('document-title', 'pass'),
    ]);
    expect(recommendations.map((item) => [item.checkId, item.scoreImpact, item.priority])).toEqual([
      ['seo.is-crawlable', 83, 'High'], // SEO basics 0 → 83 (5.04 of 6.04)
      ['seo.meta-description', 0, 'High'], // gains nothing now, 17 points once indexing is allowed
    ]);
  });

  it('gives a low priority to a fix that barely moves the overall score', () => {
    const many = Array.from({ length: 40 }, (_, index) =>
      check(`a11y.rule-${index}`, 'website', 'accessibility', 'pass'),
    );
    const checks = [
      ...many,
      check('a11y.aria-allowed-role', 'website', 'accessibility', 'fail'), // minor: weight 0.5
      check('brand.contrast-text-pair', 'brandAssets', 'colourContrast', 'pass'),
      check('brand.contrast-every-colour', 'brandAssets', 'colourContrast', 'pass'),
      check('brand.font-family-count', 'brandAssets', 'fontConsistency', 'pass'),
      check('social.handle-consistency', 'socialMedia', 'handleConsistency', 'pass'),
      check('social.handle-valid', 'socialMedia', 'handleConsistency', 'pass'),
      check('social.profile-links', 'socialMedia', 'profileLinks', 'pass'),
      check('social.bluesky.exists', 'socialMedia', 'profiles', 'pass'),
    ];
    const [recommendation] = scoreAudit(checks).recommendations;
    expect(recommendation).toMatchObject({
      checkId: 'a11y.aria-allowed-role',
      scoreImpact: 0,
      priority: 'Low',
      estimatedHours: 0.5,
    });
  });
});

describe('strengths and weaknesses', () => {
  it('come from measured summaries: perfect groups first, then the weightiest passing checks', () => {
    const checks = [
      { ...seo('is-crawlable', 'pass'), summary: 'All 6 pages can be indexed by search engines' },
      { ...seo('document-title', 'pass'), summary: 'All 6 pages have a title' },
      { ...seo('viewport', 'pass'), summary: 'All 6 pages have a viewport meta tag with width=device-width' },
      check(
        'brand.contrast-text-pair',
        'brandAssets',
        'colourContrast',
        'pass',
        'The darkest and lightest colours (#111111 on #ffffff) have a contrast of 18.88:1 (AAA)',
      ),
      check(
        'brand.contrast-every-colour',
        'brandAssets',
        'colourContrast',
        'fail',
        '2 of 3 colours reach 4.5:1 with another palette colour; #888888 does not',
      ),
    ];
    const scores = scoreAudit(checks);
    expect(scores.strengths).toEqual([
      'All 3 SEO checks passed',
      'The darkest and lightest colours (#111111 on #ffffff) have a contrast of 18.88:1 (AAA)',
    ]);
    expect(scores.weaknesses).toEqual(['2 of 3 colours reach 4.5:1 with another palette colour; #888888 does not']);
  });

  it('sum up accessibility rules instead of listing them one by one', () => {
    const rules = ['image-alt', 'label', 'button-name', 'document-title', 'html-has-lang', 'list'];
    const checks = [
      ...rules.map((id) => check(`a11y.${id}`, 'website', 'accessibility', 'pass')),
      check('a11y.link-name', 'website', 'accessibility', 'fail'),
    ];
    expect(scoreAudit(checks).strengths).toEqual([
      '6 of 7 accessibility rules passed on every tested page where they apply',
    ]);
  });

  it('say so when nothing passed or nothing failed', () => {
    expect(scoreAudit([seo('document-title', 'fail')]).strengths).toEqual(['No measured check passed in this audit']);
    expect(scoreAudit([seo('document-title', 'pass')]).weaknesses).toEqual(['No measured check failed in this audit']);
  });

  it('cap both lists at six sentences', () => {
    const failing = Array.from({ length: 9 }, (_, index) =>
      check(`brand.x-${index}`, 'brandAssets', `group${index}`, 'fail'),
    );
    expect(scoreAudit(failing).weaknesses).toHaveLength(6);
  });
});
