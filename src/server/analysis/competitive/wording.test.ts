import { describe, expect, it } from 'vitest';
import { barShares } from '../../pdf/components/competitive-sections.tsx';
import { mostActiveFoot } from '../../pdf/render-competitive-pdf.tsx';
import { type AnalysedAd, analyseCompetitiveAds } from './index.ts';

const NOW = new Date('2026-03-31T12:00:00Z');
const DAY = 86_400_000;
const window = { start: new Date(NOW.getTime() - 30 * DAY), end: NOW };
const competitor = (n: number, name: string) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name,
});
const [A, B, C, D] = [
  competitor(1, 'Acme Bakes'),
  competitor(2, 'Beta Bread'),
  competitor(3, 'Gamma Grains'),
  competitor(4, 'Delta Dough'),
];

let counter = 0;
function ad(overrides: Partial<AnalysedAd>): AnalysedAd {
  counter += 1;
  return {
    id: `00000000-0000-4000-9000-${String(counter).padStart(12, '0')}`,
    competitorId: A.id,
    platform: 'meta',
    adTitle: null,
    adText: 'Hello from our team',
    landingPageTitle: null,
    landingPageCta: null,
    adType: 'image',
    campaignObjective: 'conversions',
    isActive: true,
    firstSeenAt: new Date(NOW.getTime() - 5 * DAY),
    lastSeenAt: NOW,
    createdAt: NOW,
    targeting: null,
    spend: null,
    spendCurrency: null,
    impressions: null,
    reach: null,
    ...overrides,
  };
}
const many = (n: number, overrides: Partial<AnalysedAd>) => Array.from({ length: n }, () => ad(overrides));
const findingsOf = (figures: ReturnType<typeof analyseCompetitiveAds>) => Object.values(figures.keyFindings).flat();

describe('competitive findings say what was checked', () => {
  it('counts a plain craftsmanship claim as quality, so it never reports the message as unused', () => {
    const ads = [
      ad({ adText: 'Handmade in our Leeds workshop' }),
      ad({ adText: 'Every bag is hand-finished' }),
      ad({ adText: 'We sew every stitch ourselves' }),
      ad({ adText: 'Small-batch, built by hand' }),
      ad({ adText: 'Offer ends midnight, only 3 left' }),
      ad({ adText: 'Final hours: 48-hour sale' }),
    ];
    const figures = analyseCompetitiveAds({ competitors: [A], ads, window });
    const quality = figures.advertisingIntelligence.messagingPatterns.find((entry) => entry.pattern === 'quality');
    const urgency = figures.advertisingIntelligence.messagingPatterns.find((entry) => entry.pattern === 'urgency');
    expect(quality?.adCount).toBe(4);
    expect(urgency?.adCount).toBe(2);
    const unused = findingsOf(figures).filter((finding) => finding.rule === 'unused-pattern');
    expect(unused.some((finding) => /quality|urgency/i.test(finding.text))).toBe(false);
  });

  it('words an absent message by the phrases checked, never as "nobody says"', () => {
    const figures = analyseCompetitiveAds({ competitors: [A], ads: many(12, {}), window });
    const quality = findingsOf(figures).find(
      (finding) => finding.rule === 'unused-pattern' && finding.text.includes('quality and craft'),
    );
    expect(quality?.text).toMatch(
      /^None of the 12 competitor ads we read uses quality and craft phrases such as “handmade”, “crafted” or “artisan” \(\d+ phrase groups checked\): the message looks open\.$/,
    );
    expect(findingsOf(figures).every((finding) => !/nobody|no one|is open\b/i.test(finding.text))).toBe(true);
  });
});

describe('competitive numbers in words', () => {
  it('rounds a ratio to one decimal place, never down: 9 against 2 is 4.5 times as many', () => {
    const ads = [...many(9, { competitorId: A.id }), ...many(2, { competitorId: B.id })];
    const figures = analyseCompetitiveAds({ competitors: [A, B], ads, window });
    const dominant = figures.keyFindings.threats.find((finding) => finding.rule === 'dominant-competitor');
    expect(dominant?.text).toBe(
      'Acme Bakes runs 9 active ads, 4.5 times as many as Beta Bread (2), the next most active competitor.',
    );
  });

  it('names every leader of a three-way tie', () => {
    const ads = [
      ...many(2, { competitorId: A.id, adType: 'video' }),
      ...many(2, { competitorId: B.id, adType: 'video' }),
      ...many(2, { competitorId: C.id, adType: 'video' }),
      ad({ competitorId: D.id, adType: 'video' }),
    ];
    const figures = analyseCompetitiveAds({ competitors: [A, B, C, D], ads, window });
    expect(figures.advertisingIntelligence.adTypeInsights[0]?.strategy).toBe(
      'Video: 7 of 7 ads (100%), a median run of 6 days, used most by Acme Bakes, Beta Bread and Gamma Grains, tied with 2 each.',
    );
    const leaders = figures.topCompetitors.filter((entry) => entry.activeAds === 2).map((entry) => entry.name);
    expect(mostActiveFoot(leaders)).toBe('active ads each: Acme Bakes, Beta Bread and Gamma Grains (tied)');
    expect(mostActiveFoot(['Acme Bakes'])).toBe('active ads: Acme Bakes');
  });

  it('names every most crowded message and every competitor lead when tied', () => {
    const ads = [
      ...many(2, { adText: '20% off everything, handmade in our workshop' }),
      ...many(3, { adText: 'Hello again' }),
    ];
    const figures = analyseCompetitiveAds({ competitors: [A], ads, window });
    const crowded = figures.keyFindings.recommendations.find((finding) => finding.rule === 'crowded-message');
    expect(crowded?.text).toMatch(
      /^“Price and discounts” and “quality and craft” are tied as the most crowded messages \(2 of 5 ads each, 40%\): lead with “.+” instead, used by none of them\.$/,
    );
    expect(figures.advertisingIntelligence.competitivePositioning[0]?.summary).toBe(
      'Acme Bakes leads equally with “price and discounts” and “quality and craft” (40% of its 5 ads each).',
    );
  });
});

describe('percentages shown together', () => {
  const platforms = ['meta', 'google', 'tiktok', 'linkedin', 'twitter', 'youtube'] as const;
  const types = ['image', 'video', 'carousel', 'collection', null] as const;
  const objectives = ['reach', 'traffic', 'conversions', null] as const;
  // counts chosen so that rounding each share on its own gives 99 or 101
  const datasets = [
    [1, 1, 1],
    [3, 2, 2],
    [1, 1, 1, 1, 1, 1, 1],
    [5, 3, 3, 1],
    [7, 7, 7, 2, 1, 1],
  ];

  for (const counts of datasets) {
    it(`add up to exactly 100 for competitors with ${counts.join(', ')} ads`, () => {
      const competitors = counts.map((_, i) => competitor(100 + i, `Competitor ${i}`));
      let n = 0;
      const ads = counts.flatMap((count, i) =>
        Array.from({ length: count }, () => {
          n += 1;
          return ad({
            competitorId: competitors[i]?.id,
            platform: platforms[n % platforms.length],
            adType: types[n % types.length],
            campaignObjective: objectives[n % objectives.length],
          });
        }),
      );
      const figures = analyseCompetitiveAds({ competitors, ads, window });
      const total = figures.totalAdsAnalysed;
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      const groups = {
        'share of ads per competitor': figures.topCompetitors.map((entry) => entry.shareOfAds),
        'ad type insights': figures.advertisingIntelligence.adTypeInsights.map((entry) => entry.share),
        'PDF platforms': barShares(figures.adTrends.byPlatform, total, 'parts'),
        'PDF ad types': barShares(figures.adTrends.byType, total, 'parts'),
        'PDF objectives': barShares(figures.adTrends.byObjective, total, 'parts'),
      };
      for (const [name, values] of Object.entries(groups)) expect(sum(values), name).toBe(100);
      for (const entry of figures.advertisingIntelligence.adTypeInsights)
        expect(entry.strategy).toContain(`(${entry.share}%)`);
    });
  }
});
