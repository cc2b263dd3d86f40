import { z } from 'zod';
import { insightSourceValues, mentionChannels, sentimentLabels } from './insights.ts';
import { ZPageQuery } from './paging.ts';
import { ZText } from './text.ts';

/**
 * The mention feed (GET /api/consumer-insights) at any volume: one page at a time (paging.ts),
 * searched and filtered by the database. The same filters choose the page, the total
 * (X-Total-Count), the summary (GET /api/consumer-insights/summary) and the CSV export
 * (GET /api/consumer-insights/export.csv), so all four always agree.
 */
export const mentionSorts = ['newest', 'oldest', 'most-engaged'] as const;
export type TMentionSort = (typeof mentionSorts)[number];
export const mentionSortLabels: Record<TMentionSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'most-engaged': 'Most engaged',
};

/** Whose mentions: all, the brand's own (no competitor), or its competitors'. */
export const mentionSubjects = ['all', 'brand', 'competitors'] as const;
export type TMentionSubject = (typeof mentionSubjects)[number];

export const MAX_SEARCH_LENGTH = 200;
const DATE_MESSAGE = 'Dates are written as YYYY-MM-DD, such as 2026-12-07';
const ZDay = z.iso.date(DATE_MESSAGE);

/** A search as typed: words, "a quoted phrase", -left out; accents and case do not matter. */
export const ZSearchText = ZText('Search')
  .trim()
  .max(MAX_SEARCH_LENGTH, `A search is at most ${MAX_SEARCH_LENGTH} characters`);

const mentionFilterFields = {
  brandId: z.uuid('Not found'),
  relevance: z.enum(['relevant', 'filtered'], { error: 'relevance must be relevant or filtered' }).default('relevant'),
  q: ZSearchText.optional(),
  sentiment: z.enum(sentimentLabels, { error: 'sentiment must be positive, negative or neutral' }).optional(),
  channel: z.enum(mentionChannels, { error: `channel must be one of ${mentionChannels.join(', ')}` }).optional(),
  source: z.enum(insightSourceValues, { error: `source must be one of ${insightSourceValues.join(', ')}` }).optional(),
  about: z.enum(mentionSubjects, { error: 'about must be all, brand or competitors' }).default('all'),
  /** one competitor's mentions */
  competitorId: z.uuid('Not found').optional(),
  /** first and last day included, UTC */
  from: ZDay.optional(),
  to: ZDay.optional(),
  /** only mentions that carry their author's star rating (true), or only those without (false) */
  rated: z.enum(['true', 'false'], { error: 'rated must be true or false' }).optional(),
};

const datesInOrder = (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to;
const DATES_ORDER_MESSAGE = { message: 'The start date must be on or before the end date', path: ['from'] };

export const ZMentionFilters = z.object(mentionFilterFields).refine(datesInOrder, DATES_ORDER_MESSAGE);
export type TMentionFilters = z.infer<typeof ZMentionFilters>;
export type TMentionFiltersInput = z.input<typeof ZMentionFilters>;

const ZMentionSort = z.enum(mentionSorts, { error: 'sort must be newest, oldest or most-engaged' }).default('newest');

export const ZMentionListQuery = z
  .object({ ...mentionFilterFields, ...ZPageQuery.shape, sort: ZMentionSort })
  .refine(datesInOrder, DATES_ORDER_MESSAGE);
export type TMentionListQuery = z.infer<typeof ZMentionListQuery>;

/** GET /api/consumer-insights/export.csv: the list's filters and order, every row (no paging). */
export const ZMentionExportQuery = z
  .object({ ...mentionFilterFields, sort: ZMentionSort })
  .refine(datesInOrder, DATES_ORDER_MESSAGE);
export type TMentionExportQuery = z.infer<typeof ZMentionExportQuery>;

/** PATCH /api/consumer-insights/:id/sentiment: a person's word on the sentiment, which wins from then on. */
export const ZSentimentCorrectionRequest = z.object({
  sentiment: z.enum(sentimentLabels, { error: 'Sentiment must be positive, negative or neutral' }),
});
export type TSentimentCorrectionRequest = z.infer<typeof ZSentimentCorrectionRequest>;

/** The summary's period when the filters name no dates: the last 30 UTC days, today included. */
export const DEFAULT_SUMMARY_DAYS = 30;
/** The longest period the summary charts day by day (a day per point). */
export const MAX_SUMMARY_DAYS = 366;
export const summaryPeriodTooLongMessage = `The chart covers at most ${MAX_SUMMARY_DAYS} days: choose a shorter period`;
/** How many source labels the summary names, most mentions first. */
export const TOP_SOURCES = 8;

/** Mentions of one UTC day by sentiment; `spike` when the day meets the spike rule. */
export const ZMentionVolumeDay = z.object({
  day: z.string(),
  positive: z.number().int(),
  negative: z.number().int(),
  neutral: z.number().int(),
  total: z.number().int(),
  spike: z.boolean(),
});
export type TMentionVolumeDay = z.infer<typeof ZMentionVolumeDay>;

/** One subject's voice: the brand (competitorId null) or a competitor, over the same period. */
export const ZShareOfVoiceEntry = z.object({
  competitorId: z.uuid().nullable(),
  name: z.string(),
  mentions: z.number().int(),
  /** 0-100, of all the mentions of the brand and its competitors in the period */
  share: z.number(),
  positive: z.number().int(),
  negative: z.number().int(),
  neutral: z.number().int(),
});
export type TShareOfVoiceEntry = z.infer<typeof ZShareOfVoiceEntry>;

export const ZMentionSourceCount = z.object({ label: z.string(), mentions: z.number().int() });

/** GET /api/consumer-insights/summary: every figure the feed shows, counted by the database. */
export const ZMentionSummary = z.object({
  /** mentions matching the filters */
  total: z.number().int(),
  bySentiment: z.object({ positive: z.number().int(), negative: z.number().int(), neutral: z.number().int() }),
  /** the period of the chart and the share of voice: the filters' dates, else the last 30 days */
  period: z.object({ from: z.string(), to: z.string() }),
  volume: z.array(ZMentionVolumeDay),
  spikeRule: z.string(),
  /** the brand and each competitor over the period, with the filters other than whose mentions */
  shareOfVoice: z.array(ZShareOfVoiceEntry),
  topSources: z.array(ZMentionSourceCount),
});
export type TMentionSummary = z.infer<typeof ZMentionSummary>;
