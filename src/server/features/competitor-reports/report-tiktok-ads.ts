import type { TReportTikTokAd } from '../../../shared/schemas/competitor-reports.ts';
import type { AnalysedCompetitor, CompetitiveWindow } from '../../analysis/competitive/index.ts';
import { seenInWindow } from '../../analysis/competitive/window.ts';
import type { ReportAd } from './read-competitor-ads.ts';

export const REPORT_TIKTOK_ADS = 25;

/**
 * The period's TikTok ads as the report lists them: newest first, with what TikTok states (dates,
 * status, reach as a rounded figure) and the ad's page in TikTok's library. TikTok's query gives no
 * ad text, so these ads add nothing to the message analysis; they are listed so the report shows
 * them. The ads are added a batch at a time; the list keeps the newest REPORT_TIKTOK_ADS and a count.
 */
export function reportTikTokAds(competitors: AnalysedCompetitor[], window: CompetitiveWindow) {
  const names = new Map(competitors.map((competitor) => [competitor.id, competitor.name]));
  const from = (row: ReportAd) => (row.firstSeenAt ?? row.createdAt).getTime();
  const newestFirst = (a: ReportAd, b: ReportAd) => from(b) - from(a) || a.id.localeCompare(b.id);
  let total = 0;
  let newest: ReportAd[] = [];
  return {
    add(rows: ReportAd[]) {
      const seen = rows.filter((row) => row.platform === 'tiktok' && seenInWindow(row, window));
      total += seen.length;
      newest = [...newest, ...seen].sort(newestFirst).slice(0, REPORT_TIKTOK_ADS);
    },
    listed(): { tiktokAds: TReportTikTokAd[]; tiktokAdsTotal: number } {
      return {
        tiktokAdsTotal: total,
        tiktokAds: newest.map((row) => ({
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
    },
  };
}
