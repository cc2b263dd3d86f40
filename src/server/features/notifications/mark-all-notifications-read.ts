import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notificationReads, notifications } from '../../db/schema/index.ts';
import { type Actor, notificationVisibleTo } from '../../http/access.ts';

/** Marks every notification the actor can see as read, for the actor only. */
export async function markAllNotificationsRead(db: Database, { actor }: { actor: Actor }): Promise<void> {
  const unread = await db
    .select({ id: notifications.id })
    .from(notifications)
    .leftJoin(
      notificationReads,
      and(eq(notificationReads.notificationId, notifications.id), eq(notificationReads.userId, actor.user.id)),
    )
    .where(and(notificationVisibleTo(db, actor), isNull(notificationReads.id)));
  if (unread.length === 0) return;
  await db
    .insert(notificationReads)
    .values(unread.map((row) => ({ notificationId: row.id, userId: actor.user.id })))
    .onConflictDoNothing({ target: [notificationReads.notificationId, notificationReads.userId] });
}
