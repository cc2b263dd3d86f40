import { z } from 'zod';
import { AGENCY_TEAM_LIMIT } from '../plans.ts';
import { MAX_EMAIL_LENGTH } from './email.ts';

/** SPEC §5 "Team member add": the one description for an empty and a malformed address alike. */
export const teamEmailMessage = 'Please enter a valid email address.';
export const teamEmailRequiredTitle = 'Email required';
export const teamEmailInvalidTitle = 'Invalid email';

/** A member's address as the agency owner types it: trimmed and lower-cased, as sign-in stores e-mails. */
export function normaliseMemberEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** The address the form checks and the server stores: one plain `local@domain`, nothing else. */
export const ZMemberEmail = z.preprocess(
  (value) => (typeof value === 'string' ? normaliseMemberEmail(value) : value),
  z
    .string(teamEmailMessage)
    .min(1, teamEmailMessage)
    .max(MAX_EMAIL_LENGTH, teamEmailMessage)
    .pipe(z.email(teamEmailMessage)),
);

/**
 * Why the form refuses an address, in SPEC's words: the toast title ('Email required' or
 * 'Invalid email') with its description; null when the address can be sent.
 */
export function memberEmailProblem(typed: string): { title: string; description: string } | null {
  const email = normaliseMemberEmail(typed);
  if (!email) return { title: teamEmailRequiredTitle, description: teamEmailMessage };
  if (!ZMemberEmail.safeParse(email).success) return { title: teamEmailInvalidTitle, description: teamEmailMessage };
  return null;
}

/** POST /api/team-members */
export const ZAddTeamMemberRequest = z.object({ memberEmail: ZMemberEmail });
export type TAddTeamMemberRequest = z.input<typeof ZAddTeamMemberRequest>;

/** DELETE /api/team-members/{memberEmail}: the address URL-encoded in the path; a malformed one names nobody (404). */
export const ZTeamMemberParams = z.object({ memberEmail: ZMemberEmail });

export const ZTeamMember = z.object({
  id: z.uuid(),
  memberEmail: z.string(),
  role: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

/** GET /api/team-members: the owner's team, oldest first. */
export const ZTeamMembers = z.array(ZTeamMember);

/**
 * GET /api/team-membership: whose agency team the signed-in user works in (null when they work
 * in their own account), so Settings can say so instead of offering a team of their own.
 */
export const ZTeamMembership = z.object({
  agency: z
    .object({
      email: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
    })
    .nullable(),
});
export type TTeamMembership = z.infer<typeof ZTeamMembership>;

export const teamLimitMessage = `Your team already has ${AGENCY_TEAM_LIMIT} members, the most the Agency plan allows. Remove a member to add another.`;
export const addSelfMessage = 'You cannot add yourself to your own team.';
export const alreadyMemberMessage = (email: string) => `${email} is already on your team.`;
