import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notificationReads, notifications } from '../../db/schema/index.ts';
import { type Actor, notificationVisibleTo } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';

/** Marks one notification read for the actor only; one they cannot see is a 404. */
export async function markNotificationRead(
  db: Database,
  { actor, input }: { actor: Actor; input: { id: string } },
): Promise<void> {
  const [visible] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, input.id), notificationVisibleTo(db, actor)));
  if (!visible) throw notFound('Notification not found');
  await db
    .insert(notificationReads)
    .values({ notificationId: visible.id, userId: actor.user.id })
    .onConflictDoNothing({ target: [notificationReads.notificationId, notificationReads.userId] });
}
