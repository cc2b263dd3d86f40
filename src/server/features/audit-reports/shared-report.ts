import { and, eq, or, sql } from 'drizzle-orm';
import type { TSharedAuditReport } from '../../../shared/schemas/audits.ts';
import type { Database } from '../../db/client.ts';
import { auditReports, audits, brands } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { toAuditDetail } from '../audits/audit-dto.ts';
import type { FeatureContext } from '../context.ts';
import { loadReportBranding } from './report-branding.ts';

/** A public, completed audit by its share token; anything else is the same 404. */
export async function findSharedAudit(db: Database, token: string) {
  const [row] = await db
    .select({ audit: audits, brand: brands, report: auditReports })
    .from(auditReports)
    .innerJoin(audits, eq(audits.id, auditReports.auditId))
    .innerJoin(brands, eq(brands.id, audits.brandId))
    .where(
      and(eq(auditReports.shareableToken, token), eq(auditReports.isPublic, true), eq(audits.status, 'completed')),
    );
  if (!row) throw notFound('Report not found');
  return row;
}

export async function getSharedReport(ctx: FeatureContext, token: string): Promise<TSharedAuditReport> {
  const { audit, brand, report } = await findSharedAudit(ctx.db, token);
  const branding = await loadReportBranding(ctx.db, ctx.uploads, audit.userId);
  const { brand: _brand, report: _report, ...detail } = toAuditDetail(audit, brand, report);
  const { logo: _logo, ...publicBranding } = branding ?? { logo: null };
  return {
    audit: { ...detail, brand: { name: brand.name, websiteUrl: brand.websiteUrl, hasLogo: Boolean(brand.logoUrl) } },
    branding: branding ? (publicBranding as TSharedAuditReport['branding']) : null,
    downloadsRemaining: report.maxDownloads === -1 ? null : Math.max(0, report.maxDownloads - report.downloadCount),
  };
}

/** Counts one download of a shared report, atomically, unless its limit is reached. */
export async function takeSharedDownload(db: Database, token: string) {
  const [counted] = await db
    .update(auditReports)
    .set({ downloadCount: sql`${auditReports.downloadCount} + 1` })
    .where(
      and(
        eq(auditReports.shareableToken, token),
        eq(auditReports.isPublic, true),
        or(eq(auditReports.maxDownloads, -1), sql`${auditReports.downloadCount} < ${auditReports.maxDownloads}`),
      ),
    )
    .returning({ id: auditReports.id });
  if (!counted) {
    await findSharedAudit(db, token); // 404 when the link is not shared at all
    throw new AppError('forbidden', 'This report has reached its download limit');
  }
}
