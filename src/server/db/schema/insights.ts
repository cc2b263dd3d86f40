import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { createdAt, id } from './columns.ts';
import { competitors } from './competitors.ts';
import { searchVectorOf, tsvector } from './search.ts';
import { users } from './users.ts';

export type StoredRelevance = {
  basis: 'scored' | 'first_party' | 'added' | 'imported';
  matches: { signal: string; term: string; where: string }[];
};

/**
 * Where discovery reads a brand's consumer insights from: an RSS or Atom feed, or the reviews
 * marked up (schema.org Review, AggregateRating) on a website. CSV imports and manual feedback
 * need no source record.
 */
export const insightSources = pgTable(
  'insight_sources',
  {
    id: id(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when the source speaks about a competitor; its insights carry that competitor */
    competitorId: uuid('competitor_id').references(() => competitors.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['feed', 'site_reviews'] }).notNull(),
    /** What a feed is (news, blog, reviews, forum): the label its mentions carry. Null for site reviews */
    category: text('category', { enum: ['news', 'blog', 'reviews', 'forum'] }),
    url: text('url').notNull(),
    /** The feed's own title, or the site's host name */
    title: varchar('title', { length: 300 }),
    status: text('status', { enum: ['active', 'failed'] })
      .notNull()
      .default('active'),
    /** Why the last read failed, in words the user can act on */
    lastError: text('last_error'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** Insights this source has added over all discoveries */
    itemsAdded: integer('items_added').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.userId),
    index().on(table.competitorId),
    unique().on(table.brandId, table.kind, table.url),
  ],
);

export const consumerInsights = pgTable(
  'consumer_insights',
  {
    id: id(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when the insight is about a competitor rather than the brand itself */
    competitorId: uuid('competitor_id').references(() => competitors.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['feedback', 'social_media', 'reviews', 'surveys'] })
      .notNull()
      .default('feedback'),
    platform: varchar('platform', { length: 100 }),
    content: text('content').notNull(),
    sentiment: text('sentiment', { enum: ['positive', 'negative', 'neutral'] }),
    /** out of 5 */
    sentimentScore: integer('sentiment_score'),
    /** 0 to 1 */
    confidence: real('confidence'),
    topics: jsonb('topics').$type<string[]>().notNull().default([]),
    emotions: jsonb('emotions').$type<string[]>().notNull().default([]),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    authorName: varchar('author_name', { length: 200 }),
    authorHandle: varchar('author_handle', { length: 200 }),
    engagementMetrics: jsonb('engagement_metrics').$type<Record<string, number>>(),
    relevanceScore: real('relevance_score').notNull().default(1),
    isRelevant: boolean('is_relevant').notNull().default(true),
    flaggedBy: uuid('flagged_by').references(() => users.id, { onDelete: 'set null' }),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    /**
     * Why the insight is or is not taken as about its brand: 'scored' items carry the matches that
     * gave relevanceScore; 'first_party' (the subject's own review pages), 'added' (typed in) and
     * 'imported' (a CSV file) are relevant by definition. Null on rows stored before scoring.
     */
    relevance: jsonb('relevance').$type<StoredRelevance>(),
    /** What kind of source a discovered mention came from (news, blog, reviews, forum, social, video) */
    channel: text('channel', { enum: ['news', 'blog', 'reviews', 'forum', 'social', 'video'] }),
    sourceUrl: text('source_url'),
    /** Identity of the item at its source, so re-discovery does not store it twice */
    externalId: varchar('external_id', { length: 500 }),
    /** The source record it was discovered from; null for manual feedback and imports */
    sourceId: uuid('source_id').references(() => insightSources.id, { onDelete: 'set null' }),
    /**
     * What makes an item the same item on a second discovery or import: its source's id for it,
     * else a hash of its content. Null for manual feedback, which a person may repeat on purpose.
     */
    dedupeKey: varchar('dedupe_key', { length: 128 }),
    /** The star rating the author gave, on a 1-5 scale, when the source carried one */
    rating: real('rating'),
    /** Whether the sentiment came from the local engine or was refined by a language model */
    analysedBy: text('analysed_by', { enum: ['local', 'ai'] })
      .notNull()
      .default('local'),
    collectedAt: timestamp('collected_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    /** Likes, replies, reposts, votes, points and comments as the source stated them, summed (views left out) */
    engagement: integer('engagement').notNull().default(0),
    /** A person's word on the sentiment: set when they corrected it; the engine's label is kept beside */
    sentimentCorrectedBy: uuid('sentiment_corrected_by').references(() => users.id, { onDelete: 'set null' }),
    sentimentCorrectedAt: timestamp('sentiment_corrected_at', { withTimezone: true }),
    engineSentiment: text('engine_sentiment', { enum: ['positive', 'negative', 'neutral'] }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL =>
        searchVectorOf(
          sql`coalesce(content, '') || ' ' || coalesce(author_name, '') || ' ' || coalesce(author_handle, '')`,
        ),
    ),
  },
  (table) => [
    index().on(table.brandId, table.createdAt),
    // the feed's orders and filters, each ending in (date, id) for keyset paging
    index('consumer_insights_feed').on(table.brandId, table.isRelevant, table.collectedAt.desc(), table.id.desc()),
    ...(
      [
        ['sentiment', table.sentiment],
        ['subject', table.competitorId],
        ['channel', table.channel],
      ] as const
    ).map(([name, column]) =>
      index(`consumer_insights_feed_${name}`).on(
        table.brandId,
        table.isRelevant,
        column,
        table.collectedAt.desc(),
        table.id.desc(),
      ),
    ),
    index('consumer_insights_feed_engagement').on(
      table.brandId,
      table.isRelevant,
      table.engagement.desc(),
      table.id.desc(),
    ),
    index('consumer_insights_search').using('gin', table.searchVector),
    index().on(table.userId),
    index().on(table.competitorId),
    index().on(table.sourceId),
    uniqueIndex('consumer_insights_brand_dedupe_key')
      .on(table.brandId, table.dedupeKey)
      .where(sql`${table.dedupeKey} is not null`),
  ],
);

export const sentimentReports = pgTable(
  'sentiment_reports',
  {
    id: id(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportPeriod: text('report_period', { enum: ['daily', 'weekly', 'monthly'] })
      .notNull()
      .default('monthly'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    /** out of 5 */
    overallSentiment: real('overall_sentiment').notNull(),
    positivePercentage: real('positive_percentage').notNull(),
    neutralPercentage: real('neutral_percentage').notNull(),
    negativePercentage: real('negative_percentage').notNull(),
    totalMentions: integer('total_mentions').notNull(),
    trendDirection: text('trend_direction', { enum: ['improving', 'declining', 'neutral'] })
      .notNull()
      .default('neutral'),
    topTopics: jsonb('top_topics').$type<unknown[]>().notNull().default([]),
    topKeywords: jsonb('top_keywords').$type<unknown[]>().notNull().default([]),
    insights: jsonb('insights').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.brandId, table.createdAt, table.id), index().on(table.userId)],
);
