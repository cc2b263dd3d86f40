import { eq } from 'drizzle-orm';
import type { TTeamMembership } from '../../../shared/schemas/team.ts';
import { users } from '../../db/schema/index.ts';
import { type Actor, isWorkspaceOwner } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';

/** GET /api/team-membership: the agency whose team the actor works in, or null in their own account. */
export async function teamMembership(
  ctx: Pick<FeatureContext, 'db'>,
  { actor }: { actor: Actor },
): Promise<TTeamMembership> {
  if (isWorkspaceOwner(actor)) return { agency: null };
  const [agency] = await ctx.db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, actor.workspaceOwnerId));
  return { agency: agency ?? null };
}
