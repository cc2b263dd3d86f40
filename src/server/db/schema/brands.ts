import { bigint, index, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const brands = pgTable(
  'brands',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    websiteUrl: text('website_url'),
    instagramHandle: varchar('instagram_handle', { length: 100 }),
    twitterHandle: varchar('twitter_handle', { length: 100 }),
    linkedinHandle: varchar('linkedin_handle', { length: 200 }),
    tiktokHandle: varchar('tiktok_handle', { length: 100 }),
    facebookHandle: varchar('facebook_handle', { length: 200 }),
    /** A Bluesky handle (a domain name such as brand.bsky.social), without the @ */
    blueskyHandle: varchar('bluesky_handle', { length: 253 }),
    /** A Mastodon account as user@instance, without the leading @ */
    mastodonHandle: varchar('mastodon_handle', { length: 300 }),
    /** A YouTube channel handle, without the @ */
    youtubeHandle: varchar('youtube_handle', { length: 100 }),
    /**
     * The Google place whose reviews Listing reads (Places API (New) place id), chosen by the user
     * from a text search and checked against Place Details; its name as Google gave it then.
     */
    googlePlaceId: varchar('google_place_id', { length: 300 }),
    googlePlaceName: varchar('google_place_name', { length: 300 }),
    logoUrl: text('logo_url'),
    colourPalette: jsonb('colour_palette').$type<string[]>().notNull().default([]),
    fonts: jsonb('fonts').$type<string[]>().notNull().default([]),
    /** brand files uploaded with the brand (guidelines, imagery), beside the logo */
    assets: jsonb('assets')
      .$type<{ url: string; originalName: string; size: number; mimetype: string }[]>()
      .notNull()
      .default([]),
    /**
     * The country whose ads competitor tracking reads (ISO 3166-1 alpha-2): Meta's Ad Library is
     * searched by the countries an ad reached.
     */
    adMarket: varchar('ad_market', { length: 2 }).notNull().default('GB'),
    /**
     * Every country whose ads competitor tracking reads, the first being `adMarket` (kept for what
     * reads one market). Migration `ad-markets` carried each brand's ad market over.
     */
    adMarkets: jsonb('ad_markets').$type<string[]>().notNull().default(['GB']),
    /**
     * Whether audits render the brand's pages in a browser (analysis/render): auto renders pages
     * that build their content with JavaScript, always renders every page, never renders none.
     */
    renderMode: varchar('render_mode', { length: 10 }).$type<'auto' | 'always' | 'never'>().notNull().default('auto'),
    /** Required terms for mentions (analysis/relevance): a mention by name alone needs one of them */
    relevanceIncludeTerms: jsonb('relevance_include_terms').$type<string[]>().notNull().default([]),
    /** A mention containing one of these is not about the brand */
    relevanceExcludeTerms: jsonb('relevance_exclude_terms').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.userId)],
);

/** Files people upload (logos, brand assets); stored on disk under a random key. */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storageKey: varchar('storage_key', { length: 100 }).notNull().unique(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimetype: varchar('mimetype', { length: 100 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.userId)],
);
