import { z } from 'zod';
import { adPlatforms, metaMediaTypes, ZBrandIdQuery } from './competitors.ts';
import { ZSearchText } from './mention-feed.ts';
import { ZPageQuery } from './paging.ts';

/**
 * The ad library (GET /api/ad-library) at any volume: one page at a time (paging.ts), searched and
 * filtered by the database. The same filters choose the page, the total (X-Total-Count), the
 * summary (GET /api/ad-library/summary) and the CSV export (GET /api/ad-library/export.csv), so
 * all of them always agree.
 */
export const adSorts = ['newest', 'longest-running'] as const;
export type TAdSort = (typeof adSorts)[number];
export const adSortLabels: Record<TAdSort, string> = {
  newest: 'Most recently seen',
  'longest-running': 'Longest running',
};

/** running: the source still shows the ad (isActive); stopped: it no longer does. */
export const adStatuses = ['running', 'stopped'] as const;
export type TAdStatus = (typeof adStatuses)[number];

const DATE_MESSAGE = 'Dates are written as YYYY-MM-DD, such as 2026-12-07';
const ZDay = z.iso.date(DATE_MESSAGE);

const adFilterFields = {
  ...ZBrandIdQuery.shape,
  competitorId: z.uuid('Not found').optional(),
  platform: z.enum(adPlatforms, { error: 'Unknown platform' }).optional(),
  mediaType: z.enum(metaMediaTypes, { error: 'Media type must be image, video, meme or none' }).optional(),
  /** where a Meta ad ran, as Meta names it (facebook, instagram, messenger, audience_network ...) */
  publisherPlatform: z
    .string()
    .regex(/^[a-z_]{1,40}$/, 'Unknown publisher platform')
    .optional(),
  /** words, "a quoted phrase", -a word left out; accents and case do not matter (title and text) */
  q: ZSearchText.optional(),
  status: z.enum(adStatuses, { error: 'status must be running or stopped' }).optional(),
  /**
   * Ads that ran on any day from `from` to `to` (UTC, both included): first seen (or added) on or
   * before `to` and, unless still running, last seen (or first seen) on or after `from`.
   */
  from: ZDay.optional(),
  to: ZDay.optional(),
};

const datesInOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
const DATES_ORDER_MESSAGE = { message: 'The start date must be on or before the end date', path: ['from'] };

const ZAdSort = z
  .enum(adSorts, { error: 'sort must be newest or longest-running' })
  .default('newest')
  .describe('newest: most recently seen first; longest-running: most calendar days run first (UTC, both ends)');

/** GET /api/ad-library/summary: the filters alone. */
export const ZAdFeedFilters = z.object(adFilterFields).refine(datesInOrder, DATES_ORDER_MESSAGE);
export type TAdFeedFilters = z.infer<typeof ZAdFeedFilters>;

/**
 * GET /api/ad-library?brandId[&competitorId][&platform][&mediaType][&publisherPlatform][&q]
 * [&status][&from][&to][&sort][&limit][&cursor]
 */
export const ZAdListQuery = z
  .object({ ...adFilterFields, ...ZPageQuery.shape, sort: ZAdSort })
  .refine(datesInOrder, DATES_ORDER_MESSAGE);
export type TAdListQuery = z.infer<typeof ZAdListQuery>;

/** GET /api/ad-library/export.csv: the filters and the order of the list, every page of it. */
export const ZAdExportQuery = z.object({ ...adFilterFields, sort: ZAdSort }).refine(datesInOrder, DATES_ORDER_MESSAGE);
export type TAdExportQuery = z.infer<typeof ZAdExportQuery>;

const count = z.number().int();

/** GET /api/ad-library/summary: every figure of the filtered library, counted by the database. */
export const ZAdFeedSummary = z.object({
  /** ads matching the filters */
  total: count,
  /** of those, still running (isActive) and stopped */
  running: count,
  stopped: count,
  /** platforms with at least one matching ad, most ads first */
  byPlatform: z.array(z.object({ platform: z.enum(adPlatforms), ads: count })),
  /** every competitor the filters cover (the brand's, or the one chosen), zero included, most ads first */
  byCompetitor: z.array(
    z.object({
      competitorId: z.uuid(),
      name: z.string(),
      /** the brand's own row ("Your brand"), which is not a competitor tracked */
      isOwnBrand: z.boolean(),
      ads: count,
      running: count,
    }),
  ),
  /** where the matching Meta ads ran, as Meta names it (an ad counts once for each place), most ads first */
  byPublisherPlatform: z.array(z.object({ publisherPlatform: z.string(), ads: count })),
});
export type TAdFeedSummary = z.infer<typeof ZAdFeedSummary>;
