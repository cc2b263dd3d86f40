import { and, desc, eq } from 'drizzle-orm';
import type { TSentimentReport } from '../../../shared/schemas/sentiment-reports.ts';
import { sentimentReports } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow, ownedBy } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { toSentimentReport } from './report-dto.ts';
import { finishReportWording } from './report-wording.ts';

/** Longer than the wording job's three attempts of at most 5 minutes each, with their backoff. */
export const WORDING_DEADLINE_MS = 20 * 60 * 1000;

/**
 * A brand's reports, newest first (the first is the latest report; the rest are history). Open on
 * every plan: reports generated before a downgrade stay readable.
 */
export async function listSentimentReports(
  ctx: FeatureContext,
  { actor, brandId }: { actor: Actor; brandId: string },
): Promise<TSentimentReport[]> {
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  const rows = await ctx.db
    .select()
    .from(sentimentReports)
    .where(and(eq(sentimentReports.brandId, brand.id), ownedBy(actor, sentimentReports.userId)))
    .orderBy(desc(sentimentReports.createdAt), desc(sentimentReports.id));
  const reports = rows.map(toSentimentReport);
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
  return reports;
}
