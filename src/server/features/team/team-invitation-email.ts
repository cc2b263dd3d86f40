/**
 * The invitation a new team member receives when an agency adds their address: who added them,
 * to which agency, and how to sign in (the app's sign-in page, with their own account under this
 * address). It carries no token or link that signs anyone in: membership follows the address an
 * identity provider verifies at sign-in. Built when it is sent, so a membership removed meanwhile
 * sends nothing.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { agencyTeamMembers, users } from '../../db/schema/index.ts';
import { defineEmailComposer, EmailNotSendableError } from '../../emails/composer.ts';
import { DEFAULT_PRODUCT_NAME } from '../../emails/templates/email-document.ts';
import { renderEmail } from '../../emails/templates/render-email.tsx';
import { agencyOf } from './agency-name.ts';

export const TEAM_INVITATION_EMAIL_KIND = 'team-invitation';

export const teamInvitationEmailParams = z.object({ membershipId: z.uuid() });

const fullNameOf = (user: { firstName: string | null; lastName: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ');

export const teamInvitationEmail = defineEmailComposer({
  kind: TEAM_INVITATION_EMAIL_KIND,
  params: teamInvitationEmailParams,
  async compose(deps, params) {
    const [row] = await deps.db
      .select({ membership: agencyTeamMembers, owner: users })
      .from(agencyTeamMembers)
      .innerJoin(users, eq(users.id, agencyTeamMembers.agencyUserId))
      .where(eq(agencyTeamMembers.id, params.membershipId));
    if (!row?.membership.isActive) throw new EmailNotSendableError('The team membership was removed');
    const { membership, owner } = row;
    const inviterName = fullNameOf(owner);
    const inviter = inviterName ? `${inviterName} (${owner.email})` : owner.email;
    const agencyName = (await agencyOf(deps.db, owner.id))?.name ?? owner.email;
    const signInUrl = `${deps.config.publicUrl}/signin`;
    const summary = `${inviter} added you to the team of ${agencyName} on ${DEFAULT_PRODUCT_NAME}.`;
    const { html, text } = renderEmail({
      preheader: summary,
      title: `You have been added to ${agencyName}'s team`,
      blocks: [
        { type: 'paragraph', text: 'Hello,' },
        { type: 'paragraph', text: summary },
        {
          type: 'paragraph',
          text: `To start, sign in at ${signInUrl} with your own Google or Replit account for ${membership.memberEmail}. You will then see and work on all of ${agencyName}'s brands, audits and reports.`,
        },
        {
          type: 'figures',
          rows: [
            { label: 'Agency', value: agencyName },
            { label: 'Added by', value: inviter },
            { label: 'Sign in as', value: membership.memberEmail },
          ],
        },
        { type: 'button', label: `Sign in to ${DEFAULT_PRODUCT_NAME}`, url: signInUrl },
        {
          type: 'note',
          text: 'Sign in with this e-mail address: an account under another address does not join the team.',
        },
      ],
      footerNote: `You received this because ${inviter} added ${membership.memberEmail} to their team. If you were not expecting it, you can ignore this message.`,
      publicUrl: deps.config.publicUrl,
    });
    return {
      subject: `You have been added to ${agencyName}'s team on ${DEFAULT_PRODUCT_NAME}`,
      html,
      text,
      attachments: [],
    };
  },
});
