import type { TReportTikTokAd } from '../../../shared/schemas/competitor-reports.ts';
import type { AnalysedCompetitor, CompetitiveWindow } from '../../analysis/competitive/index.ts';
import { seenInWindow } from '../../analysis/competitive/window.ts';
import type { ReportAd } from './read-competitor-ads.ts';

export const REPORT_TIKTOK_ADS = 25;

/**
 * The period's TikTok ads as the report lists them: newest first, with what TikTok states (dates,
 * status, reach as a rounded figure) and the ad's page in TikTok's library. TikTok's query gives no
 * ad text, so these ads add nothing to the message analysis; they are listed so the report shows
 * them.
 */
export function reportTikTokAds(
  rows: ReportAd[],
  competitors: AnalysedCompetitor[],
  window: CompetitiveWindow,
): { tiktokAds: TReportTikTokAd[]; tiktokAdsTotal: number } {
  const names = new Map(competitors.map((competitor) => [competitor.id, competitor.name]));
  const seen = rows.filter((row) => row.platform === 'tiktok' && seenInWindow(row, window));
  const from = (row: (typeof seen)[number]) => (row.firstSeenAt ?? row.createdAt).getTime();
  const listed = [...seen].sort((a, b) => from(b) - from(a) || a.id.localeCompare(b.id)).slice(0, REPORT_TIKTOK_ADS);
  return {
    tiktokAdsTotal: seen.length,
    tiktokAds: listed.map((row) => ({
      id: row.id,
      competitorName: names.get(row.competitorId) ?? 'Unknown competitor',
      adId: row.adId,
      firstSeenAt: row.firstSeenAt?.toISOString() ?? null,
      lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
      isActive: row.isActive,
      reachAsStated: row.reachAsStated,
      link: row.adLibraryUrl && /^https:\/\//.test(row.adLibraryUrl) ? row.adLibraryUrl : null,
    })),
  };
}
