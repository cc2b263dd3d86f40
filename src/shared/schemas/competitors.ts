import { z } from 'zod';

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
/** Only Meta opens an ad library API to a small business; the others are entered by hand or CSV. */
export const connectedAdPlatforms: readonly TAdPlatform[] = ['meta'];

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

export const adSources = ['manual', 'csv', 'meta'] as const;
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
  isActive: z.boolean(),
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
  pageName: z.string().nullable(),
  snapshotUrl: z.string().nullable(),
  publisherPlatforms: z.array(z.string()),
  source: z.enum(adSources),
  createdAt: z.string(),
});
export type TAd = z.infer<typeof ZAd>;
