import { eq, sql } from 'drizzle-orm';
import type { AiLogger, AiWriter } from '../../ai/provider.ts';
import { reportWordingFacts, writeReportWording } from '../../ai/sentiment-report-wording.ts';
import type { WrittenBy } from '../../ai/write-with-fallback.ts';
import type { Database } from '../../db/client.ts';
import { brands, sentimentReports } from '../../db/schema/index.ts';
import { toSentimentReport } from './report-dto.ts';

/**
 * Has the model reword a report's reading (in a job: see decision 0012) and stores it with who
 * wrote it. The local sentences stand whenever the model's answer cannot be used.
 */
export async function writeWordingOfReport(
  deps: { db: Database; ai: AiWriter | null; logger: AiLogger },
  reportId: string,
  signal?: AbortSignal,
): Promise<WrittenBy | 'report deleted'> {
  const [row] = await deps.db
    .select({ report: sentimentReports, brandName: brands.name })
    .from(sentimentReports)
    .innerJoin(brands, eq(brands.id, sentimentReports.brandId))
    .where(eq(sentimentReports.id, reportId));
  if (!row) return 'report deleted';
  const report = toSentimentReport(row.report);
  if (report.insights.wording === 'final') return report.insights.writtenBy;
  const facts = reportWordingFacts(report, row.brandName);
  const written = await writeReportWording(deps.ai, facts, deps.logger, signal ? { abortSignal: signal } : {});
  await deps.db
    .update(sentimentReports)
    .set({
      insights: { ...report.insights, aiInsights: written.value, writtenBy: written.writtenBy, wording: 'final' },
    })
    .where(eq(sentimentReports.id, reportId));
  return written.writtenBy;
}

/** Stops a report waiting for the model's wording: its local sentences are final. */
export async function finishReportWording(db: Database, reportId: string): Promise<void> {
  await db
    .update(sentimentReports)
    .set({ insights: sql`jsonb_set(${sentimentReports.insights}, '{wording}', '"final"')` })
    .where(eq(sentimentReports.id, reportId));
}
