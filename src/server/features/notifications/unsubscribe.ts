import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { notificationColumn } from './notification-settings.ts';
import type { UnsubscribeTarget } from './unsubscribe-token.ts';

/**
 * Turns off the one kind of e-mail the link names. An account deleted since the mail was sent
 * has nothing left to turn off, which is the outcome the reader asked for.
 */
export async function unsubscribe(db: Database, target: UnsubscribeTarget): Promise<void> {
  const column = notificationColumn[target.kind];
  await db
    .update(users)
    .set({ [column]: false })
    .where(eq(users.id, target.userId));
}
