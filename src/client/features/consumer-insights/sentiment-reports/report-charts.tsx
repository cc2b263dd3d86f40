/**
 * The report's two charts (recharts): mentions per step stacked by sentiment, and the average
 * sentiment out of 5. Loaded on demand, so the charting library is fetched only with a report.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TSentimentReport } from '../../../../shared/schemas/sentiment-reports.ts';
import { bucketLabel, bucketTitle, REPORT_TIME_ZONE } from '../../../../shared/sentiment-report-format.ts';

const colours = {
  positive: 'var(--color-success)',
  neutral: 'var(--color-muted-foreground)',
  negative: 'var(--color-destructive)',
  line: 'var(--color-primary)',
  grid: 'var(--color-border)',
};

const axisTick = { fontSize: 12, fill: 'var(--color-muted-foreground)' };
const tooltipStyle = {
  borderRadius: 8,
  border: '1px solid var(--color-border)',
  background: 'var(--color-popover)',
  color: 'var(--color-popover-foreground)',
  fontSize: 12,
};
const dayKey = new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE });

function chartData(report: TSentimentReport) {
  const { series } = report.insights;
  return series.points.map((point) => ({
    label: bucketLabel(point.start, series.bucket),
    title: bucketTitle(point.start, series.bucket),
    day: dayKey.format(new Date(point.start)),
    positive: point.positive,
    neutral: point.neutral,
    negative: point.negative,
    mentions: point.mentions,
    averageSentiment: point.averageSentiment,
  }));
}

function ChartFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactElement;
}) {
  return (
    <figure className="min-w-0 space-y-3" aria-label={title}>
      <figcaption>
        <h3 className="font-medium text-sm">{title}</h3>
        <p className="text-muted-foreground text-xs">{description}</p>
      </figcaption>
      <div className="h-56 w-full">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

const stepWords = { hour: 'hour', day: 'day', week: 'week', month: 'month' } as const;

export default function ReportCharts({ report }: { report: TSentimentReport }) {
  const data = chartData(report);
  const step = stepWords[report.insights.series.bucket];
  const spike = report.insights.spikeAlert;
  const spikePoint = spike && report.insights.series.bucket === 'day' ? data.find((d) => d.day === spike.day) : null;
  const titleOf = (_: unknown, payload: readonly { payload?: { title?: string } }[]) =>
    payload[0]?.payload?.title ?? '';
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <ChartFrame title="Mentions over time" description={`Mentions per ${step}, by sentiment (UK time)`}>
        <BarChart data={data} margin={{ top: 20, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke={colours.grid} />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={false} minTickGap={16} />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
          <Tooltip contentStyle={tooltipStyle} labelFormatter={titleOf} cursor={{ fill: 'var(--color-muted)' }} />
          <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="positive"
            name="Positive"
            stackId="mentions"
            fill={colours.positive}
            isAnimationActive={false}
          />
          <Bar dataKey="neutral" name="Neutral" stackId="mentions" fill={colours.neutral} isAnimationActive={false} />
          <Bar
            dataKey="negative"
            name="Negative"
            stackId="mentions"
            fill={colours.negative}
            radius={[2, 2, 0, 0]}
            isAnimationActive={false}
          />
          {spikePoint ? (
            <ReferenceLine
              x={spikePoint.label}
              stroke={colours.negative}
              strokeDasharray="4 3"
              label={{ value: 'Spike', position: 'top', fill: colours.negative, fontSize: 11 }}
            />
          ) : null}
        </BarChart>
      </ChartFrame>
      <ChartFrame
        title="Average sentiment over time"
        description={`Mean score out of 5 per ${step}; gaps where there were no mentions`}
      >
        <LineChart data={data} margin={{ top: 20, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke={colours.grid} />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={false} minTickGap={16} />
          <YAxis domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} tick={axisTick} tickLine={false} axisLine={false} />
          <Tooltip
            contentStyle={tooltipStyle}
            labelFormatter={titleOf}
            formatter={(value) => [
              typeof value === 'number' ? `${value.toFixed(1)} out of 5` : 'No mentions',
              'Average',
            ]}
          />
          <ReferenceLine y={3} stroke={colours.neutral} strokeDasharray="4 3" />
          <Line
            type="linear"
            dataKey="averageSentiment"
            name="Average sentiment"
            stroke={colours.line}
            strokeWidth={2}
            dot={{ r: data.length > 40 ? 1.5 : 3 }}
            connectNulls={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ChartFrame>
    </div>
  );
}
