import { z } from 'zod';
import { adMarketCodes } from '../ad-markets.ts';
import {
  parseBlueskyHandle,
  parseMastodonHandle,
  parseYoutubeHandle,
  SOCIAL_HANDLE_MESSAGES,
} from '../social-handles.ts';
import { ZText } from './text.ts';

/** Each market is searched once per media type in every discovery: a handful at most. */
export const MAX_AD_MARKETS = 5;

/**
 * How audits read a brand's pages: auto renders in a browser the pages that build their content
 * with JavaScript, always renders every page, never renders none (those pages are not measured).
 */
export const RENDER_MODES = ['auto', 'always', 'never'] as const;
export type TRenderMode = (typeof RENDER_MODES)[number];

const trimmedOrNull = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
    ZText(label).max(max, `${label} must be at most ${max} characters`).nullable(),
  );

/** "example.com" is what people type; it means https://example.com. */
/** An optional handle of a network whose profile the audit reads: kept as typed, checked by its parser. */
const readableHandle = (label: string, max: number, valid: (value: string) => boolean, message: string) =>
  trimmedOrNull(label, max).refine((value) => value === null || valid(value), message);

export function normaliseWebsiteUrl(value: string): string {
  const trimmed = value.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

export const websiteUrlCredentialsMessage =
  'Website addresses cannot contain a user name or password: enter the address without them';

/** A user name or password in a link would be shown to everyone the report is shared with. */
function hasUserInfo(value: string): boolean {
  try {
    const url = new URL(value);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

export const ZWebsiteUrl = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() ? normaliseWebsiteUrl(value) : null) : (value ?? null)),
  // The URL check drops tabs and line breaks, so the address as typed is checked first.
  ZText('Website URL')
    .pipe(
      z
        .url({
          protocol: /^https?$/,
          hostname: /^[a-z0-9.-]+\.[a-z]{2,}$|^localhost$|^\d+\.\d+\.\d+\.\d+$|^\[[0-9a-f:.]+\]$/i,
          error: 'Please enter a valid website URL',
        })
        .max(2000, 'Please enter a valid website URL')
        .refine((value) => !hasUserInfo(value), websiteUrlCredentialsMessage),
    )
    .nullable(),
);

export const ZHexColour = z.string().regex(/^#[0-9a-f]{6}$/i, 'Colours must be hex values like #1A2B3C');

/** Logos are files uploaded through POST /api/upload. */
export const ZUploadUrl = z.string().regex(/^\/api\/uploads\/[a-f0-9-]+\.[a-z0-9]+$/, 'Upload the logo first');

/** A brand file kept with the brand: an upload's reply. */
export const ZBrandAsset = z.object({
  url: z.string().regex(/^\/api\/uploads\/[a-f0-9-]+\.[a-z0-9]+$/, 'Upload the brand asset first'),
  originalName: ZText('Brand asset file name').max(255),
  size: z.number().int().min(0),
  mimetype: ZText('Brand asset type').max(100),
});
export type TBrandAsset = z.infer<typeof ZBrandAsset>;

export const ZBrandFields = z.object({
  name: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    ZText('Brand name', { required: 'Brand name is required' })
      .min(1, 'Brand name is required')
      .max(200, 'Brand name is too long'),
  ),
  websiteUrl: ZWebsiteUrl.optional(),
  instagramHandle: trimmedOrNull('Instagram handle', 100).optional(),
  twitterHandle: trimmedOrNull('Twitter handle', 100).optional(),
  linkedinHandle: trimmedOrNull('LinkedIn handle', 200).optional(),
  tiktokHandle: trimmedOrNull('TikTok handle', 100).optional(),
  facebookHandle: trimmedOrNull('Facebook handle', 200).optional(),
  blueskyHandle: readableHandle(
    'Bluesky handle',
    253,
    (value) => parseBlueskyHandle(value) !== null,
    SOCIAL_HANDLE_MESSAGES.bluesky,
  ).optional(),
  mastodonHandle: readableHandle(
    'Mastodon handle',
    300,
    (value) => parseMastodonHandle(value) !== null,
    SOCIAL_HANDLE_MESSAGES.mastodon,
  ).optional(),
  youtubeHandle: readableHandle(
    'YouTube handle',
    100,
    (value) => parseYoutubeHandle(value) !== null,
    SOCIAL_HANDLE_MESSAGES.youtube,
  ).optional(),
  logoUrl: ZUploadUrl.nullable().optional(),
  colourPalette: z.array(ZHexColour).max(12, 'At most 12 colours').optional(),
  fonts: z
    .array(
      ZText('Font name').trim().min(1, 'Font names cannot be empty').max(100, 'Font names are at most 100 characters'),
    )
    .max(10, 'At most 10 fonts')
    .optional(),
  assets: z.array(ZBrandAsset).max(20, 'At most 20 brand assets').optional(),
  /** the country whose ads competitor tracking reads (ISO 3166-1 alpha-2) */
  adMarket: z.enum(adMarketCodes, { error: 'Choose a country from the list for the ad market' }).optional(),
  /** every country whose ads are read, the first being the main one (adMarket) */
  adMarkets: z
    .array(z.enum(adMarketCodes, { error: 'Choose countries from the list for the ad markets' }), {
      error: 'Choose countries from the list for the ad markets',
    })
    .min(1, 'Choose at least one ad market')
    .max(MAX_AD_MARKETS, `Choose at most ${MAX_AD_MARKETS} ad markets`)
    .transform((markets) => [...new Set(markets)])
    .optional(),
  /** whether audits render the site's pages in a browser first */
  renderMode: z.enum(RENDER_MODES, { error: 'Page rendering must be auto, always or never' }).optional(),
});

/** POST /api/brands. The client also sends userId; the server ignores it and uses the session. */
export const ZCreateBrandRequest = ZBrandFields.extend({ userId: ZText('userId').optional() });
export type TCreateBrandRequest = z.input<typeof ZCreateBrandRequest>;

/** PATCH /api/brands/{id} */
export const ZUpdateBrandRequest = ZBrandFields.partial();
export type TUpdateBrandRequest = z.input<typeof ZUpdateBrandRequest>;

/** A brand as stored (also inside an audit's detail). */
export const ZBrandRecord = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  websiteUrl: z.string().nullable(),
  instagramHandle: z.string().nullable(),
  twitterHandle: z.string().nullable(),
  linkedinHandle: z.string().nullable(),
  tiktokHandle: z.string().nullable(),
  facebookHandle: z.string().nullable(),
  blueskyHandle: z.string().nullable(),
  mastodonHandle: z.string().nullable(),
  youtubeHandle: z.string().nullable(),
  logoUrl: z.string().nullable(),
  colourPalette: z.array(z.string()),
  fonts: z.array(z.string()),
  assets: z.array(ZBrandAsset),
  adMarket: z.string(),
  /** absent in brands kept inside audits from before markets were a list */
  adMarkets: z.array(z.string()).default([]),
  renderMode: z.enum(RENDER_MODES),
  createdAt: z.string(),
});
export type TBrandRecord = z.infer<typeof ZBrandRecord>;

/**
 * A brand from the brand routes, with whether its owner's plan lets it change now. A read-only brand
 * (beyond the plan's brands after a downgrade, or after a Starter plan's days) can still be read,
 * downloaded and deleted; readOnlyReason says why and what to do, in words for the screen.
 */
export const ZBrand = ZBrandRecord.extend({
  readOnly: z.boolean(),
  readOnlyReason: z.string().nullable(),
});
export type TBrand = z.infer<typeof ZBrand>;

export const ZIdParams = z.object({ id: z.uuid('Not found') });

/** POST /api/upload reply */
export const ZUploadedFile = z.object({
  url: z.string(),
  originalName: z.string(),
  size: z.number(),
  mimetype: z.string(),
});
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_UPLOAD_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'application/pdf',
];
export const uploadTooLargeMessage = (fileName: string) => `${fileName} exceeds 10MB limit`;
