import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import type { TSentimentReport, TTrendDirection } from '../../../../shared/schemas/sentiment-reports.ts';
import { scoreBandLabels } from '../../../../shared/scoring-bands.ts';
import { sentimentBand, trendDetail, trendLabels } from '../../../../shared/sentiment-report-format.ts';
import { cn } from '../../../lib/utils.ts';

const bandText = {
  good: 'text-success',
  middling: 'text-amber-600 dark:text-warning',
  poor: 'text-destructive',
} as const;

export const sentimentText = {
  positive: 'text-success',
  neutral: 'text-muted-foreground',
  negative: 'text-destructive',
} as const;

const sentimentFill = {
  positive: 'bg-success',
  neutral: 'bg-muted-foreground/50',
  negative: 'bg-destructive',
} as const;

const trendIcons: Record<TTrendDirection, typeof ArrowRight> = {
  improving: ArrowUpRight,
  declining: ArrowDownRight,
  neutral: ArrowRight,
};
const trendText: Record<TTrendDirection, string> = {
  improving: 'text-success',
  declining: 'text-destructive',
  neutral: 'text-foreground',
};

function Figure({
  label,
  children,
  foot,
  className,
}: {
  label: string;
  children: React.ReactNode;
  foot?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0 rounded-lg border p-4', className)}>
      <p className="font-medium text-muted-foreground text-xs uppercase tracking-wide">{label}</p>
      <div className="mt-2">{children}</div>
      {foot ? <p className="mt-1 text-muted-foreground text-xs">{foot}</p> : null}
    </div>
  );
}

/** Sentiment out of 5 coloured by band, the shares, mentions and the trend with its arrow. */
export function ReportFigures({ report }: { report: TSentimentReport }) {
  const sentiment = report.overallSentiment;
  const band = sentiment === null ? null : sentimentBand(sentiment);
  const TrendIcon = trendIcons[report.trendDirection];
  const counts = { positive: 0, neutral: 0, negative: 0 };
  for (const point of report.insights.series.points) {
    counts.positive += point.positive;
    counts.neutral += point.neutral;
    counts.negative += point.negative;
  }
  const shares = [
    { label: 'positive', value: report.positivePercentage },
    { label: 'neutral', value: report.neutralPercentage },
    { label: 'negative', value: report.negativePercentage },
  ] as const;
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Overall sentiment" foot={band ? scoreBandLabels[band] : 'No mentions in this period'}>
          {sentiment === null || !band ? (
            <p className="font-semibold text-muted-foreground text-xl">Not measured</p>
          ) : (
            <p className={cn('font-bold text-3xl tabular-nums', bandText[band])} data-testid="overall-sentiment">
              {sentiment.toFixed(1)}
              <span className="font-normal text-base text-muted-foreground"> / 5</span>
            </p>
          )}
        </Figure>
        <Figure label="Mentions">
          <p className="font-bold text-3xl tabular-nums" data-testid="total-mentions">
            {report.totalMentions.toLocaleString('en-GB')}
          </p>
        </Figure>
        <Figure label="Trend" foot={trendDetail(report)} className="col-span-2 lg:col-span-1">
          <p className={cn('flex items-center gap-1.5 font-semibold text-xl', trendText[report.trendDirection])}>
            <TrendIcon aria-hidden="true" className="size-5 shrink-0" />
            {trendLabels[report.trendDirection]}
          </p>
        </Figure>
        <Figure label="Sentiment split" className="col-span-2 lg:col-span-1">
          <ul className="space-y-0.5 text-sm tabular-nums">
            {shares.map((share) => (
              <li key={share.label} className="flex justify-between gap-2">
                <span className="capitalize">{share.label}</span>
                <span className={cn('font-semibold', sentimentText[share.label])}>
                  {report.totalMentions === 0 ? '-' : `${share.value}%`}
                  <span className="ml-1 font-normal text-muted-foreground text-xs">({counts[share.label]})</span>
                </span>
              </li>
            ))}
          </ul>
        </Figure>
      </div>
      {report.totalMentions > 0 ? (
        <div
          className="flex h-2.5 overflow-hidden rounded-full bg-muted"
          role="img"
          aria-label={`${report.positivePercentage}% positive, ${report.neutralPercentage}% neutral, ${report.negativePercentage}% negative`}
        >
          {shares.map((share) =>
            share.value > 0 ? (
              <div key={share.label} className={sentimentFill[share.label]} style={{ width: `${share.value}%` }} />
            ) : null,
          )}
        </div>
      ) : null}
    </div>
  );
}
