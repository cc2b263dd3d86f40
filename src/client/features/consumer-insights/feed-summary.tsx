import { lazy, Suspense, useDeferredValue } from 'react';
import type { TSentimentLabel } from '../../../shared/schemas/insights.ts';
import type { TMentionSummary } from '../../../shared/schemas/mention-feed.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorDisplayMessage } from '../../lib/api.ts';
import { formatNumber } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { sentimentLabels } from './insight-format.ts';
import { ShareOfVoiceCard } from './share-of-voice-card.tsx';
import { dayTitle, periodText } from './volume-chart-data.ts';

const legendDotClass: Record<TSentimentLabel, string> = {
  positive: 'bg-success',
  neutral: 'bg-muted-foreground',
  negative: 'bg-destructive',
};

const VolumeChart = lazy(() => import('./volume-chart.tsx'));

/** The spike days in words, for readers who cannot see the markers. */
function spikeSummary(summary: TMentionSummary): string {
  const spikes = summary.volume.filter((day) => day.spike);
  if (spikes.length === 0) return 'No spike days in this period.';
  const days = spikes.map((day) => `${dayTitle(day.day.slice(0, 10))} (${formatNumber(day.total)} mentions)`);
  return `Spike ${spikes.length === 1 ? 'day' : 'days'}: ${days.join('; ')}.`;
}

function VolumeCard({ summary, sentiment }: { summary: TMentionSummary; sentiment: TSentimentLabel | null }) {
  const spikes = summary.volume.some((day) => day.spike);
  // The chart is drawn in a render of its own after the rest has shown (it measures its text, and
  // its library is large), so it never holds back the feed's first cards that arrive with it.
  const charted = useDeferredValue<TMentionSummary | null>(summary, null);
  return (
    <Card className="min-w-0 gap-4 lg:col-span-2">
      <CardHeader>
        <CardTitle>
          <h3 id="mention-volume-title" className="text-base">
            Mentions per day
          </h3>
        </CardTitle>
        <CardDescription>
          {periodText(summary.period)},{' '}
          {sentiment ? `${sentimentLabels[sentiment].toLowerCase()} only` : 'by sentiment'} (UTC days)
        </CardDescription>
      </CardHeader>
      <CardContent>
        <figure aria-labelledby="mention-volume-title" className="space-y-3">
          {summary.volume.some((day) => day.total > 0) ? (
            <Suspense fallback={<Skeleton className="h-56 w-full" />}>
              {charted ? <VolumeChart summary={charted} sentiment={sentiment} /> : <Skeleton className="h-56 w-full" />}
            </Suspense>
          ) : (
            <p className="flex h-56 items-center justify-center rounded-lg border border-dashed px-6 text-center text-muted-foreground text-sm">
              No mentions in this period. Choose dates (From, To) to chart older ones.
            </p>
          )}
          <figcaption className="space-y-1 text-muted-foreground text-xs">
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              {(['positive', 'neutral', 'negative'] as const)
                .filter((label) => !sentiment || label === sentiment)
                .map((label) => (
                  <span key={label} className="inline-flex items-center gap-1.5">
                    <span aria-hidden="true" className={cn('size-2 rounded-full', legendDotClass[label])} />
                    {sentimentLabels[label]}
                  </span>
                ))}
              <span className="inline-flex items-center gap-1.5">
                <span aria-hidden="true" className="size-2.5 rounded-full bg-warning ring-2 ring-card" />
                Spike day
              </span>
            </span>
            <span className="block">
              <span className="font-medium text-foreground/80">Spike rule:</span> {summary.spikeRule}
            </span>
            <span className={spikes ? 'sr-only' : 'block'}>{spikeSummary(summary)}</span>
          </figcaption>
        </figure>
      </CardContent>
    </Card>
  );
}

/**
 * The summary beside the list, for the same filters: mentions per day with spike days, and the
 * share of voice. A period the chart cannot cover says so in place of the figures.
 */
export function FeedSummary({
  summary,
  error,
  brandName,
  sentiment,
}: {
  summary: TMentionSummary | undefined;
  error: unknown;
  brandName: string;
  sentiment: TSentimentLabel | null;
}) {
  if (error) {
    return (
      <Card>
        <CardContent>
          <p role="alert" className="text-muted-foreground text-sm">
            The chart and share of voice could not be loaded: {errorDisplayMessage(error, 'please try again.')}
          </p>
        </CardContent>
      </Card>
    );
  }
  if (!summary) {
    return (
      <div className="grid gap-6 lg:grid-cols-3" aria-hidden="true">
        <Skeleton className="h-80 w-full rounded-xl lg:col-span-2" />
        <Skeleton className="h-80 w-full rounded-xl" />
      </div>
    );
  }
  return (
    <section aria-label="Summary" className="grid items-start gap-6 lg:grid-cols-3">
      <VolumeCard summary={summary} sentiment={sentiment} />
      <ShareOfVoiceCard summary={summary} brandName={brandName} />
    </section>
  );
}
