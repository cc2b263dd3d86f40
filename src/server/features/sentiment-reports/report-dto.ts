import { type TSentimentReport, ZReportInsights, ZTermCount } from '../../../shared/schemas/sentiment-reports.ts';
import type { sentimentReports } from '../../db/schema/index.ts';

export type SentimentReportRow = typeof sentimentReports.$inferSelect;

const ZTerms = ZTermCount.array();

/** The API's report. A period without mentions has no sentiment: null, never a made-up 0. */
export function toSentimentReport(row: SentimentReportRow): TSentimentReport {
  return {
    id: row.id,
    brandId: row.brandId,
    reportPeriod: row.reportPeriod,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    overallSentiment: row.totalMentions === 0 ? null : row.overallSentiment,
    positivePercentage: row.positivePercentage,
    neutralPercentage: row.neutralPercentage,
    negativePercentage: row.negativePercentage,
    totalMentions: row.totalMentions,
    trendDirection: row.trendDirection,
    topTopics: ZTerms.parse(row.topTopics),
    topKeywords: ZTerms.parse(row.topKeywords),
    insights: ZReportInsights.parse(row.insights),
    createdAt: row.createdAt.toISOString(),
  };
}
