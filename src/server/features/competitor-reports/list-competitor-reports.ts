import { and, desc, eq } from 'drizzle-orm';
import type { TCompetitorReport } from '../../../shared/schemas/competitor-reports.ts';
import type { Database } from '../../db/client.ts';
import { brands, competitorReports } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow, ownedBy } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import type { FeatureContext } from '../context.ts';
import { toCompetitorReport } from './report-dto.ts';

/**
 * A brand's competitor reports, newest first: the first is the latest report, the rest history.
 * Open on every plan: reports generated before a downgrade stay readable.
 */
export async function listCompetitorReports(
  ctx: FeatureContext,
  { actor, brandId }: { actor: Actor; brandId: string },
): Promise<TCompetitorReport[]> {
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  const rows = await ctx.db
    .select()
    .from(competitorReports)
    .where(and(eq(competitorReports.brandId, brand.id), ownedBy(actor, competitorReports.userId)))
    .orderBy(desc(competitorReports.createdAt), desc(competitorReports.id));
  return rows.map(toCompetitorReport);
}

/** A report the actor may read, with its brand; 404 when missing, not theirs, or not of `brandId`. */
export async function getCompetitorReportOrThrow(db: Database, actor: Actor, reportId: string, brandId?: string) {
  const [row] = await db
    .select({ report: competitorReports, brand: brands })
    .from(competitorReports)
    .innerJoin(brands, eq(brands.id, competitorReports.brandId))
    .where(and(eq(competitorReports.id, reportId), ownedBy(actor, competitorReports.userId)));
  if (!row || (brandId !== undefined && row.report.brandId !== brandId)) throw notFound('Report not found');
  return row;
}

/** The brand's latest report; 404 in SPEC's words when it has none. */
export async function latestCompetitorReportOrThrow(db: Database, actor: Actor, brandId: string) {
  const brand = await getBrandOrThrow(db, actor, brandId);
  const [report] = await db
    .select()
    .from(competitorReports)
    .where(and(eq(competitorReports.brandId, brand.id), ownedBy(actor, competitorReports.userId)))
    .orderBy(desc(competitorReports.createdAt), desc(competitorReports.id))
    .limit(1);
  if (!report) throw notFound('Generate a competitive analysis report first');
  return { report, brand };
}
