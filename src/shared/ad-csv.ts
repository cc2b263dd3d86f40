/**
 * A CSV file of ads for the ad library: which column holds what (shared by the import dialog,
 * which guesses it from the header row, and the server, which maps the rows), and the result.
 */
import { z } from 'zod';
import { guessColumns } from './csv-header.ts';
import { adPlatforms } from './schemas/competitors.ts';
import { ZBadRow } from './schemas/insight-sources.ts';
import { ZText } from './schemas/text.ts';

export const adCsvColumnRoles = [
  'adText',
  'competitor',
  'platform',
  'adTitle',
  'landingPageUrl',
  'adType',
  'campaignObjective',
  'firstSeenAt',
  'lastSeenAt',
  'adId',
  'imageUrl',
] as const;
export type TAdCsvColumnRole = (typeof adCsvColumnRoles)[number];

export const adCsvColumnLabels: Record<TAdCsvColumnRole, string> = {
  adText: 'Ad text',
  competitor: 'Competitor name',
  platform: 'Platform',
  adTitle: 'Title',
  landingPageUrl: 'Landing page',
  adType: 'Ad type',
  campaignObjective: 'Objective',
  firstSeenAt: 'First seen',
  lastSeenAt: 'Last seen',
  adId: 'Ad id',
  imageUrl: 'Image URL',
};

/** Header words of common ad exports and hand-kept sheets, best first. */
const AD_ROLE_WORDS: Record<TAdCsvColumnRole, readonly string[]> = {
  adText: ['ad text', 'text', 'body', 'primary text', 'ad copy', 'copy', 'creative', 'description', 'message'],
  competitor: ['competitor', 'competitor name', 'advertiser', 'brand', 'page name', 'company', 'page'],
  platform: ['platform', 'network', 'channel', 'publisher platform', 'source'],
  adTitle: ['title', 'ad title', 'headline', 'link title'],
  landingPageUrl: ['landing page', 'landing page url', 'destination url', 'final url', 'link', 'url'],
  adType: ['ad type', 'type', 'format', 'ad format', 'creative type'],
  campaignObjective: ['objective', 'campaign objective', 'goal', 'campaign goal'],
  firstSeenAt: ['first seen', 'first seen at', 'start date', 'started', 'delivery start', 'start'],
  lastSeenAt: ['last seen', 'last seen at', 'end date', 'ended', 'delivery stop', 'end'],
  adId: ['ad id', 'id', 'ad archive id', 'creative id', 'library id'],
  imageUrl: ['image url', 'image', 'thumbnail', 'image link'],
};

/** Dates before titles, ids last: the order in which a header word is most telling. */
const GUESS_ORDER: readonly TAdCsvColumnRole[] = [
  'competitor',
  'platform',
  'firstSeenAt',
  'lastSeenAt',
  'adTitle',
  'landingPageUrl',
  'imageUrl',
  'campaignObjective',
  'adType',
  'adId',
  'adText',
];

export function guessAdCsvMapping(headers: readonly string[]): Partial<Record<TAdCsvColumnRole, string>> {
  return guessColumns(headers, AD_ROLE_WORDS, GUESS_ORDER);
}

const ZColumnName = z.preprocess(
  (value) => (typeof value === 'string' ? value || null : (value ?? null)),
  ZText('Column name').max(500, 'Column names are at most 500 characters').nullable(),
);

const adTextRequired = 'Choose the column that holds the ad text';

/** Which header names hold each field; the ad text is required. */
export const ZAdCsvMapping = z.object({
  adText: ZText('Ad text column', { required: adTextRequired }).min(1, adTextRequired),
  competitor: ZColumnName.optional(),
  platform: ZColumnName.optional(),
  adTitle: ZColumnName.optional(),
  landingPageUrl: ZColumnName.optional(),
  adType: ZColumnName.optional(),
  campaignObjective: ZColumnName.optional(),
  firstSeenAt: ZColumnName.optional(),
  lastSeenAt: ZColumnName.optional(),
  adId: ZColumnName.optional(),
  imageUrl: ZColumnName.optional(),
});
export type TAdCsvMapping = z.output<typeof ZAdCsvMapping>;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * The form fields sent before the file (multipart). A file of one competitor's ads, or of one
 * platform's, names it here instead of in a column.
 */
export const ZAdCsvImportFields = z
  .object({
    brandId: z.uuid('Please select a brand'),
    mapping: z.preprocess((value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return null;
      }
    }, ZAdCsvMapping),
    competitorId: z.preprocess(emptyToUndefined, z.uuid('Not found').optional()),
    platform: z.preprocess(emptyToUndefined, z.enum(adPlatforms, { error: 'Unknown platform' }).optional()),
  })
  .refine((fields) => fields.mapping.competitor || fields.competitorId, {
    message: 'Choose the column that names the competitor, or the competitor every row is about',
    path: ['competitorId'],
  })
  .refine((fields) => fields.mapping.platform || fields.platform, {
    message: 'Choose the column that names the platform, or the platform every row ran on',
    path: ['platform'],
  });
export type TAdCsvImportFields = z.output<typeof ZAdCsvImportFields>;

export const ZAdImportResult = z.object({
  fileName: z.string(),
  /** data rows in the file (the header and blank lines not counted) */
  rows: z.number().int(),
  added: z.number().int(),
  /** already in the library (same competitor, platform and ad id): brought up to date */
  updated: z.number().int(),
  /** rows repeating an earlier row of the same file */
  repeated: z.number().int(),
  badRowCount: z.number().int(),
  /** the first MAX_REPORTED_AD_BAD_ROWS bad rows, by line number */
  badRows: z.array(ZBadRow),
});
export type TAdImportResult = z.infer<typeof ZAdImportResult>;
export const MAX_REPORTED_AD_BAD_ROWS = 500;
/** 20 MB of ads is about 60,000 rows of typical length. */
export const MAX_AD_CSV_ROWS = 100_000;
