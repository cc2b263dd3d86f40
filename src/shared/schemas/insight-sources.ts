import { z } from 'zod';
import { insightChannels, ZInsight, ZInsightSource } from './insights.ts';
import { ZMentionSourceOutcome } from './mention-sources.ts';
import { ZText } from './text.ts';

/**
 * Where discovery reads a brand's consumer insights from (issue 9, item 3): RSS and Atom feeds,
 * and the reviews marked up on a website. CSV imports and manual feedback need no source record.
 */
export const insightSourceKinds = ['feed', 'site_reviews'] as const;
export type TInsightSourceKind = (typeof insightSourceKinds)[number];
export const insightSourceKindLabels: Record<TInsightSourceKind, string> = {
  feed: 'RSS or Atom feed',
  site_reviews: 'Website reviews',
};

export const sourceUrlMessage = 'Enter the full address of the feed, starting with http:// or https://';

/** An http(s) address as typed; whether it may be fetched (public address, standard port) is the server's check. */
const ZSourceUrl = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() || undefined : (value ?? undefined)),
  ZText('Source address')
    .pipe(z.url({ protocol: /^https?$/, error: sourceUrlMessage }).max(2000, 'The address is too long'))
    .optional(),
);

/** POST /api/brands/{id}/insight-sources. A site_reviews source defaults to the brand's website. */
export const ZCreateInsightSourceRequest = z
  .object({
    kind: z.enum(insightSourceKinds, { error: 'Choose a feed or the reviews on a website' }),
    url: ZSourceUrl,
    /** set when the feed or site speaks about one of the brand's competitors */
    competitorId: z.uuid('Please choose a competitor').nullish(),
    /** what the feed is: its mentions are labelled so; absent, it is inferred from the feed */
    category: z.enum(insightChannels, { error: 'Choose news, blog, reviews or forum' }).nullish(),
  })
  .refine((value) => value.kind !== 'feed' || value.url !== undefined, { message: sourceUrlMessage, path: ['url'] });
export type TCreateInsightSourceRequest = z.input<typeof ZCreateInsightSourceRequest>;

export const ZInsightSourceParams = z.object({ id: z.uuid('Not found'), sourceId: z.uuid('Not found') });

/**
 * A summary of ratings found on a page (schema.org AggregateRating). It is a count, not a person's
 * words, so it is shown with the source and never stored as an insight.
 */
export const ZAggregateRating = z.object({
  /** normalised to the 1-5 scale */
  ratingValue: z.number(),
  reviewCount: z.number().int().nullable(),
  ratingCount: z.number().int().nullable(),
  /** what was rated, when the markup names it */
  itemName: z.string().nullable(),
  pageUrl: z.string(),
});
export type TAggregateRating = z.infer<typeof ZAggregateRating>;

export const ZInsightSourceDto = z.object({
  id: z.uuid(),
  brandId: z.uuid(),
  /** the competitor the source speaks about; null for the brand's own sources */
  competitorId: z.uuid().nullable(),
  kind: z.enum(insightSourceKinds),
  /** what the feed is (news, blog, reviews, forum); reviews for a website's review pages */
  category: z.enum(insightChannels),
  url: z.string(),
  title: z.string().nullable(),
  status: z.enum(['active', 'failed']),
  lastError: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  itemsAdded: z.number().int(),
  createdAt: z.string(),
  /** rating summaries found on the last discovery that read this source */
  aggregateRatings: z.array(ZAggregateRating),
});
export type TInsightSourceDto = z.infer<typeof ZInsightSourceDto>;

/** POST /api/consumer-insights/discover */
export const ZDiscoverInsightsRequest = z.object({ brandId: z.uuid('Please select a brand') });

export const ZTaskParams = z.object({ taskId: z.uuid('Not found') });

export const taskStatuses = ['queued', 'running', 'completed', 'failed'] as const;

/** How one source fared in a discovery. */
export const ZSourceOutcome = z.object({
  sourceId: z.uuid(),
  kind: z.enum(insightSourceKinds),
  url: z.string(),
  title: z.string().nullable(),
  status: z.enum(['read', 'failed']),
  /** items with words in them that the source gave */
  found: z.number().int(),
  added: z.number().int(),
  /** already stored by an earlier discovery or import */
  duplicates: z.number().int(),
  /** new, but past the plan's allowance */
  notKeptForPlan: z.number().int(),
  /** why it could not be read, in words the user can act on */
  error: z.string().nullable(),
  aggregateRatings: z.array(ZAggregateRating),
});
export type TSourceOutcome = z.infer<typeof ZSourceOutcome>;

export const ZDiscoveryResult = z.object({
  brandId: z.uuid(),
  added: z.number().int(),
  duplicates: z.number().int(),
  notKeptForPlan: z.number().int(),
  /** of those added, how many were filtered as not about the brand (or competitor) */
  notAboutSubject: z.number().int().optional(),
  sources: z.array(ZSourceOutcome),
  /** how each source of mentions found by name fared (news search, Hacker News, Mastodon, ...) */
  mentionSources: z.array(ZMentionSourceOutcome).optional(),
  /** the insights added, newest first (at most DISCOVERY_RESULT_INSIGHTS of them) */
  insights: z.array(ZInsight),
});
export type TDiscoveryResult = z.infer<typeof ZDiscoveryResult>;
export const DISCOVERY_RESULT_INSIGHTS = 100;

/** A row of a CSV import that was not kept, and why. */
export const ZBadRow = z.object({ line: z.number().int(), reason: z.string() });
export type TBadRow = z.infer<typeof ZBadRow>;

export const ZImportResult = z.object({
  brandId: z.uuid(),
  fileName: z.string(),
  /** data rows in the file (the header and blank lines not counted) */
  rows: z.number().int(),
  added: z.number().int(),
  duplicates: z.number().int(),
  notKeptForPlan: z.number().int(),
  badRowCount: z.number().int(),
  /** the first MAX_REPORTED_BAD_ROWS bad rows, by line number */
  badRows: z.array(ZBadRow),
});
export type TImportResult = z.infer<typeof ZImportResult>;
export const MAX_REPORTED_BAD_ROWS = 500;

/** Long work's progress as the API returns it (DESIGN §5): polled while queued or running. */
const taskFields = {
  id: z.uuid(),
  status: z.enum(taskStatuses),
  stage: z.string().nullable(),
  percent: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
export const ZDiscoveryTask = z.object({
  ...taskFields,
  kind: z.literal('discovery:insights'),
  brandId: z.uuid().nullable(),
  result: ZDiscoveryResult.nullable(),
});
export type TDiscoveryTask = z.infer<typeof ZDiscoveryTask>;

export const ZImportTask = z.object({
  ...taskFields,
  kind: z.literal('import:insights-csv'),
  brandId: z.uuid().nullable(),
  result: ZImportResult.nullable(),
});
export type TImportTask = z.infer<typeof ZImportTask>;

/** GET /api/consumer-insights/discoveries/active: the user's discovery still queued or running, if any. */
export const ZActiveDiscovery = z.object({
  task: z
    .object({
      id: z.uuid(),
      kind: z.string(),
      brandId: z.uuid().nullable(),
      percent: z.number(),
      stage: z.string().nullable(),
    })
    .nullable(),
});
export type TActiveDiscovery = z.infer<typeof ZActiveDiscovery>;

export const isTaskRunning = (task: { status: string } | null | undefined) =>
  task?.status === 'queued' || task?.status === 'running';

/** CSV import limits (issue 9): the file's size and its data rows. */
export const MAX_CSV_BYTES = 20 * 1024 * 1024;
export const MAX_CSV_ROWS = 50_000;

export const csvColumnRoles = ['content', 'author', 'date', 'rating', 'platform'] as const;
export type TCsvColumnRole = (typeof csvColumnRoles)[number];

const ZColumnName = z.preprocess(
  (value) => (typeof value === 'string' ? value || null : (value ?? null)),
  ZText('Column name').max(500, 'Column names are at most 500 characters').nullable(),
);

/** Which header names hold each field; content is required. */
export const ZCsvMapping = z.object({
  content: ZText('Content column', { required: 'Choose the column that holds the feedback text' }).min(
    1,
    'Choose the column that holds the feedback text',
  ),
  author: ZColumnName.optional(),
  date: ZColumnName.optional(),
  rating: ZColumnName.optional(),
  platform: ZColumnName.optional(),
});
export type TCsvMapping = z.output<typeof ZCsvMapping>;

/** The form fields sent with the CSV file (multipart, before the file part). */
export const ZCsvImportFields = z.object({
  brandId: z.uuid('Please select a brand'),
  mapping: z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return null;
    }
  }, ZCsvMapping),
  source: ZInsightSource.default('reviews'),
});
export type TCsvImportFields = z.output<typeof ZCsvImportFields>;

/** Discovery's answer when a brand has nothing to read: which sources to add, never invented mentions. */
export function noInsightSourcesMessage(brandName: string): string {
  return `${brandName} has no insight sources yet. Add an RSS or Atom feed (a Google Alerts feed for "${brandName}" works well), the reviews on ${brandName}'s website, or import a CSV file of reviews or survey answers, then run discovery.`;
}

export const discoveryRunningMessage = 'A discovery is already running. Wait for it to finish before starting another.';

/** POST /api/consumer-insights/discover-competitor */
export const ZDiscoverCompetitorInsightsRequest = z.object({ competitorId: z.uuid('Please choose a competitor') });

/** A competitor discovery's result: SPEC's {competitorName, insights}, with the per-source counts. */
export const ZCompetitorDiscoveryResult = ZDiscoveryResult.extend({
  competitorId: z.uuid(),
  competitorName: z.string(),
});
export type TCompetitorDiscoveryResult = z.infer<typeof ZCompetitorDiscoveryResult>;

export const ZCompetitorDiscoveryTask = z.object({
  ...taskFields,
  kind: z.literal('discovery:competitor-insights'),
  competitorId: z.uuid().nullable(),
  competitorName: z.string(),
  result: ZCompetitorDiscoveryResult.nullable(),
});
export type TCompetitorDiscoveryTask = z.infer<typeof ZCompetitorDiscoveryTask>;

/** Competitor discovery's answer when there is nothing to read: what to add. */
export function noCompetitorSourcesMessage(competitorName: string): string {
  return `${competitorName} has no website address and no feeds. Add ${competitorName}'s website to the competitor (its review markup is read), or add an RSS or Atom feed about ${competitorName} (a Google Alerts feed works well) as a source for this competitor, then run discovery.`;
}
