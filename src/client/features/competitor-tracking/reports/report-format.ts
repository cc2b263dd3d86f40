import type { TCompetitorReport } from '../../../../shared/schemas/competitor-reports.ts';
import { shortDate } from '../../../../shared/sentiment-report-format.ts';

/** '1 Mar 2026 to 31 Mar 2026' */
export const reportRange = (report: Pick<TCompetitorReport, 'startDate' | 'endDate'>) =>
  `${shortDate(report.startDate)} to ${shortDate(report.endDate)}`;
