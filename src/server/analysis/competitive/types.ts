import type { TAdPlatform, TAdType, TCampaignObjective, TMetaMediaType } from '../../../shared/schemas/competitors.ts';

/** One stored ad, as the analysis reads it. */
export type AnalysedAd = {
  id: string;
  competitorId: string;
  platform: TAdPlatform;
  adTitle: string | null;
  adText: string | null;
  landingPageTitle: string | null;
  landingPageCta: string | null;
  adType: TAdType | null;
  campaignObjective: TCampaignObjective | null;
  isActive: boolean;
  firstSeenAt: Date | null;
  lastSeenAt: Date | null;
  createdAt: Date;
  targeting: Record<string, unknown> | null;
  spend: string | null;
  spendCurrency: string | null;
  impressions: string | null;
  reach: number | null;
  /** Meta ads: the media_type search filter that found the ad; null when not known */
  metaMediaType?: TMetaMediaType | null;
  /** where a Meta ad ran (facebook, instagram ...) */
  publisherPlatforms?: string[];
  /** the ad's id in its platform's library (TikTok ads, which have no text, are named by it) */
  adId?: string | null;
};

/**
 * What the analysis keeps of an ad once it is read: everything but its words and targeting, which
 * the reading turns into calls to action, messages, audiences and a short name to quote. A report
 * over tens of thousands of ads holds these, never the ads' texts.
 */
export type AdFacts = Omit<AnalysedAd, 'adTitle' | 'adText' | 'landingPageTitle' | 'landingPageCta' | 'targeting'>;

/** `isOwnBrand`: the brand's own row, analysed beside its competitors but never counted or judged as one */
export type AnalysedCompetitor = { id: string; name: string; isOwnBrand?: boolean };

export type CompetitiveWindow = { start: Date; end: Date };

export type CompetitiveInput = {
  competitors: AnalysedCompetitor[];
  /** every ad of the competitors; the analysis keeps those seen in the window */
  ads: AnalysedAd[];
  window: CompetitiveWindow;
};
