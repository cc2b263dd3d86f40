/**
 * The competitive analysis: pure figures over the competitors' stored ads seen in a window.
 * Everything a report shows is computed here from the ads' own fields; the ad ids behind each
 * figure travel with it so the screen and the PDF can cite them.
 */
import type {
  TAdTrends,
  TAdvertisingIntelligence,
  TKeyFindings,
  TTopCompetitor,
} from '../../../shared/schemas/competitor-reports.ts';
import { adTrendsOf, topCompetitorsOf } from './figures.ts';
import { FINDING_RULES, keyFindingsOf } from './findings.ts';
import { type AdReading, intelligenceOf, readAd } from './intelligence.ts';
import { SharedValues } from './kept-values.ts';
import type { AnalysedAd, AnalysedCompetitor, CompetitiveInput, CompetitiveWindow } from './types.ts';
import { seenInWindow, WINDOW_RULE } from './window.ts';

export type CompetitiveFigures = {
  totalAdsAnalysed: number;
  competitorsAnalysed: number;
  topCompetitors: TTopCompetitor[];
  adTrends: TAdTrends;
  advertisingIntelligence: TAdvertisingIntelligence;
  keyFindings: TKeyFindings;
  disclosures: { spend: number; impressions: number; reach: number; spendRanges: { adId: string; range: string }[] };
  rules: string[];
};

export function analyseCompetitiveAds({ competitors, ads, window }: CompetitiveInput): CompetitiveFigures {
  return analyseReadings({ competitors, readings: readingsOf(ads, competitors, window), window });
}

/**
 * The readings of the competitors' ads seen in the window, among `ads`: a caller with more ads than
 * it should hold reads them a batch at a time and keeps only these, which hold no ad's words,
 * passing every batch the same `shared` so equal values are kept once across them all.
 */
export function readingsOf(
  ads: AnalysedAd[],
  competitors: AnalysedCompetitor[],
  window: CompetitiveWindow,
  shared = new SharedValues(),
): AdReading[] {
  const known = new Set(competitors.map((competitor) => competitor.id));
  return ads
    .filter((ad) => known.has(ad.competitorId) && seenInWindow(ad, window))
    .map((ad) => readAd(ad, window, shared));
}

/** The figures of the readings of every ad seen in the window (readingsOf). */
export function analyseReadings({
  competitors,
  readings,
  window,
}: {
  competitors: AnalysedCompetitor[];
  readings: AdReading[];
  window: CompetitiveWindow;
}): CompetitiveFigures {
  const inWindow = readings.map((reading) => reading.ad);
  const topCompetitors = topCompetitorsOf(competitors, inWindow, window);
  // the findings speak of competitors ("the next most active competitor", "competitor ads"), so the
  // brand's own row is left out of them; the tables name it "<brand> (your brand)" beside them
  const rivals = competitors.filter((competitor) => !competitor.isOwnBrand);
  const rivalIds = new Set(rivals.map((competitor) => competitor.id));
  const rivalReadings = readings.filter((reading) => rivalIds.has(reading.ad.competitorId));
  const rivalTop = topCompetitors.filter((competitor) => rivalIds.has(competitor.competitorId));
  const withSpend = inWindow.filter((ad) => ad.spend);
  return {
    totalAdsAnalysed: inWindow.length,
    competitorsAnalysed: rivalTop.filter((competitor) => competitor.adsInPeriod > 0).length,
    topCompetitors,
    adTrends: adTrendsOf(inWindow, window),
    advertisingIntelligence: intelligenceOf(competitors, readings),
    keyFindings: keyFindingsOf({ competitors: rivals, readings: rivalReadings, top: rivalTop, window }),
    disclosures: {
      spend: withSpend.length,
      impressions: inWindow.filter((ad) => ad.impressions).length,
      reach: inWindow.filter((ad) => ad.reach !== null).length,
      spendRanges: withSpend
        .slice(0, 12)
        .map((ad) => ({ adId: ad.id, range: [ad.spendCurrency, ad.spend].filter(Boolean).join(' ') })),
    },
    rules: [
      WINDOW_RULE,
      'Calls to action, audiences and messaging patterns are phrase lists matched in each ad’s title, text, landing-page title and recorded call to action, as whole words, whatever the case, with hyphens, spaces and curly quotes read alike and each word family’s inflections included; an ad counts once per item, and a message counts as absent only from the phrases checked. Ads that carry no words (TikTok’s library gives none) are left out of calls to action and messages. Shares of one whole (platforms, types, objectives, competitors) are rounded to add up to exactly 100; an ad can use several messages and calls to action, so their shares do not. Audiences marked “targeting” are what the ad source disclosed.',
      'Spend, impressions and reach are shown only where the ad source disclosed them (Meta discloses them for political and issue ads, and reach for ads shown in the EU and UK), as the ranges it gave. Nothing is estimated.',
      ...Object.values(FINDING_RULES),
    ],
  };
}

export type { AdReading } from './intelligence.ts';
export { SharedValues } from './kept-values.ts';
export type { AdFacts, AnalysedAd, AnalysedCompetitor, CompetitiveWindow } from './types.ts';
export { competitiveWindow } from './window.ts';
