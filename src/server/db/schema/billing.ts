import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { audits } from './audits.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['starter', 'smb', 'agency'] }).notNull(),
    status: text('status', { enum: ['incomplete', 'trialing', 'active', 'past_due', 'canceled', 'expired'] })
      .notNull()
      .default('incomplete'),
    provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
    providerSubscriptionId: varchar('provider_subscription_id', { length: 255 }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.userId)],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: ['starter', 'smb', 'agency'] }).notNull(),
    /** minor units (pence) */
    amount: integer('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('gbp'),
    status: text('status', { enum: ['requires_payment', 'processing', 'succeeded', 'failed'] }).notNull(),
    provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
    providerPaymentIntentId: varchar('provider_payment_intent_id', { length: 255 }).unique(),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.userId)],
);

/**
 * One row per audit an account starts. It outlives the audit and its brand (the audit link is
 * cleared, the row stays), so plan allowances count an account's audits over its history: deleting
 * a brand and creating another gives no new audits. Audits that failed do not count.
 */
export const auditUsage = pgTable(
  'audit_usage',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    auditId: uuid('audit_id').references(() => audits.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.userId, table.createdAt), uniqueIndex().on(table.auditId)],
);
