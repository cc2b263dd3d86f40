import { and, desc, eq } from 'drizzle-orm';
import type { TSentimentReport } from '../../../shared/schemas/sentiment-reports.ts';
import { sentimentReports } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow, ownedBy } from '../../http/access.ts';
import { assertPlanAllows } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { toSentimentReport } from './report-dto.ts';

/** A brand's reports, newest first (the first is the latest report; the rest are history). */
export async function listSentimentReports(
  ctx: FeatureContext,
  { actor, brandId }: { actor: Actor; brandId: string },
): Promise<TSentimentReport[]> {
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  await assertPlanAllows(ctx.db, brand.userId, 'consumerInsights');
  const rows = await ctx.db
    .select()
    .from(sentimentReports)
    .where(and(eq(sentimentReports.brandId, brand.id), ownedBy(actor, sentimentReports.userId)))
    .orderBy(desc(sentimentReports.createdAt), desc(sentimentReports.id));
  return rows.map(toSentimentReport);
}
