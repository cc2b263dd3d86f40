import type { Database } from '../../db/client.ts';
import { type Actor, assertWorkspaceOwner } from '../../http/access.ts';
import { assertPlanAllows } from '../billing/plan-limits.ts';

/**
 * Only an agency account's owner manages its team: a team member is refused (403 forbidden), and
 * so is an owner whose plan does not include team management (403 plan_feature).
 */
export async function assertTeamManager(db: Database, actor: Actor): Promise<void> {
  assertWorkspaceOwner(actor, 'manage the team');
  await assertPlanAllows(db, actor.user.id, 'teamManagement');
}
