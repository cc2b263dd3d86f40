import { queueEmail } from '../../emails/queue-email.ts';
import type { FeatureContext } from '../context.ts';
import { TEAM_INVITATION_EMAIL_KIND } from './team-invitation-email.ts';

export type InvitationDeps = Pick<FeatureContext, 'db' | 'queue' | 'config' | 'logger'>;

/**
 * Queues the invitation of one addition to a team, once: its key names the membership and the
 * moment it was added (a member removed and added again is a new addition, and is told again).
 * The addition stands without it: when background work is not running or the message cannot be
 * queued, that is logged and the owner still sees the member added.
 */
export async function queueTeamInvitation(
  deps: InvitationDeps,
  addition: { ownerId: string; membershipId: string; memberEmail: string; addedAt: Date },
): Promise<boolean> {
  const context = { membershipId: addition.membershipId };
  if (!deps.queue) {
    deps.logger.warn(context, 'team invitation not sent: background work is not running');
    return false;
  }
  try {
    await queueEmail(deps, {
      userId: addition.ownerId,
      idempotencyKey: `${addition.membershipId}:${addition.addedAt.toISOString()}`,
      kind: TEAM_INVITATION_EMAIL_KIND,
      params: { membershipId: addition.membershipId },
      recipients: [addition.memberEmail],
    });
    return true;
  } catch (error) {
    deps.logger.error({ ...context, err: error }, 'the team invitation could not be queued');
    return false;
  }
}
