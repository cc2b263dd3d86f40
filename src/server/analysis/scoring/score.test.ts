import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Area, CheckResult, CheckStatus } from '../types.ts';
import { capEvidence } from './check-result.ts';
import { areaCoverageText, inputsToAdd, MIN_APPLIED_CHECKS } from './coverage.ts';
import { coverageText, exactGroupScore, fillTemplate, scoreAudit } from './score.ts';
import { AXE_IMPACT_WEIGHTS, CHECK_WEIGHTS, IS_CRAWLABLE_WEIGHT, weightOf } from './weights.ts';

function check(id: string, area: Area, group: string, status: CheckStatus, summary = `${id} ${status}`): CheckResult {
  return { id, area, group, title: id, status, summary, evidence: [] };
}
const seo = (id: string, status: CheckStatus) => check(`seo.${id}`, 'website', 'seoBasics', status);

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

describe('weights', () => {
  it("uses Lighthouse's SEO weights", () => {
    expect(IS_CRAWLABLE_WEIGHT).toBeCloseTo(4.043, 3);
    expect(CHECK_WEIGHTS['seo.is-crawlable']?.gatesGroup).toBe(true);
    for (const id of [
      'document-title',
      'meta-description',
      'http-status-code',
      'link-text',
      'crawlable-anchors',
      'robots-txt',
      'image-alt',
      'hreflang',
      'canonical',
    ]) {
      expect(CHECK_WEIGHTS[`seo.${id}`]?.weight).toBe(1);
    }
  });

  it("weighs axe rules by axe's impact and builds their recommendation from axe's help", () => {
    expect(AXE_IMPACT_WEIGHTS).toEqual({ critical: 3, serious: 2, moderate: 1, minor: 0.5 });
    expect(weightOf({ id: 'a11y.image-alt', area: 'website' })).toMatchObject({
      weight: 3,
      category: 'Accessibility',
      estimatedHours: 2,
    });
    expect(weightOf({ id: 'a11y.heading-order', area: 'website' }).weight).toBe(1);
    expect(weightOf({ id: 'a11y.button-name', area: 'website' }).weight).toBe(3);
    const failing = {
      ...check('a11y.image-alt', 'website', 'accessibility', 'fail', '2 elements on 1 of 3 tested pages fail'),
      evidence: [{ url: 'https://example.com/a', selector: 'img' }],
    };
    expect(fillTemplate(weightOf(failing).recommendation.title, failing)).toBe(
      'Accessibility: Images must have alternative text',
    );
    expect(fillTemplate(weightOf(failing).recommendation.description, failing)).toBe(
      'Images must have alternative text. Fix the elements listed so that people using screen readers, keyboards or zoom can use the page. Measured: 2 elements on 1 of 3 tested pages fail. Elements: https://example.com/a. Guidance: https://dequeuniversity.com/rules/axe/4.14/image-alt',
    );
  });

  it('match the table in docs/scoring.md', () => {
    const doc = readFileSync(new URL('../../../../docs/scoring.md', import.meta.url), 'utf8');
    const rows = [
      ...doc.matchAll(
        /^\|\s*`([\w.-]+)`\s*\|\s*([\d.]+)(?:\s*\(gate\))?\s*\|\s*([^|]+?)\s*\|\s*([\d.]+)\s*\|\s*([^|]+?)\s*\|$/gm,
      ),
    ];
    const documented = Object.fromEntries(
      rows.map((row) => [
        row[1],
        { weight: Number(row[2]), category: row[3]!.trim(), hours: Number(row[4]), title: row[5]!.trim() },
      ]),
    );
    const expected = Object.fromEntries(
      Object.entries(CHECK_WEIGHTS).map(([id, entry]) => [
        id,
        {
          weight: Math.round(entry.weight * 100) / 100,
          category: entry.category,
          hours: entry.estimatedHours,
          title: entry.recommendation.title,
        },
      ]),
    );
    expect(documented).toEqual(expected);
  });
});

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
      socialMedia: { applied: 1, total: 5, enough: false, coverage: '1 of 5 checks applied' },
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
    ).toEqual({ website: ['a website address'], socialMedia: ['a second social handle'], brandAssets: [] });
  });

  it('is stated in docs/scoring.md with the same number', () => {
    const doc = readFileSync(new URL('../../../../docs/scoring.md', import.meta.url), 'utf8');
    expect(doc).toContain(`at least ${MIN_APPLIED_CHECKS} applicable checks`);
  });
});

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
