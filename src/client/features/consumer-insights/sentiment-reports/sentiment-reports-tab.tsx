import { BarChart3, LoaderCircle, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { featureLimitMessage } from '../../../../shared/plans.ts';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import {
  reportPeriodLabels,
  reportPeriodSpans,
  reportPeriods,
  type TReportPeriod,
} from '../../../../shared/schemas/sentiment-reports.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuth } from '../../../hooks/use-auth.ts';
import { LoadErrorAlert } from '../../audits-shared/load-error-alert.tsx';
import { moduleReadOnlyState, planLacks } from '../../audits-shared/plan-access.ts';
import { ReadOnlyNotice } from '../../audits-shared/read-only-notice.tsx';
import { LatestReport } from './latest-report.tsx';
import { PreviousReports } from './previous-reports.tsx';
import { ReportActionsMenu } from './report-actions-menu.tsx';
import { useGenerateReport, useSentimentReports } from './sentiment-report-queries.ts';

function GenerateCard({ brand }: { brand: TBrand }) {
  const [period, setPeriod] = useState<TReportPeriod>('monthly');
  const generate = useGenerateReport(brand);
  const periodId = useId();
  return (
    <Card className="gap-4">
      <CardHeader>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1.5">
            <CardTitle className="flex items-center gap-2">
              <BarChart3 aria-hidden="true" className="size-4 text-primary" />
              <h2>Sentiment Reports</h2>
            </CardTitle>
            <CardDescription>
              Sum up what customers said about {brand.name} over {reportPeriodSpans[period]}, compared with the period
              before.
            </CardDescription>
          </div>
          <ReportActionsMenu brand={brand} />
        </div>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor={periodId}>Report period</Label>
            <Select value={period} onValueChange={(value) => setPeriod(value as TReportPeriod)}>
              <SelectTrigger id={periodId} className="w-full sm:w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {reportPeriods.map((value) => (
                  <SelectItem key={value} value={value}>
                    {reportPeriodLabels[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button onClick={() => generate.mutate(period)} disabled={generate.isPending}>
            {generate.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {generate.isPending ? 'Generating...' : 'Generate Report'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function PlanNotice({ message }: { message: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2 text-sm">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          {message}
        </p>
        <Button asChild>
          <Link href="/subscribe">Upgrade</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * The Sentiment Reports tab: generate a report for a period, the latest in full, and the earlier ones.
 * A plan without consumer insights sees what it includes instead, or the reports it kept from before
 * under a read-only notice; so does a read-only brand.
 */
export function SentimentReportsTab({ brand }: { brand: TBrand }) {
  const { user } = useAuth();
  const plan = user?.workspacePlanType;
  const reports = useSentimentReports(brand.id);
  const readOnly = moduleReadOnlyState(plan, brand, 'consumerInsights');
  if (plan !== undefined && planLacks(plan, 'consumerInsights') && reports.data?.length === 0) {
    return <PlanNotice message={featureLimitMessage(plan, 'consumerInsights')} />;
  }
  const [latest, ...previous] = reports.data ?? [];
  return (
    <div className="space-y-6">
      {readOnly ? <ReadOnlyNotice state={readOnly} /> : <GenerateCard brand={brand} />}
      {reports.error ? (
        <LoadErrorAlert error={reports.error} what="the sentiment reports" onRetry={() => void reports.refetch()} />
      ) : reports.data === undefined ? (
        <Skeleton className="h-72 w-full rounded-xl" />
      ) : latest ? (
        <LatestReport brand={brand} report={latest} />
      ) : readOnly ? null : (
        <div className="rounded-xl border border-dashed p-8 text-center">
          <p className="font-medium">No sentiment reports yet</p>
          <p className="mt-1 text-muted-foreground text-sm">
            Choose a period and generate a report from {brand.name}'s consumer insights.
          </p>
        </div>
      )}
      {previous.length > 0 ? <PreviousReports brand={brand} reports={previous} list={reports} /> : null}
    </div>
  );
}
