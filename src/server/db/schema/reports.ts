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

export const emailReports = pgTable(
  'email_reports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** null means all brands */
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly'] })
      .notNull()
      .default('weekly'),
    /** 0-6, Sunday = 0; weekly only */
    dayOfWeek: integer('day_of_week'),
    /** 1-31; monthly only */
    dayOfMonth: integer('day_of_month'),
    timeOfDay: varchar('time_of_day', { length: 5 }).notNull().default('09:00'),
    timezone: varchar('timezone', { length: 64 }).notNull().default('Europe/London'),
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    includeModules: jsonb('include_modules')
      .$type<{ brandAudit: boolean; consumerInsights: boolean; competitorTracking: boolean }>()
      .notNull()
      .default({ brandAudit: true, consumerInsights: true, competitorTracking: true }),
    runFreshAnalysis: boolean('run_fresh_analysis').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    whiteLabel: boolean('white_label').notNull().default(false),
    lastSent: timestamp('last_sent', { withTimezone: true }),
    nextScheduled: timestamp('next_scheduled', { withTimezone: true }),
    /** The last send that did not go out, and why ('last attempt failed: ...' in the list) */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.userId), index().on(table.isActive, table.nextScheduled)],
);

/**
 * One row per scheduled report and slot: the claim that makes a slot go out once whichever process
 * picks it, inserted in the same transaction that moves the report's lastSent and nextScheduled on.
 * 'Send to recipients now' is a run of kind manual, one per press (its request id); 'Send me a
 * preview' is a row of kind preview, to the signed-in user only.
 */
export const emailReportRuns = pgTable(
  'email_report_runs',
  {
    id: id(),
    emailReportId: uuid('email_report_id')
      .notNull()
      .references(() => emailReports.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the scheduled time this run is for (a manual send or a preview: the time it was asked for) */
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    kind: text('kind', { enum: ['scheduled', 'manual', 'preview'] })
      .notNull()
      .default('scheduled'),
    /** A manual send's request id, made by the browser once per press: a retried request finds this run. */
    requestId: uuid('request_id'),
    status: text('status', { enum: ['preparing', 'queued', 'sent', 'failed'] })
      .notNull()
      .default('preparing'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex().on(table.emailReportId, table.slot, table.kind),
    uniqueIndex().on(table.emailReportId, table.requestId),
    index().on(table.userId),
  ],
);

/** External recipients who unsubscribed from one scheduled report (by its link, without signing in). */
export const emailReportOptOuts = pgTable(
  'email_report_opt_outs',
  {
    id: id(),
    emailReportId: uuid('email_report_id')
      .notNull()
      .references(() => emailReports.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 320 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex().on(table.emailReportId, table.email)],
);

/**
 * Monthly brand tracking: one row per brand and month (YYYY-MM), claimed before its audit is
 * started, so two processes never audit a brand twice in a month.
 */
export const brandTrackingRuns = pgTable(
  'brand_tracking_runs',
  {
    id: id(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: varchar('period', { length: 7 }).notNull(),
    auditId: uuid('audit_id'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex().on(table.brandId, table.period), index().on(table.userId)],
);

export const whiteLabelSettings = pgTable('white_label_settings', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: varchar('company_name', { length: 200 }).notNull(),
  companyLogo: text('company_logo'),
  primaryColor: varchar('primary_color', { length: 20 }).notNull().default('#000000'),
  secondaryColor: varchar('secondary_color', { length: 20 }).notNull().default('#666666'),
  headerText: text('header_text'),
  footerText: text('footer_text'),
  contactEmail: varchar('contact_email', { length: 320 }),
  contactPhone: varchar('contact_phone', { length: 50 }),
  website: text('website'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const supportMessages = pgTable(
  'support_messages',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 320 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    message: text('message').notNull(),
    priority: varchar('priority', { length: 10, enum: ['low', 'normal', 'high'] })
      .notNull()
      .default('normal'),
    status: varchar('status', { length: 20, enum: ['open', 'in_progress', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index().on(table.status, table.createdAt, table.id),
    index().on(table.createdAt, table.id),
    index().on(table.userId),
  ],
);

/**
 * Every e-mail the app sends, queued first and sent by a job: the idempotency key makes a message
 * that is queued twice, or retried after a crash, go out once. With no SMTP server configured the
 * local outbox keeps the message here and as an .eml file for the administrator to read.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    /** The account the message was sent for; null for system mail */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: varchar('idempotency_key', { length: 200 }).notNull().unique(),
    /** Which composer builds the message from params when the job runs */
    kind: varchar('kind', { length: 60 }).notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    subject: text('subject').notNull().default(''),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    /** smtp: handed to SMTP_URL; outbox: kept locally */
    transport: text('transport', { enum: ['smtp', 'outbox'] }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The RFC 5322 Message-ID, fixed at queue time so a resend is recognisably the same message */
    messageId: varchar('message_id', { length: 300 }),
    emlPath: text('eml_path'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index().on(table.userId),
    index().on(table.createdAt, table.id),
    index().on(table.status, table.createdAt, table.id),
  ],
);

/** Progress of long-running work that has no record of its own (discoveries, report runs). */
export const taskProgress = pgTable(
  'task_progress',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 50 }).notNull(),
    subjectId: uuid('subject_id'),
    status: text('status', { enum: ['queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    stage: varchar('stage', { length: 200 }),
    percent: integer('percent').notNull().default(0),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index().on(table.userId, table.kind, table.createdAt),
    // One discovery at a time per user (kinds 'discovery:...'), guaranteed even for racing requests.
    uniqueIndex('task_progress_one_discovery_per_user')
      .on(table.userId)
      .where(sql`${table.kind} like 'discovery:%' and ${table.status} in ('queued', 'running')`),
    // One ad discovery (a competitor's, or all of a brand's) at a time per user.
    uniqueIndex('task_progress_one_ad_discovery_per_user')
      .on(table.userId)
      .where(sql`${table.kind} like 'ad-discovery:%' and ${table.status} in ('queued', 'running')`),
    // One TikTok ad discovery at a time per user.
    uniqueIndex('task_progress_one_tiktok_discovery_per_user')
      .on(table.userId)
      .where(sql`${table.kind} like 'tiktok-discovery:%' and ${table.status} in ('queued', 'running')`),
  ],
);
