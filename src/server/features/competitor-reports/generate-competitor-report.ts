import {
  noAdsForReportMessage,
  noCompetitorsForReportMessage,
  type TCitedAd,
  type TCompetitorReport,
  type TCreateCompetitorReportRequest,
  ZCreateCompetitorReportRequest,
} from '../../../shared/schemas/competitor-reports.ts';
import {
  type AdReading,
  type AnalysedCompetitor,
  analyseReadings,
  type CompetitiveFigures,
  type CompetitiveWindow,
  competitiveWindow,
  readingsOf,
  SharedValues,
} from '../../analysis/competitive/index.ts';
import { runningDays } from '../../analysis/competitive/window.ts';
import type { Database } from '../../db/client.ts';
import { competitorReports } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { assertCanChangeBrand, assertCanCreateCompetitorReport } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { brandCompetitors, citedAdWords, competitorAdBatches, competitorsHaveAds } from './read-competitor-ads.ts';
import { type TReportContext, toCompetitorReport } from './report-dto.ts';
import { reportTikTokAds } from './report-tiktok-ads.ts';

const EXCERPT_CHARS = 160;

function excerptOf(text: string | null): string | null {
  const words = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!words) return null;
  return words.length > EXCERPT_CHARS ? `${words.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : words;
}

/** The ids of the ads the findings and the longevity list name. */
export function citedAdIds(figures: CompetitiveFigures): string[] {
  return [
    ...new Set([
      ...Object.values(figures.keyFindings).flatMap((findings) => findings.flatMap((finding) => finding.adIds)),
      ...figures.advertisingIntelligence.longevity.map((entry) => entry.adId),
    ]),
  ];
}

/** The ads the findings and the longevity list name, as they are now, for the screen and the PDF. */
export async function citedAdsOf(
  db: Database,
  ownerId: string,
  { figures, readings, competitors, window }: { figures: CompetitiveFigures } & AnalysedAds,
): Promise<TCitedAd[]> {
  const ids = new Set(citedAdIds(figures));
  const words = await citedAdWords(db, ownerId, [...ids]);
  const names = new Map(competitors.map((competitor) => [competitor.id, competitor.name]));
  return readings
    .filter((reading) => ids.has(reading.ad.id))
    .map(({ ad }) => {
      const { adTitle = null, adText = null, landingPageTitle = null } = words.get(ad.id) ?? {};
      return {
        id: ad.id,
        competitorId: ad.competitorId,
        competitorName: names.get(ad.competitorId) ?? 'Unknown competitor',
        platform: ad.platform,
        adId: ad.adId ?? null,
        title: adTitle,
        excerpt: excerptOf(adText ?? landingPageTitle),
        runningDays: runningDays(ad, window),
        isActive: ad.isActive,
        mediaType: ad.metaMediaType ?? null,
        placements: ad.publisherPlatforms ?? [],
      };
    });
}

type AnalysedAds = { competitors: AnalysedCompetitor[]; readings: AdReading[]; window: CompetitiveWindow };

/**
 * The readings of every competitor ad seen in the window and the TikTok ads the report lists, read
 * a batch at a time: a library of 100,000 ads is never held whole, only what was read in each ad.
 */
async function readCompetitorAds(
  db: Database,
  ownerId: string,
  competitors: AnalysedCompetitor[],
  window: CompetitiveWindow,
) {
  const readings: AdReading[] = [];
  const tiktok = reportTikTokAds(competitors, window);
  const ids = competitors.map((competitor) => competitor.id);
  const shared = new SharedValues();
  for await (const batch of competitorAdBatches(db, ownerId, ids, window)) {
    for (const reading of readingsOf(batch, competitors, window, shared)) readings.push(reading);
    tiktok.add(batch);
  }
  return { readings, ...tiktok.listed() };
}

/**
 * Computes the competitive analysis of the brand's competitors' ads over the period (monthly by
 * default) and stores it. The figures are pure arithmetic over the readings of the ads, read a batch
 * at a time, fast enough for the request (100,000 ads in about 3.5 s: bench/feeds.ts); the
 * findings are the rules' sentences.
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
  const { readings, tiktokAds, tiktokAdsTotal } = await readCompetitorAds(ctx.db, brand.userId, competitors, window);
  const figures = analyseReadings({ competitors, readings, window });
  const context: TReportContext = {
    competitorsAnalysed: figures.competitorsAnalysed,
    citedAds: await citedAdsOf(ctx.db, brand.userId, { figures, readings, competitors, window }),
    tiktokAds,
    tiktokAdsTotal,
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
