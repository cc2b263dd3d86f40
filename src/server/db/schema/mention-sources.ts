import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { createdAt, id } from './columns.ts';
import { competitors } from './competitors.ts';
import { users } from './users.ts';

/**
 * A brand's (or a competitor's) settings and health for one source of mentions found by name
 * (integrations/mention-sources: news_rss, hacker_news, mastodon, ...). No row means the
 * defaults: on, no hashtags or app ids of its own, never run.
 */
export const mentionSourceSettings = pgTable(
  'mention_source_settings',
  {
    id: id(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set when the settings are a competitor's rather than the brand's own */
    competitorId: uuid('competitor_id').references(() => competitors.id, { onDelete: 'cascade' }),
    /** MENTION_SOURCE_KINDS */
    kind: varchar('kind', { length: 40 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Mastodon: hashtags read, without # (none: the name written as a hashtag) */
    hashtags: jsonb('hashtags').$type<string[]>().notNull().default([]),
    /** App Store: the app ids whose reviews are read */
    appleAppIds: jsonb('apple_app_ids').$type<string[]>().notNull().default([]),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** The start of the last run that read the source; the next run reads from shortly before it */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** Why the last run failed, in words the user can act on; null after a success */
    lastError: text('last_error'),
    /** Items the last run found at the source (new or not) */
    lastItems: integer('last_items'),
    /** Items the last run added */
    lastAdded: integer('last_added'),
    /** Set when the last run stopped before reading everything (a rate limit, the cap) */
    lastNote: text('last_note'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('mention_source_settings_subject_kind').on(
      table.brandId,
      sql`coalesce(${table.competitorId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      table.kind,
    ),
    index().on(table.userId),
    index().on(table.competitorId),
  ],
);

/**
 * The daily discovery's claim: one row per brand and day (UTC), inserted by whichever process
 * gets there first, so a brand is discovered once a day however many workers run the pass.
 */
export const mentionDiscoveryRuns = pgTable(
  'mention_discovery_runs',
  {
    id: id(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD (UTC) */
    day: varchar('day', { length: 10 }).notNull(),
    taskId: uuid('task_id'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex().on(table.brandId, table.day), index().on(table.userId)],
);
