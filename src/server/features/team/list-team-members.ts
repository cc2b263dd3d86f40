import { asc, eq } from 'drizzle-orm';
import type { TTeamMember } from '../../../shared/schemas/team.ts';
import { agencyTeamMembers } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { assertTeamManager } from './assert-team-manager.ts';
import { toTeamMemberDto } from './team-member-dto.ts';

/** GET /api/team-members: the owner's team, in the order its members were added. */
export async function listTeamMembers(
  ctx: Pick<FeatureContext, 'db'>,
  { actor }: { actor: Actor },
): Promise<TTeamMember[]> {
  await assertTeamManager(ctx.db, actor);
  const rows = await ctx.db
    .select()
    .from(agencyTeamMembers)
    .where(eq(agencyTeamMembers.agencyUserId, actor.user.id))
    .orderBy(asc(agencyTeamMembers.createdAt), asc(agencyTeamMembers.memberEmail));
  return rows.map(toTeamMemberDto);
}
