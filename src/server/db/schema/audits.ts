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
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const audits = pgTable(
  'audits',
  {
    id: id(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['processing', 'completed', 'failed'] })
      .notNull()
      .default('completed'),
    overallScore: integer('overall_score').notNull().default(0),
    websiteScore: integer('website_score'),
    socialMediaScore: integer('social_media_score'),
    brandAssetsScore: integer('brand_assets_score'),
    /** {website, socialMedia, brandAssets}: sub-scores and every check with its evidence */
    analysis: jsonb('analysis').$type<Record<string, unknown>>(),
    strengths: jsonb('strengths').$type<string[]>().notNull().default([]),
    weaknesses: jsonb('weaknesses').$type<string[]>().notNull().default([]),
    recommendations: jsonb('recommendations').$type<Record<string, unknown>[]>().notNull().default([]),
    progressStage: varchar('progress_stage', { length: 100 }),
    progressPercent: integer('progress_percent').notNull().default(0),
    failureReason: text('failure_reason'),
    /** whether strengths, weaknesses and recommendation wording came from the local engine or a model */
    writtenBy: text('written_by', { enum: ['local', 'ai'] })
      .notNull()
      .default('local'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    // the audits list: newest first by (created_at, id), keyset-paged
    index().on(table.userId, table.createdAt, table.id),
    index().on(table.brandId, table.createdAt),
    // One running audit per brand, guaranteed by the database even for concurrent requests.
    uniqueIndex('audits_one_processing_per_brand').on(table.brandId).where(sql`${table.status} = 'processing'`),
  ],
);

export const auditReports = pgTable('audit_reports', {
  id: id(),
  auditId: uuid('audit_id')
    .notNull()
    .unique()
    .references(() => audits.id, { onDelete: 'cascade' }),
  pdfUrl: text('pdf_url'),
  shareableToken: varchar('shareable_token', { length: 64 }).notNull().unique(),
  isPublic: boolean('is_public').notNull().default(false),
  downloadCount: integer('download_count').notNull().default(0),
  /** -1 means unlimited */
  maxDownloads: integer('max_downloads').notNull().default(-1),
  createdAt: createdAt(),
});

export const marketingRecommendations = pgTable(
  'marketing_recommendations',
  {
    id: id(),
    auditId: uuid('audit_id')
      .notNull()
      .unique()
      .references(() => audits.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shareableToken: varchar('shareable_token', { length: 64 }).notNull().unique(),
    pdfUrl: text('pdf_url'),
    isPublic: boolean('is_public').notNull().default(false),
    executiveSummary: text('executive_summary').notNull().default(''),
    keyFindings: jsonb('key_findings').$type<string[]>().notNull().default([]),
    quickWins: jsonb('quick_wins').$type<string[]>().notNull().default([]),
    marketingStrategies: jsonb('marketing_strategies').$type<Record<string, unknown>[]>().notNull().default([]),
    competitiveAdvantage: text('competitive_advantage').notNull().default(''),
    longTermGoals: jsonb('long_term_goals').$type<string[]>().notNull().default([]),
    writtenBy: text('written_by', { enum: ['local', 'ai'] })
      .notNull()
      .default('local'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.userId), index().on(table.brandId)],
);

export const actionItems = pgTable(
  'action_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    auditId: uuid('audit_id').references(() => audits.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 300 }).notNull(),
    description: text('description'),
    category: varchar('category', { length: 100 }).notNull(),
    priority: text('priority', { enum: ['High', 'Medium', 'Low'] })
      .notNull()
      .default('Medium'),
    status: text('status', { enum: ['pending', 'completed'] })
      .notNull()
      .default('pending'),
    aiGenerated: boolean('ai_generated').notNull().default(true),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index().on(table.userId, table.status),
    index().on(table.brandId),
    // Generating twice at once must not list the same open to-do twice.
    uniqueIndex('action_items_one_open_per_title')
      .on(table.brandId, table.title)
      .where(sql`${table.status} = 'pending'`),
  ],
);
