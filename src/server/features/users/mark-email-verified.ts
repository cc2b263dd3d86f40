import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { User } from './upsert-user-by-email.ts';

/**
 * After a provider sign-in: the account's e-mail counts as verified when the provider vouched for
 * that very address. An account whose e-mail was changed in Settings to another address keeps
 * it unverified until a provider vouches for the new one.
 */
export async function markEmailVerified(
  db: Database,
  user: User,
  profile: { email: string; emailVerified: boolean },
): Promise<User> {
  if (user.emailVerified || !profile.emailVerified) return user;
  if (profile.email.trim().toLowerCase() !== user.email) return user;
  const [updated] = await db
    .update(users)
    .set({ emailVerified: true })
    .where(and(eq(users.id, user.id), eq(users.email, user.email)))
    .returning();
  return updated ?? user;
}
