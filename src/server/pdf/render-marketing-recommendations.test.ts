import { afterAll, describe, expect, it } from 'vitest';
import { pdfWorkspace, popplerPresent } from '../../../tests/helpers/pdf.ts';
import { type TMarketingRecommendations, ZMarketingRecommendations } from '../../shared/schemas/recommendations.ts';
import { orderStrategies } from './components/recommendations-strategy.tsx';
import { renderMarketingRecommendationsPdf } from './render-marketing-recommendations.tsx';

const workspace = pdfWorkspace('recommendations-pdf-');
afterAll(() => workspace.remove());

const altText = {
  checkId: 'seo.image-alt',
  title: 'Images have alt text',
  summary: '23 of 61 images have no alt attribute, mostly product photographs.',
};
const formLabel = {
  checkId: 'a11y.label',
  title: 'Form fields have labels',
  summary: 'The newsletter e-mail field in the footer has a placeholder but no label.',
};
const metaDescription = {
  checkId: 'seo.meta-description',
  title: 'Document has a meta description',
  summary: '9 of 14 pages have no meta description, so search engines write their own snippet.',
};
const caramel = {
  checkId: 'assets.contrast.caramel-on-cream',
  title: 'Caramel text on cream',
  summary: '#C8A27A on #F5EFE6 has a contrast ratio of 2.1:1, too low for text of any size.',
};

/** As the local engine writes them for the audit fixture, with one Critical strategy added. */
const recommendations: TMarketingRecommendations = {
  writtenBy: 'local',
  executiveSummary:
    'Acme Coffee scored 72/100 overall (website 68/100, social media 81/100, brand assets 66/100). The audit found 6 failed checks; the biggest gains come from darkening the caramel accent, writing meta descriptions for 9 pages and adding alt text to 23 images.',
  keyFindings: [
    'Colour contrast: 50/100 (4 text colour pairs checked).',
    'Accessibility: 58/100 (9 of 11 accessibility rules applied).',
    'Images have alt text: 23 of 61 images have no alt attribute, mostly product photographs.',
  ],
  quickWins: [
    'Label the newsletter sign-up field: about 0.5 hours, +2 points.',
    'Replace "Click here" and "Read more" links: about 1 hour, +2 points.',
  ],
  marketingStrategies: [
    {
      strategy: 'Remove the barriers visitors meet on your pages',
      category: 'User Experience',
      priority: 'High',
      timeline: 'This week',
      implementation: [
        'Add alt text to 23 images (about 2.5 hours)',
        'Label the newsletter sign-up field (about 0.5 hours)',
      ],
      expectedImpact: 'Up to 6 points on the overall score, and pages every visitor can use.',
      basedOn: [altText, formLabel],
    },
    {
      strategy: 'Make every page findable and well presented in search',
      category: 'SEO/Performance',
      priority: 'Medium',
      timeline: 'Next 2 weeks',
      implementation: ['Write meta descriptions for 9 pages (about 4 hours)'],
      expectedImpact: 'Up to 4 points on the overall score, and clearer search listings.',
      basedOn: [metaDescription],
    },
    {
      strategy: 'Make the caramel accent readable everywhere it carries text',
      category: 'Brand Positioning',
      priority: 'Critical',
      timeline: 'This week',
      implementation: [
        'Keep #C8A27A for decoration only.',
        'Use #8A6239 for text, links and the "Shop now" button; it reaches 4.9:1 on cream.',
      ],
      expectedImpact: 'Up to 5 points on the overall score.',
      basedOn: [caramel],
    },
  ],
  competitiveAdvantage:
    'Your strongest area is social media at 81/100: the site footer links to all 4 declared profiles.',
  longTermGoals: ['Raise website from 68 to 80 or more.', 'Re-run the audit every month.'],
};

const input = {
  brandName: 'Acme Coffee',
  auditDate: new Date('2026-03-12T15:30:00Z'),
  overallScore: 72,
  recommendations,
};

async function render(name: string, ...args: Parameters<typeof renderMarketingRecommendationsPdf>) {
  const started = performance.now();
  const pdf = await renderMarketingRecommendationsPdf(...args);
  const ms = Math.round(performance.now() - started);
  const inspected = workspace.inspect(name, pdf);
  if (!popplerPresent) return { pdf, pages: 0, text: '' };
  const { pages, text } = { pages: inspected.pages, text: inspected.text ?? '' };
  console.log(`marketing recommendations "${name}": ${pages} pages, ${Math.round(pdf.length / 1024)} KB, ${ms} ms`);
  return { pdf, pages, text };
}

describe('renderMarketingRecommendationsPdf', () => {
  it('has a fixture that matches the API contract', () => {
    expect(ZMarketingRecommendations.parse(recommendations)).toEqual(recommendations);
  });

  it('orders strategies by priority, keeping the written order within a priority', () => {
    expect(orderStrategies(recommendations.marketingStrategies).map((s) => s.priority)).toEqual([
      'Critical',
      'High',
      'Medium',
    ]);
  });

  it('renders a PDF', async () => {
    const { pdf } = await render('pdf', input, { generatedAt: new Date('2026-03-14T10:00:00Z') });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it.skipIf(!popplerPresent)(
    'renders several pages with every section, the strategies and what they rest on',
    async () => {
      const { pages, text } = await render('plain', input, { generatedAt: new Date('2026-03-14T10:00:00Z') });
      expect(pages).toBeGreaterThan(1);
      for (const expected of [
        'Acme Coffee',
        '12 March 2026',
        '14 March 2026',
        '72 OUT OF 100',
        'Executive summary',
        'Key findings',
        'Quick wins',
        'Marketing strategies',
        'Remove the barriers visitors meet on your pages',
        'Make the caramel accent readable everywhere it carries text',
        'Critical',
        'User Experience',
        'This week',
        '1. Add alt text to 23 images (about 2.5 hours)',
        'Expected impact',
        'Based on',
        'Images have alt text 23 of 61 images have no alt attribute, mostly product photographs.',
        'Competitive advantage',
        'Long-term goals',
        'Brandlens marketing recommendations',
        `Page 1 of ${pages}`,
      ]) {
        expect(text, expected).toContain(expected);
      }
      expect(text).not.toContain('Written with AI');
    },
  );

  it.skipIf(!popplerPresent)('says when the text was written with AI, and uses white-label branding', async () => {
    const { text } = await render(
      'branded',
      { ...input, recommendations: { ...recommendations, writtenBy: 'ai' } },
      {
        branding: {
          companyName: 'Northbank Digital',
          primaryColor: '#0E7490',
          secondaryColor: '#F59E0B',
          logo: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="40" height="40" fill="#0E7490"/></svg>',
          ),
          footerText: 'Northbank Digital, brand and web consultancy',
          contactEmail: 'hello@northbank.digital',
        },
      },
    );
    expect(text).toContain("Written with AI from the audit's measured findings");
    expect(text).toContain('Prepared by Northbank Digital');
    expect(text).toContain('Northbank Digital, brand and web consultancy | hello@northbank.digital');
    expect(text).not.toContain('Brandlens');
  });

  it.skipIf(!popplerPresent)('copes with empty sections and characters outside the PDF fonts', async () => {
    const { pages, text } = await render('empty', {
      ...input,
      brandName: 'Café Ünïcode ☕ → “Quotes”',
      recommendations: {
        writtenBy: 'local',
        executiveSummary: 'Ratio ≥ 4.5 → pass ✓',
        keyFindings: [],
        quickWins: [],
        marketingStrategies: [],
        competitiveAdvantage: '',
        longTermGoals: [],
      },
    });
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(text).toContain('Café Ünïcode -> “Quotes”');
    expect(text).toContain('Ratio >= 4.5 -> pass');
    expect(text).toContain('No strategies were recommended.');
    expect(text).not.toContain('Competitive advantage');
  });
});
