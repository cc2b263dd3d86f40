import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

export const users = pgTable('users', {
  id: id(),
  email: varchar('email', { length: 320 }).notNull().unique(),
  firstName: varchar('first_name', { length: 100 }),
  lastName: varchar('last_name', { length: 100 }),
  profileImageUrl: text('profile_image_url'),
  planType: text('plan_type', { enum: ['free', 'starter', 'smb', 'agency'] })
    .notNull()
    .default('free'),
  /** 999 means unlimited */
  maxBrands: integer('max_brands').notNull().default(1),
  stripeCustomerId: varchar('stripe_customer_id', { length: 255 }),
  stripeSubscriptionId: varchar('stripe_subscription_id', { length: 255 }),
  starterPurchaseDate: timestamp('starter_purchase_date', { withTimezone: true }),
  starterUsageCount: integer('starter_usage_count').notNull().default(0),
  notifyEmailReports: boolean('notify_email_reports').notNull().default(true),
  notifyAuditComplete: boolean('notify_audit_complete').notNull().default(true),
  notifyWeeklyDigest: boolean('notify_weekly_digest').notNull().default(false),
  /** the weekly "What changed" e-mail about competitors' ads */
  notifyCompetitorChanges: boolean('notify_competitor_changes').notNull().default(true),
  /** An e-mail when the daily discovery finds a day with an unusual share of negative mentions */
  notifyMentionSpikes: boolean('notify_mention_spikes').notNull().default(true),
  /** Whether an identity provider vouched for the e-mail (the Settings Verified badge) */
  emailVerified: boolean('email_verified').notNull().default(false),
  /** IANA timezone the weekly digest is timed in */
  timezone: varchar('timezone', { length: 64 }).notNull().default('Europe/London'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One row per identity-provider account that signed in; users are matched by e-mail. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['replit', 'google'] }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [unique('user_identities_provider_subject').on(table.provider, table.subject), index().on(table.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 64 }).primaryKey(),
    sess: jsonb('sess').$type<SessionData>().notNull(),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_expire_idx').on(table.expire)],
);

export type SessionData = {
  userId?: string;
  /** OIDC round-trip state, kept only between /api/login and the callback */
  oidc?: { provider: 'replit' | 'google'; state: string; nonce: string; codeVerifier: string; plan?: string };
  plan?: string;
};

export const agencyTeamMembers = pgTable(
  'agency_team_members',
  {
    id: id(),
    agencyUserId: uuid('agency_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberEmail: varchar('member_email', { length: 320 }).notNull(),
    role: varchar('role', { length: 20 }).notNull().default('member'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    unique('agency_team_members_agency_email').on(table.agencyUserId, table.memberEmail),
    index().on(table.memberEmail),
  ],
);

/** Personal API tokens (agency "API access"); only a SHA-256 hash is stored. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    /** The token's first characters, shown so its owner can tell tokens apart (never enough to use) */
    prefix: varchar('prefix', { length: 24 }).notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.userId)],
);

/** A download of everything an account owns (UK GDPR access right), built by a job as a zip file. */
export const accountExports = pgTable(
  'account_exports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    /** where the zip is kept until it expires */
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.userId)],
);

/**
 * Request counters of the rate limits, shared by every app process: one row per limit and client,
 * counting hits until resetsAt (a fixed window), then starting again.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: varchar('key', { length: 512 }).primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (table) => [index().on(table.resetsAt)],
);
