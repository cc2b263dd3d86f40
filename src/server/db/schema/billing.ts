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
import { audits } from './audits.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * One row per monthly subscription made through Brandlens, kept in step with the payment provider's
 * own record (webhooks and the demo checkout both go through features/billing/sync-subscription).
 * The plan is granted only once the customer has confirmed a card (confirmedAt): a subscription in
 * its free trial with no card is not a subscription yet.
 */
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
    /** When the subscription began at the provider (its free trial, when it had one). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /**
     * When its first payment was taken: the end of the free trial, or the start when there was none.
     * Null while nothing has been paid (a trial). Agency's minimum commitment counts from here.
     */
    firstPaidAt: timestamp('first_paid_at', { withTimezone: true }),
    /** The intent the Payment Element confirms: a setup intent (free trial) or the first invoice's payment. */
    pendingIntentId: varchar('pending_intent_id', { length: 255 }),
    pendingIntentKind: text('pending_intent_kind', { enum: ['payment', 'setup'] }),
    /** Set once the card is confirmed; until then the plan is not granted. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index().on(table.userId),
    uniqueIndex().on(table.providerSubscriptionId),
    uniqueIndex().on(table.pendingIntentId),
  ],
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
    /** The provider's reason when the payment failed, in its words */
    failureMessage: text('failure_message'),
    /** When the payment succeeded at the provider; Starter's 30 days count from here */
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.userId)],
);

/**
 * Every provider event applied, by the provider's event id: a webhook delivered twice (or a demo
 * event replayed) is acknowledged and applied once.
 */
export const billingEvents = pgTable('billing_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  provider: text('provider', { enum: ['stripe', 'demo'] }).notNull(),
  type: varchar('type', { length: 100 }).notNull(),
  /** What became of it: applied, or ignored with why (unknown customer, event type not used) */
  outcome: varchar('outcome', { length: 200 }).notNull(),
  createdAt: createdAt(),
});

/**
 * Demo billing's own records, shaped like the payment provider's objects (customers, payment and
 * setup intents, subscriptions) so the same sync code reads them. Only written outside production.
 */
export const demoBillingObjects = pgTable(
  'demo_billing_objects',
  {
    id: varchar('id', { length: 255 }).primaryKey(),
    kind: text('kind', { enum: ['customer', 'payment_intent', 'setup_intent', 'subscription'] }).notNull(),
    /** the idempotency key of the request that made it: the same request twice makes one object */
    idempotencyKey: varchar('idempotency_key', { length: 255 }).unique(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.kind)],
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
