import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { audits, auditUsage, brands, users } from '../../src/server/db/schema/index.ts';
import { type PlanKey, plans } from '../../src/shared/plans.ts';
import { auditDetailFixture } from '../fixtures/audit-detail.ts';

/**
 * A completed audit stored directly, with the fixture's measured content, for tests of what
 * happens after an audit (reports, sharing, recommendations) without running the engine.
 */
export async function seedCompletedAudit(database: DatabaseHandle, ownerEmail: string, brandName = 'Acme Coffee') {
  const [owner] = await database.db.select().from(users).where(eq(users.email, ownerEmail));
  if (!owner) throw new Error(`no user ${ownerEmail}: sign in first`);
  const [brand] = await database.db
    .insert(brands)
    .values({ userId: owner.id, name: brandName, websiteUrl: auditDetailFixture.brand.websiteUrl })
    .returning();
  const audit = await seedCompletedAuditOf(database, brand!);
  return { owner, brand: brand!, audit };
}

/** seedCompletedAudit for an existing brand. */
export async function seedCompletedAuditOf(database: DatabaseHandle, brand: { id: string; userId: string }) {
  const fixture = auditDetailFixture;
  const [audit] = await database.db
    .insert(audits)
    .values({
      brandId: brand.id,
      userId: brand.userId,
      status: 'completed',
      overallScore: fixture.overallScore,
      websiteScore: fixture.websiteScore,
      socialMediaScore: fixture.socialMediaScore,
      brandAssetsScore: fixture.brandAssetsScore,
      analysis: fixture.analysis as Record<string, unknown>,
      strengths: fixture.strengths,
      weaknesses: fixture.weaknesses,
      recommendations: fixture.recommendations,
      progressStage: 'Complete',
      progressPercent: 100,
      completedAt: new Date(),
    })
    .returning();
  // As starting it through the API would, the audit counts against the owner's plan.
  await database.db.insert(auditUsage).values({ userId: brand.userId, auditId: audit!.id });
  return audit!;
}

/** Puts an account on a plan, with the brand allowance that plan comes with. */
export async function setPlan(database: DatabaseHandle, email: string, planType: PlanKey) {
  await database.db
    .update(users)
    .set({ planType, maxBrands: plans[planType].limits.brands })
    .where(eq(users.email, email));
}
