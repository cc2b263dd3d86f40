import type { TTeamMember } from '../../../shared/schemas/team.ts';
import type { agencyTeamMembers } from '../../db/schema/index.ts';

export type TeamMemberRow = typeof agencyTeamMembers.$inferSelect;

export function toTeamMemberDto(row: TeamMemberRow): TTeamMember {
  return {
    id: row.id,
    memberEmail: row.memberEmail,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}
