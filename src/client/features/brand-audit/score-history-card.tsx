import { useQuery } from '@tanstack/react-query';
import { LineChart as LineChartIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { NOT_ENOUGH_MEASURED } from '../../../shared/audit-labels.ts';
import {
  MIN_HISTORY_POINTS,
  type TBrandScoreHistory,
  type TScoreHistory,
} from '../../../shared/schemas/score-history.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { apiJson } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { useAudits } from '../audits-shared/audit-queries.ts';

const BrandHistoryChart = lazy(() =>
  import('./score-history-chart.tsx').then((module) => ({ default: module.BrandHistoryChart })),
);
const BrandsOverallChart = lazy(() =>
  import('./score-history-chart.tsx').then((module) => ({ default: module.BrandsOverallChart })),
);

/**
 * The score history of one brand, or of every brand. Asked for again whenever the number of
 * completed audits in the audit list changes, so a newly completed audit joins the line.
 */
export function useScoreHistory(brandId: string | null) {
  const audits = useAudits();
  const completed = (audits.data ?? []).filter((audit) => audit.status === 'completed').length;
  const url = brandId
    ? `/api/audits/score-history?brandId=${encodeURIComponent(brandId)}`
    : '/api/audits/score-history';
  return useQuery<TScoreHistory>({
    queryKey: ['/api/audits/score-history', brandId ?? 'all', completed],
    queryFn: () => apiJson<TScoreHistory>('GET', url),
    placeholderData: (previous) => previous,
  });
}

const scoreOrGap = (score: number | null) => (score === null ? NOT_ENOUGH_MEASURED : String(score));

/** What a paying plan adds: monthly tracking makes the line grow on its own. */
function TrackingNote() {
  const { user } = useAuth();
  const plan = user?.workspacePlanType;
  if (plan !== 'smb' && plan !== 'agency') return null;
  return (
    <p className="text-muted-foreground text-xs">
      Your plan includes monthly brand tracking: each brand with a website is re-audited once a month.
    </p>
  );
}

function EmptyHistory({ text }: { text: string }) {
  return (
    <div className="rounded-lg border border-dashed px-4 py-8 text-center" data-testid="score-history-empty">
      <p className="font-medium text-sm">Not enough audits yet</p>
      <p className="mt-1 text-muted-foreground text-sm">{text}</p>
    </div>
  );
}

/** The scores of every audit as a table, for screen readers and for reading exact figures. */
function HistoryTable({ history }: { history: TBrandScoreHistory }) {
  return (
    <table className="sr-only" aria-label={`${history.brandName} scores by audit`}>
      <thead>
        <tr>
          <th>Completed</th>
          <th>Overall</th>
          <th>Website</th>
          <th>Social media</th>
          <th>Brand assets</th>
        </tr>
      </thead>
      <tbody>
        {history.points.map((point) => (
          <tr key={point.auditId}>
            <td>{formatDate(point.completedAt)}</td>
            <td>{scoreOrGap(point.overallScore)}</td>
            <td>
              {scoreOrGap(point.websiteScore)}
              {point.coverage ? ` (${point.coverage.website})` : ''}
            </td>
            <td>
              {scoreOrGap(point.socialMediaScore)}
              {point.coverage ? ` (${point.coverage.socialMedia})` : ''}
            </td>
            <td>
              {scoreOrGap(point.brandAssetsScore)}
              {point.coverage ? ` (${point.coverage.brandAssets})` : ''}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function HistoryCardFrame({ description, children }: { description: string; children: React.ReactNode }) {
  return (
    <Card data-testid="score-history">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <LineChartIcon aria-hidden="true" className="size-4 text-primary" />
          <h2>Score History</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">{children}</CardContent>
    </Card>
  );
}

const chartFallback = <Skeleton className="h-64 w-full" />;

/** Brand Audit page: the selected brand's overall score and three areas over its completed audits. */
export function BrandScoreHistoryCard({ brandId, brandName }: { brandId: string; brandName: string }) {
  const history = useScoreHistory(brandId);
  const line = history.data?.brands.find((item) => item.brandId === brandId);
  return (
    <HistoryCardFrame description={`${brandName}: overall score and the three areas, audit by audit`}>
      {history.error ? (
        <p className="text-destructive text-sm">The score history could not be loaded: {history.error.message}</p>
      ) : !line ? (
        chartFallback
      ) : line.points.length < MIN_HISTORY_POINTS ? (
        <EmptyHistory
          text={`The history of ${brandName} appears after two completed audits (${line.points.length} so far).`}
        />
      ) : (
        <>
          <Suspense fallback={chartFallback}>
            <BrandHistoryChart history={line} />
          </Suspense>
          <HistoryTable history={line} />
        </>
      )}
      <TrackingNote />
    </HistoryCardFrame>
  );
}

/** Dashboard: each brand's overall score over its completed audits. */
export function BrandsScoreHistoryCard() {
  const history = useScoreHistory(null);
  const lines = history.data?.brands.filter((item) => item.points.length > 0) ?? [];
  const enough = lines.some((item) => item.points.length >= MIN_HISTORY_POINTS);
  return (
    <HistoryCardFrame description="Each brand's overall score, audit by audit">
      {history.error ? (
        <p className="text-destructive text-sm">The score history could not be loaded: {history.error.message}</p>
      ) : !history.data ? (
        chartFallback
      ) : !enough ? (
        <EmptyHistory text="A brand's score line appears once it has two completed audits." />
      ) : (
        <>
          <Suspense fallback={chartFallback}>
            <BrandsOverallChart histories={lines} />
          </Suspense>
          {lines.map((line) => (
            <HistoryTable key={line.brandId} history={line} />
          ))}
        </>
      )}
      <TrackingNote />
    </HistoryCardFrame>
  );
}
