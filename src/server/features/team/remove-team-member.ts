import { and, eq } from 'drizzle-orm';
import { agencyTeamMembers } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import type { FeatureContext } from '../context.ts';
import { assertTeamManager } from './assert-team-manager.ts';

/**
 * DELETE /api/team-members/{memberEmail}. The membership row goes, and with it the member's access:
 * every request resolves its actor afresh, so their open sessions lose the agency's data at once.
 * What they created stays with the agency (it was stored under the agency's account).
 */
export async function removeTeamMember(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, memberEmail }: { actor: Actor; memberEmail: string },
): Promise<{ memberEmail: string }> {
  await assertTeamManager(ctx.db, actor);
  const removed = await ctx.db
    .delete(agencyTeamMembers)
    .where(and(eq(agencyTeamMembers.agencyUserId, actor.user.id), eq(agencyTeamMembers.memberEmail, memberEmail)))
    .returning({ id: agencyTeamMembers.id });
  if (removed.length === 0) throw notFound('Team member not found');
  return { memberEmail };
}
