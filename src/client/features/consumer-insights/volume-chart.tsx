/**
 * Mentions per day stacked by sentiment, with spike days marked (recharts). Loaded on demand, so
 * the charting library is fetched only with the summary.
 */
import { Bar, BarChart, CartesianGrid, ReferenceDot, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TSentimentLabel } from '../../../shared/schemas/insights.ts';
import type { TMentionSummary } from '../../../shared/schemas/mention-feed.ts';
import { formatNumber } from '../../lib/format.ts';
import { sentimentLabels } from './insight-format.ts';
import { dayLabel, type VolumePoint, volumeSeries } from './volume-chart-data.ts';

const colours: Record<TSentimentLabel | 'grid' | 'spike', string> = {
  positive: 'var(--color-success)',
  neutral: 'var(--color-muted-foreground)',
  negative: 'var(--color-destructive)',
  grid: 'var(--color-border)',
  spike: 'var(--color-warning)',
};
const stackOrder: TSentimentLabel[] = ['positive', 'neutral', 'negative'];
const axisTick = { fontSize: 12, fill: 'var(--color-muted-foreground)' };

function DayTooltip({
  active,
  payload,
  spikeRule,
}: {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
  spikeRule: string;
}) {
  const point = payload?.[0]?.payload as VolumePoint | undefined;
  if (!active || !point) return null;
  return (
    <div className="max-w-64 space-y-1 rounded-lg border bg-popover px-3 py-2 text-popover-foreground text-xs shadow-md">
      <p className="font-medium">{point.title}</p>
      <p className="tabular-nums">
        {formatNumber(point.total)} {point.total === 1 ? 'mention' : 'mentions'}
      </p>
      <ul className="space-y-0.5 text-muted-foreground">
        {stackOrder.map((label) => (
          <li key={label} className="flex items-center gap-1.5 tabular-nums">
            <span aria-hidden="true" className="size-2 rounded-full" style={{ background: colours[label] }} />
            {sentimentLabels[label]}: {formatNumber(point[label])}
          </li>
        ))}
      </ul>
      {point.spike && <p className="font-medium text-amber-700 dark:text-warning">Spike: {spikeRule}</p>}
    </div>
  );
}

export default function VolumeChart({
  summary,
  sentiment,
}: {
  summary: TMentionSummary;
  /** the sentiment the list is narrowed to: the chart shows only its bars */
  sentiment: TSentimentLabel | null;
}) {
  const data = volumeSeries(summary);
  const shown = sentiment ? [sentiment] : stackOrder;
  const spikes = data.filter((point) => point.spike);
  const heightOf = (point: VolumePoint) => (sentiment ? point[sentiment] : point.total);
  return (
    <div className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 16, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke={colours.grid} />
          <XAxis
            dataKey="day"
            tickFormatter={dayLabel}
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            minTickGap={16}
          />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
          <Tooltip
            content={(props) => <DayTooltip {...props} spikeRule={summary.spikeRule} />}
            cursor={{ fill: 'var(--color-muted)' }}
          />
          {shown.map((label, index) => (
            <Bar
              key={label}
              dataKey={label}
              name={sentimentLabels[label]}
              stackId="mentions"
              fill={colours[label]}
              radius={index === shown.length - 1 ? [2, 2, 0, 0] : undefined}
              isAnimationActive={false}
            />
          ))}
          {spikes.map((point) => (
            <ReferenceDot
              key={point.day}
              x={point.day}
              y={heightOf(point)}
              r={5}
              fill={colours.spike}
              stroke="var(--color-card)"
              strokeWidth={2}
              ifOverflow="extendDomain"
              label={
                spikes.length <= 3
                  ? { value: 'Spike', position: 'top', offset: 8, fill: 'var(--color-foreground)', fontSize: 11 }
                  : undefined
              }
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
