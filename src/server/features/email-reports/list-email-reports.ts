import { desc, eq } from 'drizzle-orm';
import type { TEmailReport } from '../../../shared/schemas/email-reports.ts';
import { brands, emailReports } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { toEmailReportDto } from './email-report-dto.ts';

/** The workspace's scheduled reports, newest first, each with its brand's name. */
export async function listEmailReports(
  ctx: Pick<FeatureContext, 'db'>,
  { actor }: { actor: Actor },
): Promise<TEmailReport[]> {
  const rows = await ctx.db
    .select({ report: emailReports, brandName: brands.name })
    .from(emailReports)
    .leftJoin(brands, eq(brands.id, emailReports.brandId))
    .where(ownedBy(actor, emailReports.userId))
    .orderBy(desc(emailReports.createdAt), desc(emailReports.id));
  return rows.map((row) => toEmailReportDto(row.report, row.brandName));
}
