import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export type User = typeof users.$inferSelect;

export type ProfileClaims = {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
};

/** Users are matched by e-mail; a provider's newer name or picture fills in, never blanks out, what we have. */
export async function upsertUserByEmail(db: Database, claims: ProfileClaims): Promise<User> {
  const email = claims.email.trim().toLowerCase();
  const [user] = await db
    .insert(users)
    .values({
      email,
      firstName: claims.firstName ?? null,
      lastName: claims.lastName ?? null,
      profileImageUrl: claims.profileImageUrl ?? null,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        firstName: sql`coalesce(excluded.first_name, ${users.firstName})`,
        lastName: sql`coalesce(excluded.last_name, ${users.lastName})`,
        profileImageUrl: sql`coalesce(excluded.profile_image_url, ${users.profileImageUrl})`,
        updatedAt: new Date(),
      },
    })
    .returning();
  if (!user) throw new Error(`upsert of user ${email} returned no row`);
  return user;
}
