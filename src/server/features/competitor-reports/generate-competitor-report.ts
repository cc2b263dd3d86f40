import {
  noAdsForReportMessage,
  noCompetitorsForReportMessage,
  type TCitedAd,
  type TCompetitorReport,
  type TCreateCompetitorReportRequest,
  ZCreateCompetitorReportRequest,
} from '../../../shared/schemas/competitor-reports.ts';
import {
  type AnalysedCompetitor,
  analyseCompetitiveAds,
  type CompetitiveFigures,
  type CompetitiveWindow,
  competitiveWindow,
} from '../../analysis/competitive/index.ts';
import { runningDays } from '../../analysis/competitive/window.ts';
import { competitorReports } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { assertCanChangeBrand, assertCanCreateCompetitorReport } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { brandCompetitors, competitorAdsIn, competitorsHaveAds, type ReportAd } from './read-competitor-ads.ts';
import { type TReportContext, toCompetitorReport } from './report-dto.ts';
import { reportTikTokAds } from './report-tiktok-ads.ts';

const EXCERPT_CHARS = 160;

function excerptOf(text: string | null): string | null {
  const words = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!words) return null;
  return words.length > EXCERPT_CHARS ? `${words.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : words;
}

/** The ads the findings and the longevity list name, as they are now, for the screen and the PDF. */
export function citedAdsOf(
  figures: CompetitiveFigures,
  ads: ReportAd[],
  competitors: AnalysedCompetitor[],
  window: CompetitiveWindow,
): TCitedAd[] {
  const ids = new Set([
    ...Object.values(figures.keyFindings).flatMap((findings) => findings.flatMap((finding) => finding.adIds)),
    ...figures.advertisingIntelligence.longevity.map((entry) => entry.adId),
  ]);
  const names = new Map(competitors.map((competitor) => [competitor.id, competitor.name]));
  return ads
    .filter((ad) => ids.has(ad.id))
    .map((ad) => ({
      id: ad.id,
      competitorId: ad.competitorId,
      competitorName: names.get(ad.competitorId) ?? 'Unknown competitor',
      platform: ad.platform,
      adId: ad.adId,
      title: ad.adTitle,
      excerpt: excerptOf(ad.adText ?? ad.landingPageTitle),
      runningDays: runningDays(ad, window),
      isActive: ad.isActive,
      mediaType: ad.metaMediaType ?? null,
      placements: ad.publisherPlatforms ?? [],
    }));
}

/**
 * Computes the competitive analysis of the brand's competitors' ads over the period (monthly by
 * default) and stores it. The figures are pure arithmetic over one read of the ads, fast enough for
 * the request (5,000 ads: see bench/competitive-report.ts); the findings are the rules' sentences.
 */
export async function generateCompetitorReport(
  ctx: FeatureContext,
  { actor, input, now = new Date() }: { actor: Actor; input: TCreateCompetitorReportRequest; now?: Date },
): Promise<TCompetitorReport> {
  const { brandId, reportPeriod, startDate, endDate } = ZCreateCompetitorReportRequest.parse(input);
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  const owner = await assertCanChangeBrand(ctx.db, brand, {
    feature: 'competitorTracking',
    toDoMore: 'generate more competitor reports',
  });
  await assertCanCreateCompetitorReport(ctx.db, owner);
  const competitors = await brandCompetitors(ctx.db, brand);
  // the brand's own row alone is no competitor to compare with
  if (!competitors.some((competitor) => !competitor.isOwnBrand))
    throw new AppError('conflict', noCompetitorsForReportMessage);
  const competitorIds = competitors.map((competitor) => competitor.id);
  if (!(await competitorsHaveAds(ctx.db, brand.userId, competitorIds)))
    throw new AppError('conflict', noAdsForReportMessage);

  const window = competitiveWindow(reportPeriod, now, { startDate, endDate });
  if (window.start.getTime() >= window.end.getTime())
    throw new AppError('validation', 'The period cannot start in the future');
  const ads = await competitorAdsIn(ctx.db, brand.userId, competitorIds, window);
  const figures = analyseCompetitiveAds({ competitors, ads, window });
  const context: TReportContext = {
    competitorsAnalysed: figures.competitorsAnalysed,
    citedAds: citedAdsOf(figures, ads, competitors, window),
    ...reportTikTokAds(ads, competitors, window),
    disclosures: figures.disclosures,
    rules: figures.rules,
  };
  const [row] = await ctx.db
    .insert(competitorReports)
    .values({
      userId: brand.userId,
      brandId: brand.id,
      reportPeriod,
      startDate: window.start,
      endDate: window.end,
      totalAdsAnalysed: figures.totalAdsAnalysed,
      topCompetitors: figures.topCompetitors,
      adTrends: figures.adTrends,
      advertisingIntelligence: figures.advertisingIntelligence,
      keyFindings: figures.keyFindings,
      recommendations: context,
      writtenBy: 'local',
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error(`storing the competitor report of brand ${brand.id} returned nothing`);
  return toCompetitorReport(row);
}
