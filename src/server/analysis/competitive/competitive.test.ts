import { describe, expect, it } from 'vitest';
import { adName } from './findings.ts';
import { type AnalysedAd, analyseCompetitiveAds } from './index.ts';
import { readAd } from './intelligence.ts';
import { isoWeekOf, seenInWindow } from './window.ts';

const NOW = new Date('2026-03-31T12:00:00Z');
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const window = { start: daysAgo(30), end: NOW };

const ACME = '00000000-0000-4000-8000-00000000000a';
const BETA = '00000000-0000-4000-8000-00000000000b';
const GAMMA = '00000000-0000-4000-8000-00000000000c';
const competitors = [
  { id: ACME, name: 'Acme Bakes' },
  { id: BETA, name: 'Beta Bread' },
  { id: GAMMA, name: 'Gamma Grains' },
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
    adType: 'image',
    campaignObjective: 'conversions',
    isActive: true,
    firstSeenAt: daysAgo(10),
    lastSeenAt: NOW,
    createdAt: daysAgo(10),
    targeting: null,
    spend: null,
    spendCurrency: null,
    impressions: null,
    reach: null,
    ...overrides,
  };
}

const acmeSale = ad({
  adTitle: 'Spring sale: 20% off all loaves',
  adText: 'Shop now, ends Sunday. For families who love fresh bread.',
  firstSeenAt: daysAgo(64),
  createdAt: daysAgo(64),
});
const acmeVideo = ad({
  adType: 'video',
  adText: 'Handmade sourdough, baked fresh. Order now for next-day delivery.',
  firstSeenAt: daysAgo(3),
});
const acmeReviews = ad({
  adText: 'Rated 4.9 stars by 2,000 customers. Shop now.',
  targeting: {
    target_ages: ['25', '44'],
    target_gender: 'Women',
    target_locations: [{ name: 'London', excluded: false }],
  },
});
const acmeQuote = ad({
  adText: 'Catering for small business events. Get a quote today.',
  landingPageCta: 'Get a quote',
  campaignObjective: 'lead_generation',
});
const acmeFifth = ad({ adText: 'Save on our family loaf this week', firstSeenAt: daysAgo(5) });
const acmeSixth = ad({ adText: 'New season menu is here', firstSeenAt: daysAgo(6) });
const betaStopped = ad({
  competitorId: BETA,
  platform: 'google',
  adText: 'Book a table at our bakery cafe',
  isActive: false,
  firstSeenAt: daysAgo(20),
  lastSeenAt: daysAgo(8),
  spend: '100-199',
  spendCurrency: 'GBP',
});
const betaOld = ad({
  competitorId: BETA,
  adText: 'Long gone',
  isActive: false,
  firstSeenAt: daysAgo(90),
  lastSeenAt: daysAgo(40),
});
const ads = [acmeSale, acmeVideo, acmeReviews, acmeQuote, acmeFifth, acmeSixth, betaStopped, betaOld];

describe('the competitive analysis', () => {
  const figures = analyseCompetitiveAds({ competitors, ads, window });
  const intel = figures.advertisingIntelligence;

  it('counts the ads that ran at any time in the window', () => {
    expect(seenInWindow(betaOld, window)).toBe(false);
    expect(seenInWindow(betaStopped, window)).toBe(true);
    expect(figures.totalAdsAnalysed).toBe(7);
    expect(figures.competitorsAnalysed).toBe(2);
  });

  it('ranks competitors by active ads with their longevity and platforms', () => {
    const [acme, beta, gamma] = figures.topCompetitors;
    expect(acme).toMatchObject({
      name: 'Acme Bakes',
      adsInPeriod: 6,
      activeAds: 6,
      longestRunningDays: 65,
      shareOfAds: 86,
    });
    expect(acme?.medianRunningDays).toBe(9); // 4, 6, 7, 11, 11, 65: calendar days, both ends counted
    expect(beta).toMatchObject({ name: 'Beta Bread', adsInPeriod: 1, activeAds: 0, longestRunningDays: 13 });
    expect(beta?.platforms).toEqual([{ key: 'google', label: 'Google', count: 1 }]);
    expect(gamma).toMatchObject({ adsInPeriod: 0, medianRunningDays: null });
  });

  it('counts new ads by ISO week and the ads by platform, type and objective', () => {
    expect(isoWeekOf(new Date('2026-01-01T00:00:00Z'))).toEqual({ week: '2026-W01', weekStart: '2025-12-29' });
    const weeks = figures.adTrends.newAdsByWeek;
    expect(weeks.reduce((sum, week) => sum + week.newAds, 0)).toBe(6); // acmeSale started before the window
    expect(weeks.at(-1)?.week).toBe('2026-W14');
    expect(figures.adTrends.byType[0]).toEqual({ key: 'image', label: 'Image', count: 6 });
    expect(figures.adTrends.byObjective.find((entry) => entry.key === 'lead_generation')?.count).toBe(1);
  });

  it('extracts calls to action from the texts and the recorded landing-page button', () => {
    const shop = intel.inferredCallToActions.find((entry) => entry.cta === 'Shop now');
    expect(shop).toMatchObject({ adCount: 2 });
    expect(shop?.adIds.sort()).toEqual([acmeSale.id, acmeReviews.id].sort());
    expect(intel.inferredCallToActions.find((entry) => entry.cta === 'Get a quote')?.adIds).toEqual([acmeQuote.id]);
    expect(intel.inferredCallToActions.find((entry) => entry.cta === 'Book now')?.adIds).toEqual([betaStopped.id]);
    expect(intel.adsWithoutCta).toBe(2);
  });

  it('infers audiences from disclosed targeting and from text cues, with their evidence', () => {
    const audiences = intel.inferredTargetAudiences;
    expect(audiences.find((entry) => entry.audience === 'Ages 25-44')).toMatchObject({
      basis: 'targeting',
      adIds: [acmeReviews.id],
    });
    expect(audiences.find((entry) => entry.audience === 'People in London')?.basis).toBe('targeting');
    expect(audiences.find((entry) => entry.audience === 'Women')).toBeTruthy();
    const families = audiences.find((entry) => entry.audience === 'Families');
    expect(families).toMatchObject({ basis: 'text', adIds: [acmeSale.id] });
    expect(families?.evidence).toContain('for families');
    expect(audiences.find((entry) => entry.audience === 'Small businesses')?.adIds).toEqual([acmeQuote.id]);
  });

  it('measures messaging patterns with their share and example ads', () => {
    const by = (pattern: string) => intel.messagingPatterns.find((entry) => entry.pattern === pattern);
    expect(by('price')).toMatchObject({ adCount: 2, share: 29 });
    expect(by('urgency')?.adIds).toEqual([acmeSale.id]);
    expect(by('social_proof')?.adIds).toEqual([acmeReviews.id]);
    expect(by('quality')?.adIds).toEqual([acmeVideo.id]);
    expect(by('convenience')?.adIds).toEqual([acmeVideo.id]);
    expect(by('novelty')?.adIds).toEqual([acmeSixth.id]);
    expect(by('sustainability')).toMatchObject({ adCount: 0, adIds: [] });
    expect(intel.competitivePositioning.map((entry) => entry.name)).toEqual(['Acme Bakes', 'Beta Bread']);
    expect(intel.adTypeInsights[0]?.strategy).toBe(
      'Image: 6 of 7 ads (86%), a median run of 11 days, used most by Acme Bakes (5).',
    );
    expect(intel.longevity[0]).toEqual({ adId: acmeSale.id, runningDays: 65, isActive: true });
  });

  it('writes findings by rule, each naming the ads behind it', () => {
    const { threats, advantages, opportunities, recommendations } = figures.keyFindings;
    const dominant = threats.find((entry) => entry.rule === 'dominant-competitor');
    expect(dominant?.text).toBe('Acme Bakes runs 6 active ads while no other competitor has one running.');
    expect(dominant?.adIds).toHaveLength(5);
    expect(dominant?.adIds[0]).toBe(acmeSale.id);
    const long = threats.find((entry) => entry.rule === 'long-runner');
    expect(long?.adIds).toEqual([acmeSale.id]);
    expect(long?.text).toContain('has run 65 days');
    // three new ads in the last 7 days: under the rule's five
    expect(threats.find((entry) => entry.rule === 'ramping-up')).toBeUndefined();
    expect(advantages.find((entry) => entry.rule === 'gone-quiet')).toEqual({
      rule: 'gone-quiet',
      text: 'Beta Bread has no ad running at the end of the period: its 1 ad in the period has stopped.',
      adIds: [betaStopped.id],
    });
    const open = opportunities.filter((entry) => entry.rule === 'unused-pattern');
    expect(open.map((entry) => entry.text)).toContain(
      'None of the 7 competitor ads we read uses sustainability phrases such as “sustainable / eco”, “recycled” or “organic” (5 phrase groups checked): the message looks open.',
    );
    expect(open.every((entry) => entry.adIds.length === 0)).toBe(true);
    const study = recommendations.find((entry) => entry.rule === 'study-longest');
    expect(study?.adIds).toEqual([acmeSale.id]);
    expect(study?.text).toContain('65 days, still running');
    expect(recommendations.find((entry) => entry.rule === 'format-gap')?.text).toContain('Image makes up 86%');
  });

  it('counts disclosed spend only, as the range given', () => {
    expect(figures.disclosures).toEqual({
      spend: 1,
      impressions: 0,
      reach: 0,
      spendRanges: [{ adId: betaStopped.id, range: 'GBP 100-199' }],
    });
  });

  it('gives nothing but empty figures for a window without ads', () => {
    const empty = analyseCompetitiveAds({ competitors, ads: [betaOld], window });
    expect(empty.totalAdsAnalysed).toBe(0);
    expect(Object.values(empty.keyFindings).flat()).toEqual([]);
    expect(empty.advertisingIntelligence.messagingPatterns.every((entry) => entry.share === 0)).toBe(true);
  });

  it('reads calls to action and messages only in ads that carry words (TikTok gives none)', () => {
    const wordless = Array.from({ length: 4 }, () => ad({ competitorId: GAMMA, platform: 'tiktok', adType: 'video' }));
    const worded = [
      ad({ competitorId: GAMMA, adText: 'Fresh rye, shop now.' }),
      ad({ competitorId: GAMMA, adText: 'Our rye is baked at dawn.' }),
    ];
    const analysis = analyseCompetitiveAds({ competitors, ads: [...wordless, ...worded], window });
    expect(analysis.totalAdsAnalysed).toBe(6);
    expect(analysis.advertisingIntelligence.adsWithoutCta).toBe(1);
    const findings = Object.values(analysis.keyFindings).flat();
    expect(findings.some((entry) => entry.rule === 'no-cta')).toBe(false);
    expect(findings.find((entry) => entry.rule === 'cta-gap')?.text).toMatch(/^1 of 2 competitor ads/);
    const gamma = analysis.advertisingIntelligence.competitivePositioning.find(
      (entry) => entry.name === 'Gamma Grains',
    );
    expect(gamma?.adCount).toBe(6);
    expect(gamma?.summary).toMatch(/4 other ads carry no words to read\.$/);
  });

  it('names an ad by its title or the start of its text', () => {
    expect(adName(readAd(acmeSale, window))).toBe('“Spring sale: 20% off all loaves”');
    const untitled = {
      ...acmeSale,
      adTitle: null,
      adText: `Fresh  sourdough\nevery morning ${'and more '.repeat(10)}`,
    };
    expect(adName(readAd(untitled, window))).toBe('“Fresh sourdough every morning and more and more and more an…”');
    expect(adName(readAd({ ...acmeSale, adTitle: null, adText: null }, window))).toBe('an untitled ad');
  });

  it('writes the counts of a large library with thousands separators', () => {
    const plain = Array.from({ length: 1_500 }, (_, index) =>
      ad({ competitorId: index % 2 ? ACME : BETA, adTitle: `Fresh bread ${index}` }),
    );
    const analysis = analyseCompetitiveAds({ competitors, ads: plain, window });
    const findings = Object.values(analysis.keyFindings).flat();
    expect(findings.find((entry) => entry.rule === 'cta-gap')?.text).toMatch(
      /^1,500 of 1,500 competitor ads \(100%\) have no recognisable call to action/,
    );
    expect(findings.map((entry) => entry.text).join(' ')).toContain('750 of Acme Bakes’ 750 ads (100%)');
  });

  it('keeps no words of an ad once it is read, only what was found in them', () => {
    const reading = readAd({ ...acmeSale, targeting: { target_ages: ['25', '44'] } }, window);
    for (const words of ['adTitle', 'adText', 'landingPageTitle', 'landingPageCta', 'targeting'])
      expect(reading.ad).not.toHaveProperty(words);
    expect(reading.audiences.map((found) => found.audience)).toContain('Ages 25-44');
  });
});
