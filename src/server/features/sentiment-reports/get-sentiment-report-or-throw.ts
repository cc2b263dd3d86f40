import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, sentimentReports } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';

/** A report the actor may read, with its brand; 404 when missing, not theirs, or not of `brandId`. */
export async function getSentimentReportOrThrow(db: Database, actor: Actor, reportId: string, brandId?: string) {
  const [row] = await db
    .select({ report: sentimentReports, brand: brands })
    .from(sentimentReports)
    .innerJoin(brands, eq(brands.id, sentimentReports.brandId))
    .where(and(eq(sentimentReports.id, reportId), ownedBy(actor, sentimentReports.userId)));
  if (!row || (brandId !== undefined && row.report.brandId !== brandId)) throw notFound('Report not found');
  return row;
}
