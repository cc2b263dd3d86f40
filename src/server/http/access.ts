import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { planKeys, plans } from '../../shared/plans.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { agencyTeamMembers, brands, users } from '../db/schema/index.ts';
import type { User } from '../features/users/upsert-user-by-email.ts';
import { AppError, notFound } from './errors.ts';

/** Plans whose owners can bring a team (agency): members act on the owner's brands. */
const teamPlans = planKeys.filter((key) => plans[key].allows.teamManagement);

/**
 * Tenancy in one place. Every query on owned data filters with `ownedBy(actor, table.userId)`
 * or looks its record up through a `get...OrThrow` built on it, so a record that is missing and
 * one that belongs to somebody else look the same: 404.
 */
export type Actor = {
  user: User;
  isAdmin: boolean;
  /** Account ids whose brands and reports this actor may read and change: their own, plus the
   * agency owner's when they are an active member of an agency team. */
  ownerIds: string[];
  /** The account new records belong to and whose plan limits apply. */
  workspaceOwnerId: string;
};

export function isAdminUser(config: Config, user: Pick<User, 'id' | 'email'>): boolean {
  return config.admin.userIds.includes(user.id) || config.admin.emails.includes(user.email.toLowerCase());
}

/** The agencies whose active team includes an e-mail, oldest membership first. */
function prepareAgenciesOfMember(db: Database) {
  return db
    .select({ agencyUserId: agencyTeamMembers.agencyUserId })
    .from(agencyTeamMembers)
    .innerJoin(users, eq(users.id, agencyTeamMembers.agencyUserId))
    .where(
      and(
        eq(agencyTeamMembers.memberEmail, sql.placeholder('email')),
        eq(agencyTeamMembers.isActive, true),
        inArray(users.planType, teamPlans),
      ),
    )
    .orderBy(asc(agencyTeamMembers.createdAt))
    .prepare('agencies_of_member');
}

// resolveActor runs on every signed-in request: its query is built once per database, prepared.
const agenciesOfMember = new WeakMap<Database, ReturnType<typeof prepareAgenciesOfMember>>();

export async function resolveActor(db: Database, config: Config, user: User): Promise<Actor> {
  let query = agenciesOfMember.get(db);
  if (!query) {
    query = prepareAgenciesOfMember(db);
    agenciesOfMember.set(db, query);
  }
  const agencies = await query.execute({ email: user.email.toLowerCase() });
  const agencyIds = agencies.map((row) => row.agencyUserId).filter((id) => id !== user.id);
  return {
    user,
    isAdmin: isAdminUser(config, user),
    ownerIds: [user.id, ...agencyIds],
    workspaceOwnerId: agencyIds[0] ?? user.id,
  };
}

/** The filter every owned-data query carries. */
export function ownedBy(actor: Actor, ownerColumn: PgColumn): SQL {
  return inArray(ownerColumn, actor.ownerIds);
}

/**
 * ownedBy for a prepared statement: the owner ids are its `ownerIds` parameter, given by
 * ownerParams(actor) when it runs.
 */
export function ownedByParam(ownerColumn: PgColumn): SQL {
  return sql`${ownerColumn} = any(${sql.placeholder('ownerIds')})`;
}

export function ownerParams(actor: Actor): { ownerIds: string[] } {
  return { ownerIds: actor.ownerIds };
}

export async function getBrandOrThrow(db: Database, actor: Actor, brandId: string) {
  const [brand] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.id, brandId), ownedBy(actor, brands.userId)));
  if (!brand) throw notFound('Brand not found');
  return brand;
}

export function requireAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw new AppError('forbidden', "You don't have permission to access this page");
}

/** Owner-only actions (API tokens, the team, billing): an agency team member acting in the owner's workspace is refused. */
export function assertWorkspaceOwner(actor: Actor): void {
  if (actor.user.id !== actor.workspaceOwnerId) {
    throw new AppError('forbidden', 'Only the account owner can do this; team members cannot.');
  }
}
