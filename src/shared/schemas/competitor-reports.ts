import { z } from 'zod';
import { adPlatforms, metaMediaTypes } from './competitors.ts';
import { ZEmailAddress } from './email.ts';
import { ZPageQuery } from './paging.ts';
import { MAX_EMAIL_NOTE_LENGTH } from './sentiment-reports.ts';
import { ZText } from './text.ts';

/**
 * A competitive analysis is computed from the competitors' ads seen in its period: an ad is seen in
 * the period when it ran at any time in it (first seen before the period ends, and still active or
 * last seen after it starts). Daily is the last 24 hours, weekly 7 days, monthly (the default) 30.
 */
export const competitorReportPeriodDays = { daily: 1, weekly: 7, monthly: 30, quarterly: 90 } as const;

/** The periods a competitor report covers: the three of SPEC, 90 days, or dates the user chooses. */
export const competitorReportPeriods = ['daily', 'weekly', 'monthly', 'quarterly', 'custom'] as const;
export type TCompetitorReportPeriod = (typeof competitorReportPeriods)[number];
export const ZCompetitorReportPeriod = z.enum(competitorReportPeriods, {
  error: 'Report period must be daily, weekly, monthly, quarterly or custom',
});
/** A chosen period spans a year at most: the Ad Library keeps ordinary ads for a year. */
export const MAX_CUSTOM_PERIOD_DAYS = 366;

/** SPEC §5: generation needs at least one competitor and one ad. */
export const noCompetitorsForReportMessage = 'Add at least one competitor before generating a competitor report.';
export const noAdsForReportMessage =
  'Add at least one ad to the ad library (by hand, by CSV or by discovery) before generating a competitor report.';
/** SPEC §5: the Share dialog needs an existing latest report. */
export const noReportTitle = 'No Report Available';
export const noReportMessage = 'Generate a competitive analysis report first';

const selectBrandMessage = 'Please select a brand';

const ZPeriodDate = (label: string) => z.iso.date({ error: `${label} must be a date such as 2026-03-05` });

/**
 * POST /api/competitor-reports. A custom period runs from the start of `startDate` to the end of
 * `endDate` (UTC), both required, a year at most, ending today at the latest.
 */
export const ZCreateCompetitorReportRequest = z
  .object({
    brandId: z.uuid(selectBrandMessage),
    reportPeriod: ZCompetitorReportPeriod.default('monthly'),
    startDate: ZPeriodDate('Start date').optional(),
    endDate: ZPeriodDate('End date').optional(),
  })
  .superRefine((request, ctx) => {
    if (request.reportPeriod !== 'custom') return;
    if (!request.startDate || !request.endDate) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'Choose a start and an end date for the period' });
      return;
    }
    const days = (Date.parse(request.endDate) - Date.parse(request.startDate)) / 86_400_000 + 1;
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date cannot be before the start date' });
    else if (days > MAX_CUSTOM_PERIOD_DAYS)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'A period can span a year at most' });
  });
export type TCreateCompetitorReportRequest = z.input<typeof ZCreateCompetitorReportRequest>;

/** GET /api/competitor-reports?brandId */
/** GET /api/competitor-reports: the brand's reports, newest first, one page at a time (paging.ts). */
export const ZCompetitorReportListQuery = z.object({ brandId: z.uuid(selectBrandMessage), ...ZPageQuery.shape });
export type TCompetitorReportListQuery = z.infer<typeof ZCompetitorReportListQuery>;

/** POST /api/competitors/pdf: the latest report of the brand, or the one named. */
export const ZCompetitivePdfRequest = z.object({
  brandId: z.uuid(selectBrandMessage),
  reportId: z.uuid('Please choose a report').optional(),
});
export type TCompetitivePdfRequest = z.infer<typeof ZCompetitivePdfRequest>;

/** POST /api/email-competitive-analysis: one report, with its PDF, to one address. */
export const ZEmailCompetitiveAnalysisRequest = z.object({
  email: ZEmailAddress,
  message: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
      ZText('Message', { multiline: true })
        .max(
          MAX_EMAIL_NOTE_LENGTH,
          `The message must be at most ${MAX_EMAIL_NOTE_LENGTH.toLocaleString('en-GB')} characters`,
        )
        .nullable(),
    )
    .optional(),
  reportId: z.uuid(noReportMessage),
  /** Made by the dialog when it opens: a second press of Send is the same message, sent once. */
  requestId: z.uuid().optional(),
});
export type TEmailCompetitiveAnalysisRequest = z.input<typeof ZEmailCompetitiveAnalysisRequest>;

const ZCount = z.number().int().min(0);
/** a whole-number percentage of the period's ads */
const ZShare = z.number().int().min(0).max(100);

export const ZKeyCount = z.object({ key: z.string(), label: z.string(), count: ZCount });
export type TKeyCount = z.infer<typeof ZKeyCount>;

export const ZTopCompetitor = z.object({
  competitorId: z.uuid(),
  name: z.string(),
  /** the brand's own row, shown beside its competitors and not counted as one (reports made before: false) */
  isOwnBrand: z.boolean().default(false),
  /** ads seen in the period */
  adsInPeriod: ZCount,
  /** of those, still running at the end of the period */
  activeAds: ZCount,
  /** null when no ad of it has a first-seen date */
  medianRunningDays: z.number().nullable(),
  longestRunningDays: z.number().int().nullable(),
  platforms: z.array(ZKeyCount),
  shareOfAds: ZShare,
});
export type TTopCompetitor = z.infer<typeof ZTopCompetitor>;

export const ZWeekCount = z.object({
  /** ISO week, '2026-W07' */
  week: z.string(),
  /** the Monday it starts, 'YYYY-MM-DD' (UTC) */
  weekStart: z.string(),
  newAds: ZCount,
});

export const ZAdTrends = z.object({
  newAdsByWeek: z.array(ZWeekCount),
  byPlatform: z.array(ZKeyCount),
  byType: z.array(ZKeyCount),
  byObjective: z.array(ZKeyCount),
  /** Meta ads of the period by the media_type filter that found them (reports made before: none) */
  byMediaType: z.array(ZKeyCount).default([]),
  /** Meta ads of the period by where they ran; an ad shown in several places counts in each */
  byPlacement: z.array(ZKeyCount).default([]),
});
export type TAdTrends = z.infer<typeof ZAdTrends>;

/** A call to action found in the ads, and how many use it. */
export const ZCtaCount = z.object({
  cta: z.string(),
  adCount: ZCount,
  share: ZShare,
  /** up to a dozen of the ads that use it */
  adIds: z.array(z.uuid()),
});
export const ZAudience = z.object({
  audience: z.string(),
  /** 'targeting': disclosed by the ad source; 'text': a cue in the ad's words */
  basis: z.enum(['targeting', 'text']),
  adCount: ZCount,
  /** what was found: the targeting value or the phrases matched */
  evidence: z.array(z.string()),
  adIds: z.array(z.uuid()),
});
export const ZMessagingPattern = z.object({
  pattern: z.string(),
  label: z.string(),
  /** the cue list that defines it, as written for people */
  cues: z.array(z.string()),
  adCount: ZCount,
  share: ZShare,
  adIds: z.array(z.uuid()),
});
export const ZPositioning = z.object({
  competitorId: z.uuid(),
  name: z.string(),
  adCount: ZCount,
  patterns: z.array(z.object({ label: z.string(), share: ZShare })),
  ctas: z.array(z.object({ cta: z.string(), adCount: ZCount })),
  summary: z.string(),
});
export const ZAdTypeInsight = z.object({ type: z.string(), count: ZCount, share: ZShare, strategy: z.string() });
export const ZLongRunningAd = z.object({ adId: z.uuid(), runningDays: z.number().int(), isActive: z.boolean() });

export const ZAdvertisingIntelligence = z.object({
  inferredCallToActions: z.array(ZCtaCount),
  /** ads in which no call to action was recognised */
  adsWithoutCta: ZCount,
  inferredTargetAudiences: z.array(ZAudience),
  messagingPatterns: z.array(ZMessagingPattern),
  competitivePositioning: z.array(ZPositioning),
  adTypeInsights: z.array(ZAdTypeInsight),
  longevity: z.array(ZLongRunningAd),
});
export type TAdvertisingIntelligence = z.infer<typeof ZAdvertisingIntelligence>;

/** One finding: a sentence made from the figures, and the ads behind it. */
export const ZFinding = z.object({ text: z.string(), adIds: z.array(z.uuid()), rule: z.string() });
export type TFinding = z.infer<typeof ZFinding>;

export const findingKinds = ['advantages', 'threats', 'opportunities', 'recommendations'] as const;
export type TFindingKind = (typeof findingKinds)[number];
export const findingKindLabels: Record<TFindingKind, string> = {
  advantages: 'Advantages',
  threats: 'Threats',
  opportunities: 'Opportunities',
  recommendations: 'Recommendations',
};

export const ZKeyFindings = z.object({
  advantages: z.array(ZFinding),
  threats: z.array(ZFinding),
  opportunities: z.array(ZFinding),
  recommendations: z.array(ZFinding),
});
export type TKeyFindings = z.infer<typeof ZKeyFindings>;

/** An ad a report cites, as it was when the report was made. */
export const ZCitedAd = z.object({
  id: z.uuid(),
  competitorId: z.uuid(),
  competitorName: z.string(),
  platform: z.enum(adPlatforms),
  /** the ad's id in its platform's library: names a TikTok ad, which has no text (reports made before: null) */
  adId: z.string().nullable().default(null),
  title: z.string().nullable(),
  excerpt: z.string().nullable(),
  runningDays: z.number().int().nullable(),
  isActive: z.boolean(),
  /** Meta ads: the media type its search told, and where it ran (reports made before: none) */
  mediaType: z.enum(metaMediaTypes).nullable().default(null),
  placements: z.array(z.string()).default([]),
});
export type TCitedAd = z.infer<typeof ZCitedAd>;

/** A TikTok ad of the period, as TikTok's library states it (reach as a rounded figure, no spend). */
export const ZReportTikTokAd = z.object({
  id: z.uuid(),
  competitorName: z.string(),
  adId: z.string().nullable(),
  firstSeenAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  isActive: z.boolean(),
  reachAsStated: z.string().nullable(),
  /** its page in TikTok's Commercial Content Library */
  link: z.string().nullable(),
});
export type TReportTikTokAd = z.infer<typeof ZReportTikTokAd>;

/** How many of the period's ads the source disclosed spend, impressions or reach for. */
export const ZDisclosures = z.object({
  spend: ZCount,
  impressions: ZCount,
  reach: ZCount,
  /** the disclosed spend ranges, as given ('GBP 100-199') */
  spendRanges: z.array(z.object({ adId: z.uuid(), range: z.string() })),
});

export const ZCompetitorReport = z.object({
  id: z.uuid(),
  brandId: z.uuid(),
  reportPeriod: ZCompetitorReportPeriod,
  startDate: z.string(),
  endDate: z.string(),
  totalAdsAnalysed: ZCount,
  competitorsAnalysed: ZCount,
  topCompetitors: z.array(ZTopCompetitor),
  adTrends: ZAdTrends,
  advertisingIntelligence: ZAdvertisingIntelligence,
  keyFindings: ZKeyFindings,
  citedAds: z.array(ZCitedAd),
  /** the period's TikTok ads (newest first, at most 25); absent or empty when there are none */
  tiktokAds: z.array(ZReportTikTokAd).optional(),
  tiktokAdsTotal: z.number().int().min(0).optional(),
  disclosures: ZDisclosures,
  /** how each figure is made, in words */
  rules: z.array(z.string()),
  writtenBy: z.enum(['local', 'ai']),
  createdAt: z.string(),
});
export type TCompetitorReport = z.infer<typeof ZCompetitorReport>;
