import { index, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * What the header's bell lists: long work that finished (an audit, a discovery, an import, an
 * export). It belongs to the account the work was done for, so an agency's team sees its
 * notifications through the access module like its other records.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    index().on(table.userId, table.createdAt),
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
