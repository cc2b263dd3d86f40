/**
 * The two sentiment documents, one function each, callable without a request (the e-mail job
 * renders them too). Neither checks who is asking: routes look the brand or report up through
 * the tenancy checks first.
 */
import { eq } from 'drizzle-orm';
import {
  reportPeriodLabels,
  reportPeriodSpans,
  type TSpikeAlert,
  type TTrendDirection,
} from '../../../shared/schemas/sentiment-reports.ts';
import { periodRange, shortDate, trendDetail } from '../../../shared/sentiment-report-format.ts';
import { localReportWording, overviewWindow, SPIKE_RULE, TREND_RULE } from '../../analysis/sentiment-report/index.ts';
import { OVERVIEW_SPIKE_DAYS, periodLengthMs } from '../../analysis/sentiment-report/window.ts';
import type { Database } from '../../db/client.ts';
import { brands, sentimentReports } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { pdfDocumentFileName } from '../../pdf/file-name.ts';
import { loadSentimentPdfRenderer } from '../../pdf/load-renderers.ts';
import { countsOf, type TSentimentDocument } from '../../pdf/sentiment-document.ts';
import { loadReportBranding } from '../audit-reports/report-branding.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import { firstInsightAt, latestInsights, measureInsights } from './measure-insights.ts';
import { toSentimentReport } from './report-dto.ts';

/** The headline figures, for an e-mail's body. */
export type SentimentPdfSummary = {
  brandName: string;
  /** 'Consumer insights report', 'Monthly sentiment report' */
  title: string;
  /** '10 Feb 2026 to 12 Mar 2026' */
  range: string;
  totalMentions: number;
  /** out of 5; null when there was no mention */
  overallSentiment: number | null;
  positivePercentage: number;
  neutralPercentage: number;
  negativePercentage: number;
  /** null for the overview, which compares with nothing */
  trendDirection: TTrendDirection | null;
  spikeAlert: TSpikeAlert | null;
  /** the written reading of the figures, and who wrote it */
  reading: string[];
  writtenBy: 'local' | 'ai';
};

export type RenderedSentimentPdf = { fileName: string; pdf: Buffer; summary: SentimentPdfSummary };

export type SentimentPdfOptions = {
  /** where a white-label logo is read from; without it the branding has no logo */
  uploads?: UploadStorage;
  now?: Date;
};

/** Insights the overview lists in full. */
export const OVERVIEW_LATEST = 15;

export const noInsightsForPdfMessage = 'Add some consumer insights first to download the consumer insights report.';

const noUploads = { read: () => Promise.reject(new Error('no upload storage')) } as unknown as UploadStorage;

const commonRules = [
  'Only the brand’s own mentions are counted; mentions about its competitors are left out. Days, weeks and hours are counted in UK time (Europe/London).',
  'Average sentiment is the mean of the mentions’ scores out of 5 (1 very negative, 3 neutral, 5 very positive), each given when the mention was added. Percentages are whole numbers rounded to add up to exactly 100 (largest remainder).',
];

async function brandOrThrow(db: Database, brandId: string) {
  const [brand] = await db.select().from(brands).where(eq(brands.id, brandId));
  if (!brand) throw notFound('Brand not found');
  return brand;
}

async function render(db: Database, ownerId: string, doc: TSentimentDocument, options: SentimentPdfOptions) {
  const branding = await loadReportBranding(db, options.uploads ?? noUploads, ownerId);
  const renderPdf = await loadSentimentPdfRenderer();
  return renderPdf(doc, { branding });
}

function summaryOf(doc: TSentimentDocument, title: string): SentimentPdfSummary {
  return {
    brandName: doc.brandName,
    title,
    range: doc.range,
    totalMentions: doc.totalMentions,
    overallSentiment: doc.overallSentiment,
    positivePercentage: doc.percentages.positive,
    neutralPercentage: doc.percentages.neutral,
    negativePercentage: doc.percentages.negative,
    trendDirection: doc.trend?.direction ?? null,
    spikeAlert: doc.spikeAlert,
    reading: doc.reading,
    writtenBy: doc.writtenBy,
  };
}

/**
 * The consumer insights report: every insight of the brand, charted over its whole span,
 * with the spike check over the last 30 days and the latest insights in full.
 */
export async function renderConsumerInsightsPdf(
  db: Database,
  brandId: string,
  options: SentimentPdfOptions = {},
): Promise<RenderedSentimentPdf> {
  const brand = await brandOrThrow(db, brandId);
  const now = options.now ?? new Date();
  const first = await firstInsightAt(db, brand.id);
  if (!first || first.getTime() >= now.getTime()) throw new AppError('conflict', noInsightsForPdfMessage);
  const window = overviewWindow(first, now);
  const [{ figures, quotes }, latest] = await Promise.all([
    measureInsights(db, brand.id, window),
    latestInsights(db, brand.id, now, OVERVIEW_LATEST),
  ]);
  const span = `since ${shortDate(first.toISOString())}`;
  const spikeScope =
    now.getTime() - first.getTime() > OVERVIEW_SPIKE_DAYS * 24 * 60 * 60 * 1000
      ? `in the last ${OVERVIEW_SPIKE_DAYS} days`
      : 'since the first insight';
  const doc: TSentimentDocument = {
    kind: 'overview',
    brandName: brand.name,
    periodName: null,
    range: `${shortDate(first.toISOString())} to ${shortDate(now.toISOString())}`,
    span,
    totalMentions: figures.totalMentions,
    overallSentiment: figures.overallSentiment,
    percentages: {
      positive: figures.positivePercentage,
      neutral: figures.neutralPercentage,
      negative: figures.negativePercentage,
    },
    counts: figures.counts,
    trend: null,
    series: figures.series,
    topTopics: figures.topTopics,
    topKeywords: figures.topKeywords,
    spikeAlert: figures.spikeAlert,
    spikeScope,
    quotes,
    sources: figures.sources,
    reading: localReportWording(figures, { brandName: brand.name, span, previousSpan: '' }),
    writtenBy: 'local',
    latest,
    rules: [...commonRules, `Spike alert (every day ${spikeScope} is checked): ${SPIKE_RULE}`],
    generatedAt: now,
  };
  const pdf = await render(db, brand.userId, doc, options);
  return {
    fileName: pdfDocumentFileName({ brandName: brand.name, kind: 'consumer-insights', date: now }),
    pdf,
    summary: summaryOf(doc, 'Consumer insights report'),
  };
}

/** A stored sentiment report as a PDF, with the figures it was generated with. */
export async function renderSentimentReportPdf(
  db: Database,
  reportId: string,
  options: SentimentPdfOptions = {},
): Promise<RenderedSentimentPdf> {
  const [row] = await db
    .select({ report: sentimentReports, brand: brands })
    .from(sentimentReports)
    .innerJoin(brands, eq(brands.id, sentimentReports.brandId))
    .where(eq(sentimentReports.id, reportId));
  if (!row) throw notFound('Report not found');
  const report = toSentimentReport(row.report);
  const { insights } = report;
  const hours = periodLengthMs[report.reportPeriod] / (60 * 60 * 1000);
  const doc: TSentimentDocument = {
    kind: 'report',
    brandName: row.brand.name,
    periodName: reportPeriodLabels[report.reportPeriod],
    range: periodRange(report),
    span: `in ${reportPeriodSpans[report.reportPeriod]}`,
    totalMentions: report.totalMentions,
    overallSentiment: report.overallSentiment,
    percentages: {
      positive: report.positivePercentage,
      neutral: report.neutralPercentage,
      negative: report.negativePercentage,
    },
    counts: countsOf(insights.series),
    trend: { direction: report.trendDirection, detail: trendDetail(report) },
    series: insights.series,
    topTopics: report.topTopics,
    topKeywords: report.topKeywords,
    spikeAlert: insights.spikeAlert,
    spikeScope: 'in this period',
    quotes: insights.quotes,
    sources: insights.sources,
    reading: insights.aiInsights,
    writtenBy: insights.writtenBy,
    latest: [],
    rules: [
      `A ${report.reportPeriod} report covers ${reportPeriodSpans[report.reportPeriod]} (${hours} hours) before it was generated, ${periodRange(report)}; the trend compares it with the ${hours} hours before that.`,
      ...commonRules,
      TREND_RULE,
      `Spike alert: ${SPIKE_RULE}`,
    ],
    generatedAt: new Date(report.createdAt),
  };
  const pdf = await render(db, row.report.userId, doc, options);
  return {
    fileName: pdfDocumentFileName({
      brandName: row.brand.name,
      kind: `${report.reportPeriod}-sentiment-report`,
      date: new Date(report.createdAt),
    }),
    pdf,
    summary: summaryOf(doc, `${reportPeriodLabels[report.reportPeriod]} sentiment report`),
  };
}
