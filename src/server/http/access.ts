import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { planKeys, plans } from '../../shared/plans.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { agencyTeamMembers, brands, competitors, notifications, taskProgress, users } from '../db/schema/index.ts';
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
  /**
   * The accounts of ownerIds, in the same order, as read when the actor was resolved: their plans
   * decide which brands are read-only, so a brand list needs no second read of them.
   */
  owners: User[];
  /** The account new records belong to and whose plan limits apply. */
  workspaceOwnerId: string;
};

export function isAdminUser(config: Config, user: Pick<User, 'id' | 'email'>): boolean {
  return config.admin.userIds.includes(user.id) || config.admin.emails.includes(user.email.toLowerCase());
}

/** The agencies (their accounts) whose active team includes an e-mail, oldest membership first. */
function prepareAgenciesOfMember(db: Database) {
  return db
    .select({ agency: users })
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
  // Memberships are matched by e-mail, and Settings lets anyone type any e-mail: in production a
  // membership counts only for an address an identity provider verified at sign-in.
  const mayJoinTeams = user.emailVerified || !config.isProduction;
  const agencies = mayJoinTeams ? await query.execute({ email: user.email.toLowerCase() }) : [];
  const agencyOwners = agencies.map((row) => row.agency).filter((agency) => agency.id !== user.id);
  const owners = [user, ...agencyOwners];
  return {
    user,
    isAdmin: isAdminUser(config, user),
    ownerIds: owners.map((owner) => owner.id),
    owners,
    workspaceOwnerId: agencyOwners[0]?.id ?? user.id,
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

/** What a task's subject id names: a brand, or a competitor (whose brand decides). */
export type TaskSubject = 'brand' | 'competitor';

/** The task kinds a lookup accepts, each with what its subject id names. */
export type TaskKinds = Readonly<Record<string, TaskSubject>>;

/** Ids of the brands the actor may see, as a subquery. */
function visibleBrandIds(db: Database, actor: Actor) {
  return db.select({ id: brands.id }).from(brands).where(ownedBy(actor, brands.userId));
}

/** Ids of the competitors of the brands the actor may see, as a subquery. */
function visibleCompetitorIds(db: Database, actor: Actor) {
  return db
    .select({ id: competitors.id })
    .from(competitors)
    .innerJoin(brands, eq(brands.id, competitors.brandId))
    .where(ownedBy(actor, brands.userId));
}

/**
 * The filter for task_progress rows (discoveries, imports, ad discoveries) of these kinds: a task
 * is seen by whoever may see its brand now, not by whoever started it. A member removed from a
 * team (or whose agency's plan lapsed) loses the tasks she started for its brands, and the agency's
 * owner and other members see them.
 */
export function taskVisibleTo(db: Database, actor: Actor, kinds: TaskKinds): SQL {
  const of = (subject: TaskSubject) => Object.keys(kinds).filter((kind) => kinds[kind] === subject);
  const brandKinds = of('brand');
  const competitorKinds = of('competitor');
  const visible: SQL[] = [];
  if (brandKinds.length > 0) {
    visible.push(
      and(inArray(taskProgress.kind, brandKinds), inArray(taskProgress.subjectId, visibleBrandIds(db, actor))) as SQL,
    );
  }
  if (competitorKinds.length > 0) {
    visible.push(
      and(
        inArray(taskProgress.kind, competitorKinds),
        inArray(taskProgress.subjectId, visibleCompetitorIds(db, actor)),
      ) as SQL,
    );
  }
  return or(...visible) ?? sql`false`;
}

/** A task of one of these kinds whose brand the actor may see; any other is a 404. */
export async function getTaskOrThrow(db: Database, actor: Actor, taskId: string, kinds: TaskKinds) {
  const [task] = await db
    .select()
    .from(taskProgress)
    .where(and(eq(taskProgress.id, taskId), taskVisibleTo(db, actor, kinds)));
  if (!task) throw notFound('Task not found');
  return task;
}

/**
 * The filter for the bell's notifications: one about a brand's work is seen by whoever may see the
 * brand now (its owner and the agency's current team, whoever started the work), so a member
 * removed from the team (or whose agency's plan lapsed) loses it as she loses the brand. One about
 * a person alone (their data export) is theirs only, even within a team.
 */
export function notificationVisibleTo(db: Database, actor: Actor): SQL {
  return or(
    inArray(notifications.brandId, visibleBrandIds(db, actor)),
    and(isNull(notifications.brandId), eq(notifications.userId, actor.user.id)),
  ) as SQL;
}

export function requireAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw new AppError('forbidden', "You don't have permission to access this page");
}

/** Whether the actor works in their own account rather than, as a team member, in an agency's. */
export function isWorkspaceOwner(actor: Actor): boolean {
  return actor.workspaceOwnerId === actor.user.id;
}

/**
 * Refuses (403) what only an account's owner may do: manage its team, create API tokens, anything
 * on its billing or the account itself. A team member shares the agency's brands and reports, not
 * the agency's account. `what` completes "Team members cannot ...".
 */
export function assertWorkspaceOwner(actor: Actor, what = 'do this'): void {
  if (!isWorkspaceOwner(actor)) {
    throw new AppError('forbidden', `Team members cannot ${what}; only the agency account's owner can.`);
  }
}
