import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { audits, brands, users } from '../../src/server/db/schema/index.ts';
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
  const fixture = auditDetailFixture;
  const [audit] = await database.db
    .insert(audits)
    .values({
      brandId: brand!.id,
      userId: owner.id,
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
  return { owner, brand: brand!, audit: audit! };
}
