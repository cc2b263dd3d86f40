import { describe, expect, it } from 'vitest';
import { localMarketingRecommendations, type RecommendationFacts } from './marketing-recommendations.ts';

const failed = (overrides: Partial<RecommendationFacts['failedChecks'][number]>) => ({
  id: 'seo.meta-description',
  title: 'Pages have a meta description',
  summary: '4 of 6 pages have a meta description.',
  area: 'website' as const,
  category: 'SEO',
  priority: 'Medium' as const,
  estimatedHours: 1,
  scoreImpact: 2,
  recommendationTitle: 'Write a meta description for every page',
  recommendationDescription: 'Write one.',
  ...overrides,
});

const facts: RecommendationFacts = {
  brandName: 'Northwind',
  scores: { overall: 70, website: 60, socialMedia: null, brandAssets: 80 },
  groups: [
    { area: 'website', group: 'seoBasics', label: 'SEO basics', score: 60, coverage: '10 of 10 SEO checks applied' },
  ],
  failedChecks: [
    failed({}),
    failed({
      id: 'brand.logo-resolution',
      title: 'Logo resolution',
      summary: 'The logo is 240 × 80 px',
      area: 'brandAssets',
      category: 'Brand assets',
      priority: 'High',
      scoreImpact: 5,
      recommendationTitle: 'Upload a larger logo',
    }),
    failed({ id: 'seo.is-crawlable', title: 'Home page indexable', category: 'SEO', scoreImpact: 0 }),
  ],
  passedChecks: [
    { id: 'brand.contrast-text-pair', title: 'Contrast', summary: 'Text contrast is 14:1', area: 'brandAssets' },
  ],
  insights: null,
  competitors: null,
};

describe('local marketing recommendations', () => {
  const result = localMarketingRecommendations(facts);

  it('names the measured scores and the failed checks', () => {
    expect(result.executiveSummary).toContain('Northwind scored 70/100 overall (website 60/100, brand assets 80/100).');
    expect(result.executiveSummary).toContain('3 failed checks');
    expect(result.keyFindings).toContain('Logo resolution: The logo is 240 × 80 px.');
    expect(result.writtenBy).toBe('local');
  });

  it('builds one strategy per category, each resting on its own failed checks', () => {
    expect(result.marketingStrategies.map((strategy) => strategy.category)).toEqual([
      'SEO/Performance',
      'Brand Positioning',
    ]);
    const seo = result.marketingStrategies[0]!;
    expect(seo.priority).toBe('Critical'); // the home page cannot be indexed
    expect(seo.basedOn.map((finding) => finding.checkId)).toEqual(['seo.meta-description', 'seo.is-crawlable']);
    expect(seo.implementation[0]).toBe('Write a meta description for every page (about 1 hour)');
    const brand = result.marketingStrategies[1]!;
    expect(brand.strategy).toBe('Tighten your visual identity');
    expect(brand.priority).toBe('High');
    expect(brand.expectedImpact).toMatch(/^Up to 5 points on the overall score/);
  });

  it('lists quick wins of two hours or less by impact, and goals for areas under 80', () => {
    expect(result.quickWins[0]).toBe('Upload a larger logo: about 1 hour, +5 points.');
    expect(result.longTermGoals).toContain('Raise website from 60 to 80 or more.');
    expect(result.longTermGoals).not.toContain('Raise brand assets from 80 to 80 or more.');
  });

  it('states the advantage from the strongest measured area and suggests tracking competitors', () => {
    expect(result.competitiveAdvantage).toContain(
      'Your strongest area is brand assets at 80/100: Text contrast is 14:1.',
    );
    expect(result.competitiveAdvantage).toContain('Add competitors in Competitor Tracking');
  });
});
