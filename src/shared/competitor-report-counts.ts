/**
 * Who a competitive report's ads came from, said the same way on the screen, in the PDF and in
 * report e-mails. The brand's own row sits in `topCompetitors` beside its rivals but is never
 * counted as a competitor; when its ads were analysed too the line says so.
 */
import type { TCompetitorReport } from './schemas/competitor-reports.ts';
import { countOf } from './words.ts';

type ReportCounts = Pick<TCompetitorReport, 'topCompetitors' | 'competitorsAnalysed'>;

/** The competitors tracked when the report was made, without the brand's own row. */
export const competitorCountOf = (report: ReportCounts) =>
  report.topCompetitors.filter((competitor) => !competitor.isOwnBrand).length;

/** 'from 2 of 3 competitors', 'from 2 of 3 competitors and your brand' */
export function adsFromLine(report: ReportCounts): string {
  const ownAds = report.topCompetitors.some((competitor) => competitor.isOwnBrand && competitor.adsInPeriod > 0);
  const competitors = `from ${report.competitorsAnalysed} of ${countOf(competitorCountOf(report), 'competitor')}`;
  return ownAds ? `${competitors} and your brand` : competitors;
}
