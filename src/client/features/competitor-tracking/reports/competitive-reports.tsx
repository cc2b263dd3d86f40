import { Download, LoaderCircle, Share2, Target } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import {
  noReportMessage,
  noReportTitle,
  type TCompetitorReport,
} from '../../../../shared/schemas/competitor-reports.ts';
import { countOf } from '../../../../shared/words.ts';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import type { PagedList } from '../../../lib/paged-list.ts';
import { LoadErrorAlert } from '../../audits-shared/load-error-alert.tsx';
import {
  useCompetitorReports,
  useDownloadCompetitivePdf,
  useGenerateCompetitorReport,
} from './competitor-report-queries.ts';
import { LatestAnalysis } from './latest-analysis.tsx';
import { reportRange } from './report-format.ts';
import { periodWords, ReportPeriodPicker, type TReportPeriodChoice } from './report-period-picker.tsx';
import { ShareDialog } from './share-dialog.tsx';

// its charts' library is the largest script the screen could load: it comes after the ad library has shown
const AdvertisingIntelligence = lazy(() =>
  import('./advertising-intelligence.tsx').then((module) => ({ default: module.AdvertisingIntelligence })),
);

/** What the page knows of the library; unknown counts leave the rule to the server. */
export type TReportReadiness = { competitors?: number; ads?: number };

/** SPEC §5's rule, shown while generation cannot run. */
function readinessNote({ competitors, ads }: TReportReadiness): string | null {
  if (competitors === 0) return 'Add at least one competitor to generate a report.';
  if (ads === 0) return 'Add at least one ad to the ad library to generate a report.';
  return null;
}

function GenerateCard({
  brand,
  latest,
  readiness,
  readOnly,
}: {
  brand: TBrand;
  latest: TCompetitorReport | undefined;
  readiness: TReportReadiness;
  /** the plan keeps the reports as they are: download only, no new report, no e-mail */
  readOnly: boolean;
}) {
  const generate = useGenerateCompetitorReport(brand);
  const download = useDownloadCompetitivePdf(brand);
  const [sharing, setSharing] = useState(false);
  const [period, setPeriod] = useState<TReportPeriodChoice>(() => {
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    return { period: 'monthly', startDate: start, endDate: today };
  });
  const note = readOnly ? null : readinessNote(readiness);
  const share = () => {
    if (!latest) return toast({ title: noReportTitle, description: noReportMessage, variant: 'destructive' });
    setSharing(true);
  };
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Target aria-hidden="true" className="size-4 text-primary" />
          <h2>Competitive Analysis</h2>
        </CardTitle>
        <CardDescription>
          Analyse the ads {brand.name}'s competitors ran in {periodWords(period)}: who is most active, what they say,
          how they ask, and what it means for you.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {!readOnly && <ReportPeriodPicker value={period} onChange={setPeriod} />}
        <div className="flex flex-wrap gap-2">
          {!readOnly && (
            <>
              <Button onClick={() => generate.mutate(period)} disabled={generate.isPending || note !== null}>
                {generate.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
                {generate.isPending ? 'Generating...' : 'Generate Report'}
              </Button>
              <Button variant="outline" onClick={share}>
                <Share2 aria-hidden="true" />
                Share
              </Button>
            </>
          )}
          <Button variant="outline" onClick={() => download.mutate(undefined)} disabled={!latest || download.isPending}>
            <Download aria-hidden="true" />
            {download.isPending ? 'Preparing PDF...' : 'Download PDF'}
          </Button>
        </div>
        {note ? <p className="text-sm text-muted-foreground">{note}</p> : null}
      </CardContent>
      {latest && !readOnly ? (
        <ShareDialog report={latest} brandName={brand.name} open={sharing} onOpenChange={setSharing} />
      ) : null}
    </Card>
  );
}

function ReportHistory({
  brand,
  reports,
  list,
}: {
  brand: TBrand;
  reports: TCompetitorReport[];
  list: PagedList<TCompetitorReport>;
}) {
  const download = useDownloadCompetitivePdf(brand);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Report History</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {reports.length === 0 ? (
          <p className="text-sm text-muted-foreground">Earlier reports will be listed here.</p>
        ) : (
          <ul className="divide-y" aria-label="Report history">
            {reports.map((report) => (
              <li key={report.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  {reportRange(report)}
                  <span className="text-muted-foreground">{` · ${countOf(report.totalAdsAnalysed, 'ad')} · ${countOf(Object.values(report.keyFindings).flat().length, 'finding')}`}</span>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => download.mutate(report.id)}
                  disabled={download.isPending}
                >
                  <Download aria-hidden="true" />
                  PDF
                </Button>
              </li>
            ))}
          </ul>
        )}
        <LoadMoreButton list={list} />
      </CardContent>
    </Card>
  );
}

/**
 * The competitive analysis part of the Competitor Tracking screen: generate, the latest report's
 * findings with their ads, the advertising intelligence, the history, share and download. Read-only
 * (the plan keeps what is stored as it is), the reports can be read and downloaded only.
 */
export function CompetitiveReports({
  brand,
  readiness = {},
  readOnly = false,
}: {
  brand: TBrand;
  readiness?: TReportReadiness;
  readOnly?: boolean;
}) {
  const reports = useCompetitorReports(brand.id);
  // drawn in a render of its own once the screen above has shown: a report's findings, cited ads and
  // history take a while to lay out, and the ad library's first cards should not wait for them
  const drawn = useDeferredValue(reports.data);
  if (reports.isPending || (reports.data && !drawn)) return <Skeleton className="h-40 w-full" />;
  if (reports.isError) {
    return <LoadErrorAlert what="competitor reports" error={reports.error} onRetry={() => void reports.refetch()} />;
  }
  const [latest, ...history] = drawn ?? [];
  if (readOnly && !latest) {
    return <p className="text-muted-foreground text-sm">No competitor reports were generated for {brand.name}.</p>;
  }
  return (
    <div className="grid gap-6">
      <GenerateCard brand={brand} latest={latest} readiness={readiness} readOnly={readOnly} />
      {latest ? (
        <>
          <LatestAnalysis report={latest} />
          <Suspense fallback={<Skeleton className="h-96 w-full" />}>
            <AdvertisingIntelligence report={latest} />
          </Suspense>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">No competitor reports yet.</p>
      )}
      <ReportHistory brand={brand} reports={history} list={reports} />
    </div>
  );
}
