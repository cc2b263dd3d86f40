import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { createdAt, id } from './columns.ts';
import { competitors } from './competitors.ts';
import { users } from './users.ts';

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
    sourceUrl: text('source_url'),
    /** Identity of the item at its source, so re-discovery does not store it twice */
    externalId: varchar('external_id', { length: 500 }),
    collectedAt: timestamp('collected_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.brandId, table.createdAt), index().on(table.userId), index().on(table.competitorId)],
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
  (table) => [index().on(table.brandId, table.createdAt), index().on(table.userId)],
);
