/**
 * The PDFs a scheduled report carries, rendered by the same functions as the download buttons
 * (with the owner's white label when they have it): the audit report, the consumer insights
 * report (or the period's sentiment report a fresh analysis made) and the competitive analysis.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditReports, audits, brands } from '../../db/schema/index.ts';
import type { EmailAttachment } from '../../emails/composer.ts';
import { AppError } from '../../http/errors.ts';
import { loadAuditReportRenderer } from '../../pdf/load-renderers.ts';
import { loadReportBranding } from '../audit-reports/report-branding.ts';
import { auditPdfFileName } from '../audit-reports/routes.ts';
import { toAuditDetail } from '../audits/audit-dto.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import type { BrandContent } from './report-contents.ts';

const pdf = (filename: string, content: Buffer): EmailAttachment => ({
  filename,
  contentType: 'application/pdf',
  content,
});

async function auditPdf(db: Database, uploads: UploadStorage, auditId: string): Promise<EmailAttachment | null> {
  const [row] = await db
    .select({ audit: audits, brand: brands, report: auditReports })
    .from(audits)
    .innerJoin(brands, eq(brands.id, audits.brandId))
    .leftJoin(auditReports, eq(auditReports.auditId, audits.id))
    .where(eq(audits.id, auditId));
  if (!row) return null;
  const branding = await loadReportBranding(db, uploads, row.audit.userId);
  const render = await loadAuditReportRenderer();
  const content = await render(toAuditDetail(row.audit, row.brand, row.report), { branding });
  return pdf(auditPdfFileName(row.brand.name, row.audit), content);
}

/** A document that cannot be made (its data went away since the content was read) is left out. */
async function unlessGone<T>(render: () => Promise<T>): Promise<T | null> {
  try {
    return await render();
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return null;
    throw error;
  }
}

export async function reportAttachments(
  db: Database,
  uploads: UploadStorage,
  contents: BrandContent[],
): Promise<EmailAttachment[]> {
  const { renderConsumerInsightsPdf, renderSentimentReportPdf } = await import('../sentiment-reports/report-pdfs.ts');
  const { renderCompetitiveReportPdf } = await import('../competitor-reports/report-pdf.ts');
  const attachments: EmailAttachment[] = [];
  for (const content of contents) {
    if (content.audit) {
      const { auditId } = content.audit;
      const attachment = await unlessGone(() => auditPdf(db, uploads, auditId));
      if (attachment) attachments.push(attachment);
    }
    if (content.sentiment) {
      const { freshReportId } = content.sentiment;
      const brandId = content.brand.id;
      const rendered = await unlessGone(() =>
        freshReportId
          ? renderSentimentReportPdf(db, freshReportId, { uploads })
          : renderConsumerInsightsPdf(db, brandId, { uploads }),
      );
      if (rendered) attachments.push(pdf(rendered.fileName, rendered.pdf));
    }
    if (content.competitive) {
      const { reportId } = content.competitive;
      const rendered = await unlessGone(() => renderCompetitiveReportPdf(db, reportId, { uploads }));
      if (rendered) attachments.push(pdf(rendered.fileName, rendered.pdf));
    }
  }
  return attachments;
}
