import { and, count, eq } from 'drizzle-orm';
import type { TSentimentReport, TSentimentReportListQuery } from '../../../shared/schemas/sentiment-reports.ts';
import { sentimentReports } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow, ownedBy } from '../../http/access.ts';
import { newestFirst } from '../../http/newest-first.ts';
import { type Page, pageOf } from '../../http/paging.ts';
import type { FeatureContext } from '../context.ts';
import { toSentimentReport } from './report-dto.ts';
import { finishReportWording } from './report-wording.ts';

/** Longer than the wording job's three attempts of at most 5 minutes each, with their backoff. */
export const WORDING_DEADLINE_MS = 20 * 60 * 1000;

const order = newestFirst(sentimentReports.createdAt, sentimentReports.id);

/**
 * One page of a brand's reports, newest first (the first of the first page is the latest report;
 * the rest are history). Open on every plan: reports generated before a downgrade stay readable.
 */
export async function listSentimentReports(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: TSentimentReportListQuery },
): Promise<Page<TSentimentReport>> {
  const brand = await getBrandOrThrow(ctx.db, actor, input.brandId);
  const ofBrand = and(eq(sentimentReports.brandId, brand.id), ownedBy(actor, sentimentReports.userId));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ report: sentimentReports, pageAt: order.at })
      .from(sentimentReports)
      .where(and(ofBrand, order.after(input.cursor)))
      .orderBy(...order.orderBy)
      .limit(input.limit + 1),
    ctx.db.select({ value: count() }).from(sentimentReports).where(ofBrand),
  ]);
  const page = pageOf(
    rows,
    input.limit,
    total?.value ?? 0,
    (row) => order.keyOf({ pageAt: row.pageAt, id: row.report.id }),
    (row) => toSentimentReport(row.report),
  );
  const reports = page.items;
  // A wording job whose every attempt died with its worker never says it is done: past the time
  // its attempts can take, the local sentences are final, so the screen stops waiting for it.
  const stale = reports.filter(
    (report) =>
      report.insights.wording === 'pending' && Date.now() - Date.parse(report.createdAt) > WORDING_DEADLINE_MS,
  );
  for (const report of stale) {
    await finishReportWording(ctx.db, report.id);
    report.insights.wording = 'final';
  }
  return page;
}
