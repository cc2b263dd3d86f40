import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { NOTIFICATION_LIST_LIMIT, type TNotificationList } from '../../../shared/schemas/notifications.ts';
import type { Database } from '../../db/client.ts';
import { notificationReads, notifications } from '../../db/schema/index.ts';
import { type Actor, notificationVisibleTo } from '../../http/access.ts';

/** The actor's own read marks, joined beside each notification. */
const readByActor = (actor: Actor) =>
  and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, actor.user.id));

/**
 * The bell: the newest notifications the actor may see (those of the brands they may see now, and
 * their own personal ones), each read or not for this actor, and how many of all are unread.
 */
export async function listNotifications(db: Database, { actor }: { actor: Actor }): Promise<TNotificationList> {
  const [rows, [unread]] = await Promise.all([
    db
      .select({ notification: notifications, readAt: notificationReads.readAt })
      .from(notifications)
      .leftJoin(notificationReads, readByActor(actor))
      .where(notificationVisibleTo(db, actor))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATION_LIST_LIMIT),
    db
      .select({ value: count() })
      .from(notifications)
      .leftJoin(notificationReads, readByActor(actor))
      .where(and(notificationVisibleTo(db, actor), isNull(notificationReads.id))),
  ]);
  return {
    notifications: rows.map(({ notification, readAt }) => ({
      id: notification.id,
      kind: notification.kind,
      title: notification.title,
      body: notification.body,
      link: notification.link,
      createdAt: notification.createdAt.toISOString(),
      read: readAt !== null,
    })),
    unreadCount: unread?.value ?? 0,
  };
}
