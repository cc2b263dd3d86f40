import { index, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * What the header's bell lists: long work that finished (an audit, a discovery, an import, an
 * export). One about a brand's work carries the brand and is read through the access module like
 * the brand: its owner and the agency's current team see it, whoever started the work, and someone
 * removed from the team (or whose agency's plan lapsed) no longer does. One about a person alone
 * (their data export) has no brand and is theirs only.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    /** the owner: the brand's owner for a brand's notification, else the person it is for */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the brand whose work it is about; null for one about the person alone */
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    /** 'audit-completed', 'audit-failed', or a task's kind and how it ended ('discovery:insights:completed') */
    kind: varchar('kind', { length: 80 }).notNull(),
    /** the audit or task it is about: one notification per subject and kind, however often a job retries */
    subjectId: uuid('subject_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body'),
    /** the app screen that shows the result */
    link: varchar('link', { length: 300 }),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.userId, table.createdAt, table.id),
    index().on(table.brandId, table.createdAt, table.id),
    uniqueIndex('notifications_one_per_subject').on(table.subjectId, table.kind),
  ],
);

/** Read state is each person's own: a team member reading the agency's notification leaves it unread for the owner. */
export const notificationReads = pgTable(
  'notification_reads',
  {
    id: id(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notification_reads_one_per_user').on(table.notificationId, table.userId),
    index().on(table.userId),
  ],
);
