import { and, count, desc, eq } from 'drizzle-orm';
import type { TCompetitorReport, TCompetitorReportListQuery } from '../../../shared/schemas/competitor-reports.ts';
import type { Database } from '../../db/client.ts';
import { brands, competitorReports } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow, ownedBy } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { newestFirst } from '../../http/newest-first.ts';
import { type Page, pageOf } from '../../http/paging.ts';
import type { FeatureContext } from '../context.ts';
import { toCompetitorReport } from './report-dto.ts';

const order = newestFirst(competitorReports.createdAt, competitorReports.id);

/**
 * One page of a brand's competitor reports, newest first: the first of the first page is the latest
 * report, the rest history. Open on every plan: reports generated before a downgrade stay readable.
 */
export async function listCompetitorReports(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: TCompetitorReportListQuery },
): Promise<Page<TCompetitorReport>> {
  const brand = await getBrandOrThrow(ctx.db, actor, input.brandId);
  const ofBrand = and(eq(competitorReports.brandId, brand.id), ownedBy(actor, competitorReports.userId));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ report: competitorReports, pageAt: order.at })
      .from(competitorReports)
      .where(and(ofBrand, order.after(input.cursor)))
      .orderBy(...order.orderBy)
      .limit(input.limit + 1),
    ctx.db.select({ value: count() }).from(competitorReports).where(ofBrand),
  ]);
  return pageOf(
    rows,
    input.limit,
    total?.value ?? 0,
    (row) => order.keyOf({ pageAt: row.pageAt, id: row.report.id }),
    (row) => toCompetitorReport(row.report),
  );
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
