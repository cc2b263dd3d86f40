import type { TMentionSummary, TShareOfVoiceEntry } from '../../../shared/schemas/mention-feed.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { formatNumber } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { periodText } from './volume-chart-data.ts';

const shareFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 });
const splitOrder = [
  { key: 'positive', label: 'positive', className: 'bg-success' },
  { key: 'neutral', label: 'neutral', className: 'bg-muted-foreground/50' },
  { key: 'negative', label: 'negative', className: 'bg-destructive' },
] as const;

/** "62% positive, 20% neutral, 18% negative", for the split bar's label. */
export function sentimentSplitText(entry: Pick<TShareOfVoiceEntry, 'positive' | 'neutral' | 'negative'>): string {
  const total = entry.positive + entry.neutral + entry.negative;
  if (total === 0) return 'No mentions';
  return splitOrder.map(({ key, label }) => `${Math.round((entry[key] / total) * 100)}% ${label}`).join(', ');
}

function SentimentSplitBar({ entry }: { entry: TShareOfVoiceEntry }) {
  const total = entry.positive + entry.neutral + entry.negative;
  return (
    <div role="img" aria-label={sentimentSplitText(entry)} className="flex h-2 overflow-hidden rounded-full bg-muted">
      {total > 0 &&
        splitOrder.map(({ key, className }) =>
          entry[key] > 0 ? (
            <span key={key} className={cn('h-full', className)} style={{ width: `${(entry[key] / total) * 100}%` }} />
          ) : null,
        )}
    </div>
  );
}

/**
 * Share of voice: the brand and each competitor over the summary's period, with the list's
 * filters other than whose mentions: how many mentions, their share of all, and how they feel.
 */
export function ShareOfVoiceCard({ summary, brandName }: { summary: TMentionSummary; brandName: string }) {
  const entries = summary.shareOfVoice;
  const anyMentions = entries.some((entry) => entry.mentions > 0);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h3 className="text-base">Share of voice</h3>
        </CardTitle>
        <CardDescription>
          {brandName} and its competitors, {periodText(summary.period)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {anyMentions ? (
          <ul aria-label="Share of voice" className="space-y-4">
            {entries.map((entry) => (
              <li key={entry.competitorId ?? 'brand'} className="space-y-1.5">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0 truncate font-medium">
                    {entry.name}
                    {entry.competitorId === null && <span className="font-normal text-muted-foreground"> (you)</span>}
                  </span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">
                    {formatNumber(entry.mentions)} ·{' '}
                    <span className="font-semibold text-foreground">{shareFormat.format(entry.share)}%</span>
                  </span>
                </div>
                <SentimentSplitBar entry={entry} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground text-sm">No mentions of {brandName} or its competitors in this period.</p>
        )}
        {anyMentions && (
          <p className="mt-4 flex flex-wrap gap-x-3 gap-y-1 text-muted-foreground text-xs">
            {splitOrder.map(({ key, label, className }) => (
              <span key={key} className="inline-flex items-center gap-1.5">
                <span aria-hidden="true" className={cn('size-2 rounded-full', className)} />
                {label.charAt(0).toUpperCase() + label.slice(1)}
              </span>
            ))}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
