import { and, count, eq, isNull } from 'drizzle-orm';
import type { TNotification, TNotificationListQuery } from '../../../shared/schemas/notifications.ts';
import type { Database } from '../../db/client.ts';
import { notificationReads, notifications } from '../../db/schema/index.ts';
import { type Actor, notificationVisibleTo } from '../../http/access.ts';
import { newestFirst } from '../../http/newest-first.ts';
import { type Page, pageOf } from '../../http/paging.ts';

/** The actor's own read marks, joined beside each notification. */
const readByActor = (actor: Actor) =>
  and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, actor.user.id));

const order = newestFirst(notifications.createdAt, notifications.id);

/**
 * The bell: one page of the notifications the actor may see (those of the brands they may see now,
 * and their own personal ones), newest first, each read or not for this actor, and how many of all
 * are unread.
 */
export async function listNotifications(
  db: Database,
  { actor, input }: { actor: Actor; input: TNotificationListQuery },
): Promise<{ page: Page<TNotification>; unreadCount: number }> {
  const visible = notificationVisibleTo(db, actor);
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select({ notification: notifications, readAt: notificationReads.readAt, pageAt: order.at })
      .from(notifications)
      .leftJoin(notificationReads, readByActor(actor))
      .where(and(visible, order.after(input.cursor)))
      .orderBy(...order.orderBy)
      .limit(input.limit + 1),
    db.select({ value: count() }).from(notifications).where(visible),
    db
      .select({ value: count() })
      .from(notifications)
      .leftJoin(notificationReads, readByActor(actor))
      .where(and(visible, isNull(notificationReads.id))),
  ]);
  const page = pageOf(
    rows,
    input.limit,
    total?.value ?? 0,
    (row) => order.keyOf({ pageAt: row.pageAt, id: row.notification.id }),
    ({ notification, readAt }): TNotification => ({
      id: notification.id,
      kind: notification.kind,
      title: notification.title,
      body: notification.body,
      link: notification.link,
      createdAt: notification.createdAt.toISOString(),
      read: readAt !== null,
    }),
  );
  return { page, unreadCount: unread?.value ?? 0 };
}
