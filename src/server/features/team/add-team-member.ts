import { and, count, eq } from 'drizzle-orm';
import { AGENCY_TEAM_LIMIT } from '../../../shared/plans.ts';
import {
  addSelfMessage,
  alreadyMemberMessage,
  type TTeamMember,
  teamLimitMessage,
} from '../../../shared/schemas/team.ts';
import { agencyTeamMembers, users } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { assertTeamManager } from './assert-team-manager.ts';
import { type InvitationDeps, queueTeamInvitation } from './queue-team-invitation.ts';
import { type TeamMemberRow, toTeamMemberDto } from './team-member-dto.ts';

/**
 * POST /api/team-members: gives an address the agency's brands and reports. Whoever signs in with
 * that address (now or later) works in the agency's account from their next request on. The
 * address is sent an invitation saying who added it, to which agency, and how to sign in.
 */
export async function addTeamMember(
  ctx: InvitationDeps,
  { actor, input }: { actor: Actor; input: { memberEmail: string } },
): Promise<TTeamMember> {
  await assertTeamManager(ctx.db, actor);
  const ownerId = actor.user.id;
  const { memberEmail } = input;
  if (memberEmail === actor.user.email.toLowerCase()) throw new AppError('validation', addSelfMessage);

  // The limit check and the insert run in one transaction that locks the owner's row, so two
  // concurrent additions cannot both take the last place on the team.
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
    const [existing] = await tx
      .select()
      .from(agencyTeamMembers)
      .where(and(eq(agencyTeamMembers.agencyUserId, ownerId), eq(agencyTeamMembers.memberEmail, memberEmail)));
    if (existing?.isActive) throw new AppError('conflict', alreadyMemberMessage(memberEmail));
    const [members] = await tx
      .select({ value: count() })
      .from(agencyTeamMembers)
      .where(and(eq(agencyTeamMembers.agencyUserId, ownerId), eq(agencyTeamMembers.isActive, true)));
    if ((members?.value ?? 0) >= AGENCY_TEAM_LIMIT) throw new AppError('plan_limit', teamLimitMessage);
    if (existing) {
      // A membership switched off elsewhere comes back rather than failing on the unique address.
      const [reactivated] = await tx
        .update(agencyTeamMembers)
        .set({ isActive: true })
        .where(eq(agencyTeamMembers.id, existing.id))
        .returning();
      return reactivated as TeamMemberRow;
    }
    const [created] = await tx.insert(agencyTeamMembers).values({ agencyUserId: ownerId, memberEmail }).returning();
    return created as TeamMemberRow;
  });
  await queueTeamInvitation(ctx, { ownerId, membershipId: row.id, memberEmail, addedAt: new Date() });
  return toTeamMemberDto(row);
}
