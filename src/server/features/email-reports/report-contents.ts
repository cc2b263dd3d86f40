/**
 * What a scheduled report says about each of its brands, read from the database when the message
 * is composed: the latest completed audit's scores and top recommendations, the consumer-insight
 * sentiment of the report's period with its trend against the period before, and the latest
 * competitive analysis. A module the report leaves out is undefined; one with no data is null, so
 * the message can say so instead of leaving it out silently.
 */
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import { competitorCountOf } from '../../../shared/competitor-report-counts.ts';
import type { TAuditAnalysis, TRecommendation } from '../../../shared/schemas/audits.ts';
import { findingKinds } from '../../../shared/schemas/competitor-reports.ts';
import type { TReportPeriod, TTrendDirection } from '../../../shared/schemas/sentiment-reports.ts';
import { reportWindow } from '../../analysis/sentiment-report/index.ts';
import type { Database } from '../../db/client.ts';
import { audits, brands, competitorReports, type emailReports, sentimentReports } from '../../db/schema/index.ts';
import { toCompetitorReport } from '../competitor-reports/report-dto.ts';
import { brandHasInsights, measureInsights } from '../sentiment-reports/measure-insights.ts';

export type EmailReportRow = typeof emailReports.$inferSelect;

/** Recommendations a report lists per brand. */
export const TOP_RECOMMENDATIONS = 3;

export type AuditContent = {
  auditId: string;
  completedAt: Date;
  /** null when no area had enough measured (the stored 0 is then not a score) */
  overallScore: number | null;
  websiteScore: number | null;
  socialMediaScore: number | null;
  brandAssetsScore: number | null;
  topRecommendations: Pick<TRecommendation, 'title' | 'priority' | 'scoreImpact'>[];
};

export type SentimentContent = {
  period: TReportPeriod;
  totalMentions: number;
  /** out of 5; null with no mention in the period */
  overallSentiment: number | null;
  positivePercentage: number;
  neutralPercentage: number;
  negativePercentage: number;
  trendDirection: TTrendDirection;
  previousMentions: number;
  previousSentiment: number | null;
  /** a stored sentiment report of this period made for this run (fresh analysis), attached as its PDF */
  freshReportId: string | null;
};

export type CompetitiveContent = {
  reportId: string;
  startDate: string;
  endDate: string;
  totalAdsAnalysed: number;
  competitors: number;
  /** the first finding of each kind */
  headline: string[];
};

export type BrandContent = {
  brand: { id: string; name: string };
  audit?: AuditContent | null;
  sentiment?: SentimentContent | null;
  competitive?: CompetitiveContent | null;
};

/** The brands a report covers: its one brand, or every brand of its owner (by name). */
export async function brandsOfReport(db: Database, report: Pick<EmailReportRow, 'userId' | 'brandId'>) {
  const owned = eq(brands.userId, report.userId);
  return db
    .select({ id: brands.id, name: brands.name, websiteUrl: brands.websiteUrl })
    .from(brands)
    .where(report.brandId ? and(owned, eq(brands.id, report.brandId)) : owned)
    .orderBy(asc(brands.name), asc(brands.id));
}

async function latestAudit(db: Database, brandId: string): Promise<AuditContent | null> {
  const [audit] = await db
    .select()
    .from(audits)
    .where(and(eq(audits.brandId, brandId), eq(audits.status, 'completed')))
    .orderBy(desc(audits.completedAt), desc(audits.createdAt))
    .limit(1);
  if (!audit) return null;
  const recommendations = audit.recommendations as TRecommendation[];
  return {
    auditId: audit.id,
    completedAt: audit.completedAt ?? audit.createdAt,
    overallScore:
      (audit.analysis as TAuditAnalysis | null)?.coverage?.overallMeasured === false ? null : audit.overallScore,
    websiteScore: audit.websiteScore,
    socialMediaScore: audit.socialMediaScore,
    brandAssetsScore: audit.brandAssetsScore,
    topRecommendations: recommendations
      .slice(0, TOP_RECOMMENDATIONS)
      .map(({ title, priority, scoreImpact }) => ({ title, priority, scoreImpact })),
  };
}

async function sentimentOf(
  db: Database,
  brandId: string,
  period: TReportPeriod,
  now: Date,
  freshSince: Date | null,
): Promise<SentimentContent | null> {
  if (!(await brandHasInsights(db, brandId))) return null;
  const { figures } = await measureInsights(db, brandId, reportWindow(period, now));
  const [fresh] = freshSince
    ? await db
        .select({ id: sentimentReports.id })
        .from(sentimentReports)
        .where(
          and(
            eq(sentimentReports.brandId, brandId),
            eq(sentimentReports.reportPeriod, period),
            gte(sentimentReports.createdAt, freshSince),
          ),
        )
        .orderBy(desc(sentimentReports.createdAt))
        .limit(1)
    : [];
  return {
    period,
    totalMentions: figures.totalMentions,
    overallSentiment: figures.overallSentiment,
    positivePercentage: figures.positivePercentage,
    neutralPercentage: figures.neutralPercentage,
    negativePercentage: figures.negativePercentage,
    trendDirection: figures.trendDirection,
    previousMentions: figures.previous?.mentions ?? 0,
    previousSentiment: figures.previous?.overallSentiment ?? null,
    freshReportId: fresh?.id ?? null,
  };
}

async function latestCompetitive(db: Database, brandId: string): Promise<CompetitiveContent | null> {
  const [row] = await db
    .select()
    .from(competitorReports)
    .where(eq(competitorReports.brandId, brandId))
    .orderBy(desc(competitorReports.createdAt))
    .limit(1);
  if (!row) return null;
  const report = toCompetitorReport(row);
  return {
    reportId: row.id,
    startDate: report.startDate,
    endDate: report.endDate,
    totalAdsAnalysed: report.totalAdsAnalysed,
    competitors: competitorCountOf(report),
    headline: findingKinds.flatMap((kind) => report.keyFindings[kind].slice(0, 1).map((finding) => finding.text)),
  };
}

/**
 * The content of each brand of the report, for the modules it includes. `now` ends the sentiment
 * period; `freshSince` (a fresh-analysis run's start) picks the sentiment report made for the run.
 */
export async function collectReportContents(
  db: Database,
  report: Pick<EmailReportRow, 'userId' | 'brandId' | 'includeModules' | 'frequency'>,
  { now, freshSince = null }: { now: Date; freshSince?: Date | null },
): Promise<BrandContent[]> {
  const modules = report.includeModules;
  const contents: BrandContent[] = [];
  // one brand after another: PGlite is a single connection, and a report's brands are few
  for (const brand of await brandsOfReport(db, report)) {
    const content: BrandContent = { brand: { id: brand.id, name: brand.name } };
    if (modules.brandAudit) content.audit = await latestAudit(db, brand.id);
    if (modules.consumerInsights)
      content.sentiment = await sentimentOf(db, brand.id, report.frequency, now, freshSince);
    if (modules.competitorTracking) content.competitive = await latestCompetitive(db, brand.id);
    contents.push(content);
  }
  return contents;
}
