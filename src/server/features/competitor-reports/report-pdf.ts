/**
 * The competitive analysis PDF, one function callable without a request (the e-mail job renders it
 * too). It does not check who is asking: routes look the report up through the tenancy checks first.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, competitorReports } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { pdfDocumentFileName } from '../../pdf/file-name.ts';
import { loadCompetitivePdfRenderer } from '../../pdf/load-renderers.ts';
import { loadReportBranding } from '../audit-reports/report-branding.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import { toCompetitorReport } from './report-dto.ts';

const noUploads = { read: () => Promise.reject(new Error('no upload storage')) } as unknown as UploadStorage;

export async function renderCompetitiveReportPdf(
  db: Database,
  reportId: string,
  options: { uploads?: UploadStorage } = {},
) {
  const [row] = await db
    .select({ report: competitorReports, brand: brands })
    .from(competitorReports)
    .innerJoin(brands, eq(brands.id, competitorReports.brandId))
    .where(eq(competitorReports.id, reportId));
  if (!row) throw notFound('Report not found');
  const report = toCompetitorReport(row.report);
  const branding = await loadReportBranding(db, options.uploads ?? noUploads, row.report.userId);
  const render = await loadCompetitivePdfRenderer();
  const pdf = await render({ brandName: row.brand.name, report }, { branding });
  return {
    pdf,
    fileName: pdfDocumentFileName({
      brandName: row.brand.name,
      kind: 'competitive-analysis',
      date: row.report.createdAt,
    }),
    report,
    brandName: row.brand.name,
    ownerId: row.report.userId,
  };
}
