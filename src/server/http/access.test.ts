import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../tests/helpers/app.ts';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { agencyTeamMembers, brands, users } from '../db/schema/index.ts';
import { upsertUserByEmail } from '../features/users/upsert-user-by-email.ts';
import {
  assertWorkspaceOwner,
  getBrandOrThrow,
  isAdminUser,
  isWorkspaceOwner,
  ownedBy,
  requireAdmin,
  resolveActor,
} from './access.ts';
import { AppError } from './errors.ts';

let database: DatabaseHandle;
const config = testConfig({ ADMIN_EMAILS: 'boss@example.com' });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function brandFor(email: string, name: string) {
  const user = await upsertUserByEmail(database.db, { email });
  const [brand] = await database.db.insert(brands).values({ userId: user.id, name }).returning();
  return { user, brand: brand! };
}

describe('access', () => {
  it('lets the owner read their brand and gives everyone else a 404', async () => {
    const { user: owner, brand } = await brandFor('owner@example.com', 'Owner Co');
    const stranger = await upsertUserByEmail(database.db, { email: 'stranger@example.com' });

    const ownerActor = await resolveActor(database.db, config, owner);
    await expect(getBrandOrThrow(database.db, ownerActor, brand.id)).resolves.toMatchObject({ name: 'Owner Co' });

    const strangerActor = await resolveActor(database.db, config, stranger);
    const failure = await getBrandOrThrow(database.db, strangerActor, brand.id).catch((error) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure.status).toBe(404);
  });

  it('shares an agency owner’s brands with active team members only', async () => {
    const { user: agency, brand } = await brandFor('agency@example.com', 'Agency Client');
    await database.db.update(users).set({ planType: 'agency', maxBrands: 999 }).where(eq(users.id, agency.id));
    const member = await upsertUserByEmail(database.db, { email: 'member@example.com' });
    const former = await upsertUserByEmail(database.db, { email: 'former@example.com' });
    await database.db.insert(agencyTeamMembers).values([
      { agencyUserId: agency.id, memberEmail: 'member@example.com' },
      { agencyUserId: agency.id, memberEmail: 'former@example.com', isActive: false },
    ]);

    const memberActor = await resolveActor(database.db, config, member);
    expect(memberActor.ownerIds).toEqual([member.id, agency.id]);
    expect(memberActor.workspaceOwnerId).toBe(agency.id);
    await expect(getBrandOrThrow(database.db, memberActor, brand.id)).resolves.toMatchObject({ id: brand.id });

    const formerActor = await resolveActor(database.db, config, former);
    expect(formerActor.ownerIds).toEqual([former.id]);
    await expect(getBrandOrThrow(database.db, formerActor, brand.id)).rejects.toThrow('Brand not found');

    const visible = await database.db.select().from(brands).where(ownedBy(memberActor, brands.userId));
    expect(visible.map((row) => row.name)).toEqual(['Agency Client']);
  });

  it('in production, honours a membership only for an e-mail an identity provider verified', async () => {
    const production = testConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
    const { user: agency } = await brandFor('verified-agency@example.com', 'Verified Agency Client');
    await database.db.update(users).set({ planType: 'agency' }).where(eq(users.id, agency.id));
    await database.db.insert(agencyTeamMembers).values({ agencyUserId: agency.id, memberEmail: 'claimed@example.com' });
    const claimant = await upsertUserByEmail(database.db, { email: 'claimed@example.com' });

    expect((await resolveActor(database.db, production, claimant)).ownerIds).toEqual([claimant.id]);
    const verified = { ...claimant, emailVerified: true };
    expect((await resolveActor(database.db, production, verified)).ownerIds).toEqual([claimant.id, agency.id]);
  });

  it('lets only the account owner, never a team member, take owner-only actions', async () => {
    const { user: agency } = await brandFor('owner-only@example.com', 'Owner Only Client');
    await database.db.update(users).set({ planType: 'agency' }).where(eq(users.id, agency.id));
    const member = await upsertUserByEmail(database.db, { email: 'owner-only-member@example.com' });
    await database.db.insert(agencyTeamMembers).values({ agencyUserId: agency.id, memberEmail: member.email });

    const ownerActor = await resolveActor(database.db, config, { ...agency, planType: 'agency' });
    expect(isWorkspaceOwner(ownerActor)).toBe(true);
    expect(() => assertWorkspaceOwner(ownerActor, 'create API tokens')).not.toThrow();

    const memberActor = await resolveActor(database.db, config, member);
    expect(isWorkspaceOwner(memberActor)).toBe(false);
    const refusal = (() => {
      try {
        assertWorkspaceOwner(memberActor, 'create API tokens');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: "Team members cannot create API tokens; only the agency account's owner can.",
    });
  });

  it('stops sharing when the agency leaves the agency plan', async () => {
    const { user: lapsed, brand } = await brandFor('lapsed@example.com', 'Lapsed Client');
    const member = await upsertUserByEmail(database.db, { email: 'lapsed-member@example.com' });
    await database.db.insert(agencyTeamMembers).values({ agencyUserId: lapsed.id, memberEmail: member.email });
    const actor = await resolveActor(database.db, config, member);
    await expect(getBrandOrThrow(database.db, actor, brand.id)).rejects.toThrow('Brand not found');
  });

  it('knows admins by configured e-mail or id', async () => {
    const boss = await upsertUserByEmail(database.db, { email: 'Boss@Example.com' });
    expect(isAdminUser(config, boss)).toBe(true);
    expect(isAdminUser(testConfig({ ADMIN_USER_IDS: boss.id }), { id: boss.id, email: 'x@example.com' })).toBe(true);
    const someone = await upsertUserByEmail(database.db, { email: 'someone@example.com' });
    const actor = await resolveActor(database.db, config, someone);
    expect(() => requireAdmin(actor)).toThrow("You don't have permission to access this page");
    expect(() => requireAdmin({ ...actor, isAdmin: true })).not.toThrow();
  });
});
