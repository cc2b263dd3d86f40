import { boolean, date, integer, pgTable, text, unique, uuid, varchar } from 'drizzle-orm/pg-core';

/**
 * How many of a brand's mentions share one UTC day and one value of every filter the feed has
 * besides its search: the feed's totals, chart, share of voice and top sources add these up
 * instead of counting a million rows. Kept by the database itself: triggers on consumer_insights
 * (migration 0024) add and take away every row stored, changed or removed, in the same
 * transaction. No foreign keys: a brand's rows go when its mentions go, and counts of a brand
 * being deleted are not written at all.
 */
export const mentionDayCounts = pgTable(
  'mention_day_counts',
  {
    brandId: uuid('brand_id').notNull(),
    /** the UTC day the mentions were collected */
    day: date('day', { mode: 'string' }).notNull(),
    isRelevant: boolean('is_relevant').notNull(),
    competitorId: uuid('competitor_id'),
    sentiment: text('sentiment', { enum: ['positive', 'negative', 'neutral'] }),
    channel: text('channel', { enum: ['news', 'blog', 'reviews', 'forum', 'social', 'video'] }),
    source: text('source', { enum: ['feedback', 'social_media', 'reviews', 'surveys'] }).notNull(),
    platform: varchar('platform', { length: 100 }),
    rated: boolean('rated').notNull(),
    mentions: integer('mentions').notNull(),
  },
  (table) => [
    unique('mention_day_counts_key')
      .on(
        table.brandId,
        table.isRelevant,
        table.day,
        table.competitorId,
        table.sentiment,
        table.channel,
        table.source,
        table.platform,
        table.rated,
      )
      .nullsNotDistinct(),
  ],
);
