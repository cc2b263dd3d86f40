import { z } from 'zod';
import {
  type TCompetitorReport,
  ZAdTrends,
  ZAdvertisingIntelligence,
  ZCitedAd,
  ZDisclosures,
  ZKeyFindings,
  ZReportTikTokAd,
  ZTopCompetitor,
} from '../../../shared/schemas/competitor-reports.ts';
import type { competitorReports } from '../../db/schema/index.ts';

export type CompetitorReportRow = typeof competitorReports.$inferSelect;

/**
 * What a report stores beside SPEC's named figures, in its `recommendations` object: the ads its
 * findings cite (as they were when it was made), what the sources disclosed, and the rules.
 */
export const ZReportContext = z.object({
  competitorsAnalysed: z.number().int().min(0),
  citedAds: z.array(ZCitedAd),
  /** reports made before TikTok ads were read have none */
  tiktokAds: z.array(ZReportTikTokAd).default([]),
  tiktokAdsTotal: z.number().int().min(0).default(0),
  disclosures: ZDisclosures,
  rules: z.array(z.string()),
});
export type TReportContext = z.input<typeof ZReportContext>;

export function toCompetitorReport(row: CompetitorReportRow): TCompetitorReport {
  const context = ZReportContext.parse(row.recommendations);
  return {
    id: row.id,
    brandId: row.brandId,
    reportPeriod: row.reportPeriod,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    totalAdsAnalysed: row.totalAdsAnalysed,
    competitorsAnalysed: context.competitorsAnalysed,
    topCompetitors: z.array(ZTopCompetitor).parse(row.topCompetitors),
    adTrends: ZAdTrends.parse(row.adTrends),
    advertisingIntelligence: ZAdvertisingIntelligence.parse(row.advertisingIntelligence),
    keyFindings: ZKeyFindings.parse(row.keyFindings),
    citedAds: context.citedAds,
    tiktokAds: context.tiktokAds,
    tiktokAdsTotal: context.tiktokAdsTotal,
    disclosures: context.disclosures,
    rules: context.rules,
    writtenBy: row.writtenBy,
    createdAt: row.createdAt.toISOString(),
  };
}
