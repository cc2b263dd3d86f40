import { Download } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import { reportPeriodLabels, type TSentimentReport } from '../../../../shared/schemas/sentiment-reports.ts';
import { periodRange } from '../../../../shared/sentiment-report-format.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Separator } from '../../../components/ui/separator.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ReportFigures } from './report-figures.tsx';
import { ReportQuotes, ReportReading, ReportTerms, SpikeAlert } from './report-sections.tsx';
import { useDownloadReportPdf } from './sentiment-report-queries.ts';

const ReportCharts = lazy(() => import('./report-charts.tsx'));

/**
 * The tab offers two documents: this one (a stored report, titled 'sentiment report') and the
 * consumer insights report of every insight (the actions menu). Each button names its document.
 */
export const SENTIMENT_REPORT_PDF_LABEL = 'Download sentiment report (PDF)';

export function ReportPdfButton({
  brand,
  report,
  label = 'PDF',
}: {
  brand: TBrand;
  report: TSentimentReport;
  label?: string;
}) {
  const download = useDownloadReportPdf(brand);
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => download.mutate(report)}
      disabled={download.isPending}
      aria-label={`${SENTIMENT_REPORT_PDF_LABEL}: ${report.reportPeriod}, generated ${formatDateTime(report.createdAt)}`}
    >
      <Download aria-hidden="true" />
      {download.isPending ? 'Preparing...' : label}
    </Button>
  );
}

/** The latest report in full: figures, charts, reading, spike alert, topics and keywords, quotes. */
export function LatestReport({ brand, report }: { brand: TBrand; report: TSentimentReport }) {
  return (
    <Card className="gap-6" data-testid="latest-report">
      <CardHeader>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1.5">
            <CardTitle className="flex flex-wrap items-center gap-2">
              <h2>Latest report</h2>
              <Badge variant="secondary">{reportPeriodLabels[report.reportPeriod]}</Badge>
            </CardTitle>
            <CardDescription>
              {periodRange(report)}. Generated {formatDateTime(report.createdAt)}.
            </CardDescription>
          </div>
          <ReportPdfButton brand={brand} report={report} label={SENTIMENT_REPORT_PDF_LABEL} />
        </div>
      </CardHeader>
      <CardContent className="space-y-8">
        <ReportFigures report={report} />
        <SpikeAlert report={report} />
        {report.totalMentions > 0 ? (
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <ReportCharts report={report} />
          </Suspense>
        ) : (
          <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
            No mentions in this period, so there is nothing to chart.
          </p>
        )}
        <ReportReading report={report} />
        <Separator />
        <ReportTerms report={report} />
        <Separator />
        <ReportQuotes report={report} />
      </CardContent>
    </Card>
  );
}
