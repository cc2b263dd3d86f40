import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { createdAt, id } from './columns.ts';
import { searchVectorOf, tsvector } from './search.ts';
import { users } from './users.ts';

/** One EU country of Meta's `age_country_gender_reach_breakdown`: people reached per age range and gender */
export type MetaReachByCountry = {
  country: string;
  ages: { ageRange: string; male: number | null; female: number | null; unknown: number | null }[];
};

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
    /** The numeric id of the competitor's Facebook page: the Ad Library is searched by it */
    facebookPageId: varchar('facebook_page_id', { length: 40 }),
    /** The competitor's advertiser in TikTok's Commercial Content Library (business id and name as TikTok lists them) */
    tiktokBusinessId: varchar('tiktok_business_id', { length: 40 }),
    tiktokBusinessName: varchar('tiktok_business_name', { length: 300 }),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The "your brand" row: the brand itself, so its own Facebook page's ads are discovered and
     * shown beside the competitors'. One per brand; not counted as a competitor.
     */
    isOwnBrand: boolean('is_own_brand').notNull().default(false),
    /** Required and excluded terms for mentions of the competitor, as on brands */
    relevanceIncludeTerms: jsonb('relevance_include_terms').$type<string[]>().notNull().default([]),
    relevanceExcludeTerms: jsonb('relevance_exclude_terms').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.userId),
    index().on(table.brandId),
    uniqueIndex('competitors_one_own_brand_row').on(table.brandId).where(sql`${table.isOwnBrand}`),
  ],
);

export const adLibraryEntries = pgTable(
  'ad_library_entries',
  {
    id: id(),
    competitorId: uuid('competitor_id')
      .notNull()
      .references(() => competitors.id, { onDelete: 'cascade' }),
    /** The owner of the competitor (and its brand): every query is scoped by it */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    /** ISO 4217 currency of the spend range */
    spendCurrency: varchar('spend_currency', { length: 3 }),
    /** People reached in the EU, as the source reports it (Meta: eu_total_reach); null when not disclosed */
    reach: integer('reach'),
    /**
     * Reach as the source words it when it is not a count: TikTok's `unique_users_seen` ("11K",
     * "1M-10M"). Kept as given; never turned into a number.
     */
    reachAsStated: varchar('reach_as_stated', { length: 50 }),
    /** The advertiser's page at the source (Meta page id and name) */
    pageId: varchar('page_id', { length: 40 }),
    pageName: varchar('page_name', { length: 300 }),
    /**
     * The ad's public page at its source (Meta: its Ad Library page, built from the ad id). Never
     * Meta's ad_snapshot_url, which carries the API caller's access token. The column keeps its
     * first name.
     */
    adLibraryUrl: text('snapshot_url'),
    /** Where it ran (facebook, instagram, messenger, audience_network ...) and in which languages */
    publisherPlatforms: jsonb('publisher_platforms').$type<string[]>().notNull().default([]),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    /** Targeting as disclosed (EU and political ads): ages, gender, locations */
    targeting: jsonb('targeting').$type<Record<string, unknown>>(),
    /**
     * Meta ads: the brand's markets (ISO country codes) whose searches (`ad_reached_countries`)
     * found the ad, gathered across runs; one row per ad whatever the number of markets.
     */
    metaReachedMarkets: jsonb('meta_reached_markets').$type<string[]>().notNull().default([]),
    /** Meta ads: the `media_type` search filter that found the ad; null when not searched by it */
    metaMediaType: text('meta_media_type', { enum: ['image', 'video', 'meme', 'none'] }),
    /** Meta ads: how many creative versions (the most of ad_creative_bodies / link titles) */
    metaCreativeVersions: integer('meta_creative_versions'),
    /** Meta ads delivered in the EU: reach by country, age range and gender, as disclosed */
    metaReachBreakdown: jsonb('meta_reach_breakdown').$type<MetaReachByCountry[]>(),
    /** Meta ads delivered in the EU: who the ad benefits and who paid, as declared */
    metaBeneficiaryPayers:
      jsonb('meta_beneficiary_payers').$type<{ beneficiary: string | null; payer: string | null }[]>(),
    /** The landing page as fetched: its title and main call to action */
    landingPageTitle: text('landing_page_title'),
    landingPageCta: varchar('landing_page_cta', { length: 200 }),
    landingPageCheckedAt: timestamp('landing_page_checked_at', { withTimezone: true }),
    source: text('source', { enum: ['manual', 'csv', 'meta', 'tiktok'] })
      .notNull()
      .default('manual'),
    createdAt: createdAt(),
    /** When the ad was last known to run: last seen, else first seen, else when it was added */
    seenAt: timestamp('seen_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs((): SQL => sql`coalesce(last_seen_at, first_seen_at, created_at)`),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => searchVectorOf(sql`coalesce(ad_title, '') || ' ' || coalesce(ad_text, '')`),
    ),
  },
  (table) => [
    index().on(table.competitorId),
    // the library's order (when last known to run, then id) for keyset paging within a competitor
    index('ad_library_entries_feed').on(table.competitorId, table.seenAt.desc(), table.id.desc()),
    index('ad_library_entries_search').using('gin', table.searchVector),
    // the library's totals and stat tiles, counted from the index alone
    index('ad_library_entries_figures').on(table.competitorId, table.isActive, table.platform),
    index().on(table.userId),
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
    reportPeriod: text('report_period', { enum: ['daily', 'weekly', 'monthly', 'quarterly', 'custom'] })
      .notNull()
      .default('monthly'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    totalAdsAnalysed: integer('total_ads_analysed').notNull().default(0),
    topCompetitors: jsonb('top_competitors').$type<unknown[]>().notNull().default([]),
    adTrends: jsonb('ad_trends').$type<Record<string, unknown>>().notNull().default({}),
    recommendations: jsonb('recommendations').$type<Record<string, unknown>>().notNull().default({}),
    /** advantages, threats, opportunities, recommendations: each finding with the ids of the ads behind it */
    keyFindings: jsonb('key_findings').$type<Record<string, unknown[]>>().notNull().default({}),
    advertisingIntelligence: jsonb('advertising_intelligence').$type<Record<string, unknown>>().notNull().default({}),
    /** whether the findings' wording came from the rules or a language model */
    writtenBy: text('written_by', { enum: ['local', 'ai'] })
      .notNull()
      .default('local'),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.brandId, table.createdAt, table.id), index().on(table.userId)],
);

/**
 * Text snapshots of a competitor's home and pricing pages, taken weekly (robots.txt respected), so
 * the screen can show what changed between two dates.
 */
export const competitorPageSnapshots = pgTable(
  'competitor_page_snapshots',
  {
    id: id(),
    competitorId: uuid('competitor_id')
      .notNull()
      .references(() => competitors.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    pageKind: text('page_kind', { enum: ['home', 'pricing'] }).notNull(),
    status: text('status', { enum: ['ok', 'failed'] }).notNull(),
    /** the page's readable text; null when it could not be read */
    content: text('content'),
    contentHash: varchar('content_hash', { length: 64 }),
    /** why it could not be read, in words the user can act on */
    error: text('error'),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.competitorId, table.pageKind, table.capturedAt), index().on(table.userId)],
);

/**
 * "What changed": one comparison of a competitor's ads with the previous one (weekly, or when the
 * user asks). Each list holds the stored ads' ids so the screen, the e-mail and the bell can link
 * to the ads. A weekly comparison is made once per competitor per ISO week (the unique index), so
 * two workers running the weekly job cannot both record (and e-mail) it.
 */
export const competitorAdChanges = pgTable(
  'competitor_ad_changes',
  {
    id: id(),
    competitorId: uuid('competitor_id')
      .notNull()
      .references(() => competitors.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** the competitor's owner: every query is scoped by it */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trigger: text('trigger', { enum: ['weekly', 'on_demand'] }).notNull(),
    /** the ISO week of a weekly comparison ("2026-W48"); null on demand */
    week: varchar('week', { length: 10 }),
    /** the comparison covers ads that changed after this instant (the previous comparison, or 7 days before) */
    since: timestamp('since', { withTimezone: true }).notNull(),
    comparedAt: timestamp('compared_at', { withTimezone: true }).notNull().defaultNow(),
    startedAdIds: jsonb('started_ad_ids').$type<string[]>().notNull().default([]),
    stoppedAdIds: jsonb('stopped_ad_ids').$type<string[]>().notNull().default([]),
    /** messages and offers (messaging patterns) first seen in this period, each with the ads using it */
    newMessages: jsonb('new_messages')
      .$type<{ pattern: string; label: string; offer: boolean; adIds: string[] }[]>()
      .notNull()
      .default([]),
  },
  (table) => [
    index().on(table.competitorId, table.comparedAt),
    index().on(table.userId),
    uniqueIndex('competitor_ad_changes_one_per_week').on(table.competitorId, table.week),
  ],
);

/**
 * Requests made to TikTok's Commercial Content API per UTC day, across every process: the API
 * allows a daily number of requests (1,000 for research clients, reset at 00:00 UTC), so
 * discovery stops before it would be refused.
 */
export const tiktokApiUsage = pgTable('tiktok_api_usage', {
  day: varchar('day', { length: 10 }).primaryKey(),
  requests: integer('requests').notNull().default(0),
});
