import { and, asc, eq } from 'drizzle-orm';
import type { TAuditAnalysis } from '../../../shared/schemas/audits.ts';
import type { TBrandScoreHistory, TScoreHistory, TScoreHistoryPoint } from '../../../shared/schemas/score-history.ts';
import type { Database } from '../../db/client.ts';
import { audits, brands } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow, ownedBy } from '../../http/access.ts';
import type { AuditRow } from './audit-dto.ts';

/**
 * Each brand's scores over time: every completed audit, oldest first, with the overall score and
 * the three sub-scores as measured and how much of each area was measured. A score that was not
 * measured is null (a gap in the line), never 0. With a brandId, that brand only (404 when it is
 * not yours); otherwise every brand the actor can see, brands without audits included.
 */
export async function scoreHistoryOf(db: Database, actor: Actor, brandId?: string): Promise<TScoreHistory> {
  const brandRows = brandId
    ? [await getBrandOrThrow(db, actor, brandId)]
    : await db.select().from(brands).where(ownedBy(actor, brands.userId)).orderBy(asc(brands.createdAt));
  const conditions = [ownedBy(actor, audits.userId), eq(audits.status, 'completed')];
  if (brandId) conditions.push(eq(audits.brandId, brandId));
  const completed = await db
    .select()
    .from(audits)
    .where(and(...conditions))
    .orderBy(asc(audits.completedAt), asc(audits.createdAt));
  const byBrand = new Map<string, TBrandScoreHistory>(
    brandRows.map((brand) => [brand.id, { brandId: brand.id, brandName: brand.name, points: [] }]),
  );
  for (const audit of completed) byBrand.get(audit.brandId)?.points.push(toPoint(audit));
  return { brands: [...byBrand.values()] };
}

function toPoint(audit: AuditRow): TScoreHistoryPoint {
  const coverage = (audit.analysis as TAuditAnalysis | null)?.coverage;
  return {
    auditId: audit.id,
    completedAt: (audit.completedAt ?? audit.createdAt).toISOString(),
    overallScore: coverage?.overallMeasured === false ? null : audit.overallScore,
    websiteScore: audit.websiteScore,
    socialMediaScore: audit.socialMediaScore,
    brandAssetsScore: audit.brandAssetsScore,
    coverage: coverage
      ? {
          website: coverage.website.coverage,
          socialMedia: coverage.socialMedia.coverage,
          brandAssets: coverage.brandAssets.coverage,
        }
      : null,
  };
}
