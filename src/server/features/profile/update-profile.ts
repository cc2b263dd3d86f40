import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { emailInUseMessage, type TProfile, type ZUpdateProfileRequest } from '../../../shared/schemas/profile.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import type { FeatureContext } from '../context.ts';
import type { User } from '../users/upsert-user-by-email.ts';

export function toProfileDto(user: Pick<User, 'firstName' | 'lastName' | 'email' | 'emailVerified'>): TProfile {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
  };
}

/**
 * Saves the signed-in user's own name and e-mail (never the agency owner's: a profile is personal).
 * The e-mail is how every sign-in finds the account, so one that another account has is refused;
 * a new address has not been verified by any identity provider, so the Verified badge goes.
 */
export async function updateProfile(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, input }: { actor: Actor; input: z.output<typeof ZUpdateProfileRequest> },
): Promise<TProfile> {
  const { user } = actor;
  const emailChanged = input.email !== user.email;
  if (emailChanged) {
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email), ne(users.id, user.id)));
    if (taken) throw new AppError('conflict', emailInUseMessage);
  }
  try {
    const [updated] = await ctx.db
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        ...(emailChanged ? { emailVerified: false } : {}),
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!updated) throw new AppError('unauthorized', 'Unauthorized');
    return toProfileDto(updated);
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) throw new AppError('conflict', emailInUseMessage);
    throw error;
  }
}
