import { z } from 'zod';
import { resolveFacebookPageId } from '../facebook-page-id.ts';
import { normaliseWebsiteUrl, ZWebsiteUrl } from './brands.ts';
import { ZText } from './text.ts';

/** The longest ad text kept: Meta's primary text is far shorter; this bounds pasted text. */
export const MAX_AD_TEXT_LENGTH = 10_000;

/** Company sizes as SPEC names them, with their employee ranges. */
export const competitorSizes = ['startup', 'smb', 'enterprise'] as const;
export type TCompetitorSize = (typeof competitorSizes)[number];
export const competitorSizeLabels: Record<TCompetitorSize, string> = {
  startup: 'Startup (1-50)',
  smb: 'SMB (51-500)',
  enterprise: 'Enterprise (500+)',
};

export const adPlatforms = ['meta', 'google', 'tiktok', 'linkedin', 'twitter', 'youtube'] as const;
export type TAdPlatform = (typeof adPlatforms)[number];
export const adPlatformLabels: Record<TAdPlatform, string> = {
  meta: 'Meta (Facebook, Instagram)',
  google: 'Google',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
};
/**
 * Platforms whose ad library this app can read: Meta's Ad Library API, and TikTok's Commercial
 * Content API (ads shown in the EU) where the operator has its client credentials; the others are
 * entered by hand or CSV.
 */
export const connectedAdPlatforms: readonly TAdPlatform[] = ['meta', 'tiktok'];

export const adTypes = ['image', 'video', 'carousel', 'collection'] as const;
export type TAdType = (typeof adTypes)[number];

export const campaignObjectives = [
  'brand_awareness',
  'reach',
  'traffic',
  'engagement',
  'app_installs',
  'video_views',
  'lead_generation',
  'messages',
  'conversions',
  'catalogue_sales',
] as const;
export type TCampaignObjective = (typeof campaignObjectives)[number];

/** Meta's `media_type` filter values, as stored (the search that found the ad tells it) */
export const metaMediaTypes = ['image', 'video', 'meme', 'none'] as const;
export type TMetaMediaType = (typeof metaMediaTypes)[number];
export const metaMediaTypeLabels: Record<TMetaMediaType, string> = {
  image: 'Image',
  video: 'Video',
  meme: 'Meme',
  none: 'No image or video',
};

/** Where a Meta ad ran, as Meta names it: 'audience_network' → 'Audience network' */
export function placementLabel(key: string): string {
  const words = key.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const adSources = ['manual', 'csv', 'meta', 'tiktok'] as const;
export type TAdSource = (typeof adSources)[number];

/** One competitor as the API returns it. Dates are ISO strings. */
export const ZCompetitor = z.object({
  id: z.uuid(),
  brandId: z.uuid(),
  name: z.string(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  industry: z.string().nullable(),
  size: z.enum(competitorSizes).nullable(),
  facebookPageId: z.string().nullable(),
  /** the competitor's advertiser in TikTok's Commercial Content Library, when chosen */
  tiktokBusinessId: z.string().nullable(),
  tiktokBusinessName: z.string().nullable(),
  isActive: z.boolean(),
  /** the "your brand" row: the brand's own ads beside its competitors' */
  isOwnBrand: z.boolean(),
  createdAt: z.string(),
});
export type TCompetitor = z.infer<typeof ZCompetitor>;

/** One ad as the API returns it. Absent disclosures are null, shown as "not disclosed". */
export const ZAd = z.object({
  id: z.uuid(),
  competitorId: z.uuid(),
  platform: z.enum(adPlatforms),
  adId: z.string().nullable(),
  adTitle: z.string().nullable(),
  adText: z.string().nullable(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  landingPageUrl: z.string().nullable(),
  landingPageTitle: z.string().nullable(),
  landingPageCta: z.string().nullable(),
  adType: z.enum(adTypes).nullable(),
  campaignObjective: z.enum(campaignObjectives).nullable(),
  isActive: z.boolean(),
  firstSeenAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  /** whole days from first to last seen (or now while active); null when first seen is unknown */
  runningDays: z.number().int().nullable(),
  impressions: z.string().nullable(),
  spend: z.string().nullable(),
  spendCurrency: z.string().nullable(),
  reach: z.number().int().nullable(),
  /** reach as the source words it when it is not a count (TikTok: "11K"); null when not stated */
  reachAsStated: z.string().nullable(),
  pageName: z.string().nullable(),
  /** the ad's public page at its source (Meta: its Ad Library page); never carries a credential */
  adLibraryUrl: z.string().nullable(),
  publisherPlatforms: z.array(z.string()),
  languages: z.array(z.string()),
  /** Meta ads: the brand's markets whose searches found the ad */
  reachedMarkets: z.array(z.string()),
  /** Meta ads: by the API's media_type filter; null when not known */
  mediaType: z.enum(metaMediaTypes).nullable(),
  /** Meta ads: creative versions (bodies or titles); null when not known */
  creativeVersions: z.number().int().nullable(),
  /** targeting as disclosed (EU and political ads): ages, gender, locations; null when not disclosed */
  targeting: z
    .object({
      ages: z.array(z.string()).optional(),
      gender: z.string().optional(),
      locations: z.array(z.object({ name: z.string(), type: z.string().nullable(), excluded: z.boolean() })).optional(),
    })
    .nullable(),
  /** EU reach by country, age range and gender, as disclosed; null when not disclosed */
  reachBreakdown: z
    .array(
      z.object({
        country: z.string(),
        ages: z.array(
          z.object({
            ageRange: z.string(),
            male: z.number().nullable(),
            female: z.number().nullable(),
            unknown: z.number().nullable(),
          }),
        ),
      }),
    )
    .nullable(),
  /** declared beneficiary and payer (EU ads); null when not disclosed */
  beneficiaryPayers: z.array(z.object({ beneficiary: z.string().nullable(), payer: z.string().nullable() })).nullable(),
  source: z.enum(adSources),
  createdAt: z.string(),
});
export type TAd = z.infer<typeof ZAd>;

const blankToNull = (value: unknown) => (typeof value === 'string' ? value.trim() || null : (value ?? null));

const ZOptionalText = (label: string, max: number, multiline = false) =>
  z.preprocess(
    blankToNull,
    ZText(label, { multiline })
      .max(max, `${label} must be at most ${max.toLocaleString('en-GB')} characters`)
      .nullable(),
  );

/** An http(s) address, "example.com" meaning https://example.com; blank is none. */
const ZOptionalUrl = (label: string) =>
  z.preprocess(
    (value) => {
      const text = blankToNull(value);
      return typeof text === 'string' ? normaliseWebsiteUrl(text) : text;
    },
    ZText(label)
      .pipe(z.url({ protocol: /^https?$/, error: `${label} must be a web address starting with http:// or https://` }))
      .pipe(z.string().max(2000, `${label} is too long`))
      .nullable(),
  );

/** The numeric page id, or a facebook.com address or Ad Library link that carries it (see facebook-page-id.ts). */
const ZResolvedFacebookPageId = ZText('Facebook page').transform((value, ctx) => {
  const resolved = resolveFacebookPageId(value);
  if (resolved.ok) return resolved.pageId;
  ctx.addIssue({ code: 'custom', message: resolved.message });
  return z.NEVER;
});

/** A Facebook page where one may be left out (blank is none). */
export const ZFacebookPageId = z.preprocess(blankToNull, ZResolvedFacebookPageId.nullable());

/** PUT /api/competitors/{id}/facebook-page: the page chosen (an id, a page address or an Ad Library link). */
export const ZChooseFacebookPageRequest = z.object({
  facebookPageId: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      ZText('Facebook page', { required: 'Choose a Facebook page' }).min(1, 'Choose a Facebook page'),
    )
    .pipe(ZResolvedFacebookPageId),
});
export type TChooseFacebookPageRequest = z.input<typeof ZChooseFacebookPageRequest>;

/** The Add Competitor dialog's fields (SPEC §5: only the company name is required). */
export const ZCompetitorFields = z.object({
  name: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    ZText('Company name', { required: 'Company name is required' })
      .min(1, 'Company name is required')
      .max(200, 'Company name must be at most 200 characters'),
  ),
  website: ZWebsiteUrl.optional(),
  industry: ZOptionalText('Industry', 100).optional(),
  size: z
    .preprocess(blankToNull, z.enum(competitorSizes, { error: 'Size must be startup, smb or enterprise' }).nullable())
    .optional(),
  description: ZOptionalText('Description', 2000, true).optional(),
  facebookPageId: ZFacebookPageId.optional(),
});

/** POST /api/competitors */
export const ZCreateCompetitorRequest = ZCompetitorFields.extend({ brandId: z.uuid('Please select a brand') });
export type TCreateCompetitorRequest = z.input<typeof ZCreateCompetitorRequest>;

/** PUT /api/competitors/{id}: the same fields; the brand stays. */
export const ZUpdateCompetitorRequest = ZCompetitorFields;
export type TUpdateCompetitorRequest = z.input<typeof ZUpdateCompetitorRequest>;

/** ?brandId for the lists and the summary */
export const ZBrandIdQuery = z.object({ brandId: z.uuid('Please select a brand') });

const ZSeenDate = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .union([z.iso.date(), z.iso.datetime({ offset: true })], {
        error: `${label} must be a date such as 2026-03-05`,
      })
      .nullable(),
  );

/**
 * The Add Ad dialog (SPEC §5: competitor and platform required, everything else optional), for
 * POST /api/ad-library and PUT /api/ad-library/{id}. Spend and impressions are ranges as the
 * source disclosed them ("£100-£499"), never estimates.
 */
export const ZAdRequest = z
  .object({
    competitorId: z.uuid('Choose a competitor'),
    platform: z.enum(adPlatforms, { error: 'Choose a platform' }),
    adId: ZOptionalText('Ad id', 200).optional(),
    adTitle: ZOptionalText('Ad title', 500).optional(),
    adText: ZOptionalText('Ad text', MAX_AD_TEXT_LENGTH, true).optional(),
    imageUrl: ZOptionalUrl('Image URL').optional(),
    videoUrl: ZOptionalUrl('Video URL').optional(),
    landingPageUrl: ZOptionalUrl('Landing page').optional(),
    adType: z.preprocess(blankToNull, z.enum(adTypes, { error: 'Unknown ad type' }).nullable()).optional(),
    campaignObjective: z
      .preprocess(blankToNull, z.enum(campaignObjectives, { error: 'Unknown campaign objective' }).nullable())
      .optional(),
    impressions: ZOptionalText('Impressions', 50).optional(),
    spend: ZOptionalText('Spend', 50).optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
    firstSeenAt: ZSeenDate('First seen').optional(),
    lastSeenAt: ZSeenDate('Last seen').optional(),
  })
  .refine((ad) => !ad.firstSeenAt || !ad.lastSeenAt || new Date(ad.lastSeenAt) >= new Date(ad.firstSeenAt), {
    message: 'Last seen cannot be before first seen',
    path: ['lastSeenAt'],
  });
export type TAdRequest = z.input<typeof ZAdRequest>;

/** GET /api/competitor-tracking/summary: the four stat tiles, counted. */
export const ZTrackingSummary = z.object({
  competitors: z.number().int(),
  ads: z.number().int(),
  platforms: z.number().int(),
  reports: z.number().int(),
});
export type TTrackingSummary = z.infer<typeof ZTrackingSummary>;

/** A competitor in the list, with how many ads the library holds for it. */
export const ZCompetitorWithCounts = ZCompetitor.extend({ adCount: z.number().int() });
export type TCompetitorWithCounts = z.infer<typeof ZCompetitorWithCounts>;
