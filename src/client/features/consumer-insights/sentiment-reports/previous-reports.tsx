import type { TBrand } from '../../../../shared/schemas/brands.ts';
import { reportPeriodLabels, type TSentimentReport } from '../../../../shared/schemas/sentiment-reports.ts';
import { periodRange, sentimentBand, trendLabels } from '../../../../shared/sentiment-report-format.ts';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { PagedList } from '../../../lib/paged-list.ts';
import { cn } from '../../../lib/utils.ts';
import { ReportPdfButton } from './latest-report.tsx';

const bandText = { good: 'text-success', middling: 'text-amber-600 dark:text-warning', poor: 'text-destructive' };

/**
 * The reports before the latest, newest first, each with its PDF; they come one page at a time
 * and "Load more" reaches older ones.
 */
export function PreviousReports({
  brand,
  reports,
  list,
}: {
  brand: TBrand;
  reports: TSentimentReport[];
  list: PagedList<TSentimentReport>;
}) {
  // Every report but the latest, counted by the server: older pages may not be loaded yet.
  const earlier = list.total === undefined ? reports.length : Math.max(reports.length, list.total - 1);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Previous reports</h2>
        </CardTitle>
        <CardDescription>
          {earlier} earlier {earlier === 1 ? 'report' : 'reports'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Previous reports">
          {reports.map((report) => (
            <li key={report.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
                  <Badge variant="outline">{reportPeriodLabels[report.reportPeriod]}</Badge>
                  {periodRange(report)}
                </p>
                <p className="mt-0.5 text-muted-foreground text-xs">Generated {formatDateTime(report.createdAt)}</p>
              </div>
              <dl className="flex gap-4 text-sm tabular-nums">
                <div>
                  <dt className="text-muted-foreground text-xs">Sentiment</dt>
                  <dd
                    className={cn(
                      'font-semibold',
                      report.overallSentiment === null
                        ? 'text-muted-foreground'
                        : bandText[sentimentBand(report.overallSentiment)],
                    )}
                  >
                    {report.overallSentiment === null ? 'Not measured' : `${report.overallSentiment.toFixed(1)} / 5`}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground text-xs">Mentions</dt>
                  <dd className="font-semibold">{report.totalMentions.toLocaleString('en-GB')}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground text-xs">Trend</dt>
                  <dd className="font-semibold">{trendLabels[report.trendDirection]}</dd>
                </div>
              </dl>
              <ReportPdfButton brand={brand} report={report} />
            </li>
          ))}
        </ul>
        <LoadMoreButton list={list} />
      </CardContent>
    </Card>
  );
}
