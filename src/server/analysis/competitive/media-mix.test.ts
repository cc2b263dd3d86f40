import { describe, expect, it } from 'vitest';
import { type AnalysedAd, analyseCompetitiveAds } from './index.ts';

const NOW = new Date('2026-03-31T12:00:00Z');
const DAY = 86_400_000;
const window = { start: new Date(NOW.getTime() - 30 * DAY), end: NOW };
const ACME = '00000000-0000-4000-8000-00000000000a';
const BETA = '00000000-0000-4000-8000-00000000000b';
const competitors = [
  { id: ACME, name: 'Acme Bakes' },
  { id: BETA, name: 'Beta Bread' },
];

let counter = 0;
function ad(overrides: Partial<AnalysedAd>): AnalysedAd {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    competitorId: ACME,
    platform: 'meta',
    adTitle: null,
    adText: null,
    landingPageTitle: null,
    landingPageCta: null,
    adType: null,
    campaignObjective: null,
    isActive: true,
    firstSeenAt: new Date(NOW.getTime() - 5 * DAY),
    lastSeenAt: NOW,
    createdAt: NOW,
    targeting: null,
    spend: null,
    spendCurrency: null,
    impressions: null,
    reach: null,
    metaMediaType: 'image',
    publisherPlatforms: ['facebook'],
    ...overrides,
  };
}

describe('the media mix on Meta', () => {
  const videos = [1, 2, 3].map(() => ad({ metaMediaType: 'video', publisherPlatforms: ['instagram', 'facebook'] }));
  const image = ad({ metaMediaType: 'image' });
  const unknown = ad({ metaMediaType: null });
  const old = ad({ metaMediaType: 'image', firstSeenAt: new Date(NOW.getTime() - 60 * DAY) });
  const beta = [1, 2, 3].map(() => ad({ competitorId: BETA, metaMediaType: 'video' }));
  const figures = analyseCompetitiveAds({
    competitors,
    ads: [...videos, image, unknown, old, ...beta, ad({ competitorId: BETA, metaMediaType: 'image' })],
    window,
  });

  it('names the leading type of the new ads whose type is known, citing those ads', () => {
    const mix = figures.keyFindings.threats.filter((finding) => finding.rule === 'media-mix');
    const acme = mix.find((finding) => finding.text.includes('Acme'))!;
    // 3 videos of the 4 new ads with a known type: the unknown one and the one first seen before the period are not counted
    expect(acme.text).toBe(
      "Video is 75% of Acme Bakes’ new Meta ads in this period (3 of 4 whose media type Meta's search told).",
    );
    expect([...acme.adIds].sort()).toEqual(videos.map((entry) => entry.id).sort());
    expect(mix.find((finding) => finding.text.includes('Beta'))?.adIds).toHaveLength(3);
    expect(figures.rules.some((rule) => rule.includes('media_type search filter'))).toBe(true);
  });

  it('counts the period’s Meta ads by media type and by placement', () => {
    expect(figures.adTrends.byMediaType).toEqual([
      { key: 'video', label: 'Video', count: 6 },
      { key: 'image', label: 'Image', count: 3 },
      { key: 'unknown', label: 'Not recorded', count: 1 },
    ]);
    expect(figures.adTrends.byPlacement).toEqual([
      { key: 'facebook', label: 'Facebook', count: 10 },
      { key: 'instagram', label: 'Instagram', count: 3 },
    ]);
  });

  it('says nothing for a competitor with fewer than four such ads, or a tie', () => {
    const few = analyseCompetitiveAds({ competitors, ads: [ad({ metaMediaType: 'video' })], window });
    expect(few.keyFindings.threats.filter((finding) => finding.rule === 'media-mix')).toEqual([]);
    const tie = analyseCompetitiveAds({
      competitors,
      ads: [ad({ metaMediaType: 'video' }), ad({ metaMediaType: 'video' }), ad({}), ad({})],
      window,
    });
    expect(tie.keyFindings.threats.filter((finding) => finding.rule === 'media-mix')).toEqual([]);
  });
});
