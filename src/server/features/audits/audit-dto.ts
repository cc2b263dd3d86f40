import type { TAuditAnalysis, TAuditDetail, TAuditSummary, TRecommendation } from '../../../shared/schemas/audits.ts';
import type { auditReports, audits } from '../../db/schema/index.ts';
import { type BrandRow, toBrandRecord } from '../brands/brand-dto.ts';

export type AuditRow = typeof audits.$inferSelect;
export type AuditReportRow = typeof auditReports.$inferSelect;

export function toAuditSummary(audit: AuditRow, brandName: string | null): TAuditSummary {
  return {
    id: audit.id,
    brandId: audit.brandId,
    brandName,
    status: audit.status,
    overallScore: audit.overallScore,
    websiteScore: audit.websiteScore,
    socialMediaScore: audit.socialMediaScore,
    brandAssetsScore: audit.brandAssetsScore,
    coverage: (audit.analysis as TAuditAnalysis | null)?.coverage ?? null,
    progressStage: audit.progressStage,
    progressPercent: audit.progressPercent,
    failureReason: audit.failureReason,
    createdAt: audit.createdAt.toISOString(),
    completedAt: audit.completedAt?.toISOString() ?? null,
  };
}

export function toAuditDetail(audit: AuditRow, brand: BrandRow, report: AuditReportRow | null): TAuditDetail {
  return {
    ...toAuditSummary(audit, brand.name),
    analysis: (audit.analysis as TAuditAnalysis | null) ?? null,
    strengths: audit.strengths,
    weaknesses: audit.weaknesses,
    recommendations: audit.recommendations as TRecommendation[],
    writtenBy: audit.status === 'completed' ? audit.writtenBy : null,
    brand: toBrandRecord(brand),
    report: report ? { shareableToken: report.shareableToken, isPublic: report.isPublic } : null,
  };
}
