import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

export const competitors = pgTable(
  'competitors',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    website: text('website'),
    description: text('description'),
    industry: varchar('industry', { length: 100 }),
    size: text('size', { enum: ['startup', 'smb', 'enterprise'] }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.userId), index().on(table.brandId)],
);

export const adLibraryEntries = pgTable(
  'ad_library_entries',
  {
    id: id(),
    competitorId: uuid('competitor_id')
      .notNull()
      .references(() => competitors.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: ['meta', 'google', 'tiktok', 'linkedin', 'twitter', 'youtube'] }).notNull(),
    adId: varchar('ad_id', { length: 200 }),
    adTitle: text('ad_title'),
    adText: text('ad_text'),
    imageUrl: text('image_url'),
    videoUrl: text('video_url'),
    landingPageUrl: text('landing_page_url'),
    adType: text('ad_type', { enum: ['image', 'video', 'carousel', 'collection'] }),
    campaignObjective: text('campaign_objective', {
      enum: [
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
      ],
    }),
    isActive: boolean('is_active').notNull().default(true),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Ranges as disclosed by the source ("1000-4999"); null when not disclosed. Never estimated. */
    impressions: varchar('impressions', { length: 50 }),
    spend: varchar('spend', { length: 50 }),
    source: text('source', { enum: ['manual', 'csv', 'meta'] })
      .notNull()
      .default('manual'),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.competitorId),
    unique('ad_library_entries_source_ad').on(table.competitorId, table.platform, table.adId),
  ],
);

export const competitorReports = pgTable(
  'competitor_reports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    reportPeriod: text('report_period', { enum: ['daily', 'weekly', 'monthly'] })
      .notNull()
      .default('monthly'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    totalAdsAnalysed: integer('total_ads_analysed').notNull().default(0),
    topCompetitors: jsonb('top_competitors').$type<unknown[]>().notNull().default([]),
    adTrends: jsonb('ad_trends').$type<Record<string, unknown>>().notNull().default({}),
    recommendations: jsonb('recommendations').$type<Record<string, unknown>>().notNull().default({}),
    keyFindings: jsonb('key_findings').$type<Record<string, string[]>>().notNull().default({}),
    advertisingIntelligence: jsonb('advertising_intelligence').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.brandId, table.createdAt), index().on(table.userId)],
);
