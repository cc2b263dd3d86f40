/**
 * Score history lines (recharts): one brand's overall score and its three areas, or several brands'
 * overall scores. Loaded on demand, so the charting library is fetched only where a chart shows.
 */
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TBrandScoreHistory, TScoreHistoryPoint } from '../../../shared/schemas/score-history.ts';
import { formatDate } from '../../lib/format.ts';

const axisTick = { fontSize: 12, fill: 'var(--color-muted-foreground)' };
const tooltipStyle = {
  borderRadius: 8,
  border: '1px solid var(--color-border)',
  background: 'var(--color-popover)',
  color: 'var(--color-popover-foreground)',
  fontSize: 12,
};
const lineColours = [
  'var(--color-chart-1)',
  'var(--color-chart-2)',
  'var(--color-chart-4)',
  'var(--color-chart-5)',
  'var(--color-chart-3)',
];

/** The four lines of one brand, and which area's coverage each line's tooltip adds. */
const brandLines = [
  { key: 'overallScore', name: 'Overall', coverage: null },
  { key: 'websiteScore', name: 'Website', coverage: 'website' },
  { key: 'socialMediaScore', name: 'Social media', coverage: 'socialMedia' },
  { key: 'brandAssetsScore', name: 'Brand assets', coverage: 'brandAssets' },
] as const;

type Row = { time: number } & Record<string, number | null | string>;

const timeAxis = (
  <XAxis
    dataKey="time"
    type="number"
    scale="time"
    domain={['dataMin', 'dataMax']}
    tickFormatter={(time: number) => formatDate(time)}
    tick={axisTick}
    tickLine={false}
    axisLine={false}
    minTickGap={24}
  />
);
const scoreAxis = (
  <YAxis domain={[0, 100]} ticks={[0, 20, 40, 60, 80, 100]} tick={axisTick} tickLine={false} axisLine={false} />
);
const dateLabel = (time: unknown) => formatDate(Number(time));

function Frame({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <figure className="h-64 w-full min-w-0" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </figure>
  );
}

/** One brand: overall and the three areas, a gap where an area was not measured. */
export function BrandHistoryChart({ history }: { history: TBrandScoreHistory }) {
  const rows: Row[] = history.points.map((point) => ({
    time: Date.parse(point.completedAt),
    overallScore: point.overallScore,
    websiteScore: point.websiteScore,
    socialMediaScore: point.socialMediaScore,
    brandAssetsScore: point.brandAssetsScore,
    website: point.coverage?.website ?? null,
    socialMedia: point.coverage?.socialMedia ?? null,
    brandAssets: point.coverage?.brandAssets ?? null,
  }));
  const scoreWithCoverage = (value: unknown, name: unknown, item: { payload?: Row }) => {
    const line = brandLines.find((candidate) => candidate.name === name);
    const coverage = line?.coverage ? item.payload?.[line.coverage] : null;
    return [coverage ? `${value} (${coverage})` : String(value), String(name)] as [string, string];
  };
  return (
    <Frame label={`${history.brandName} score history`}>
      <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        {timeAxis}
        {scoreAxis}
        <Tooltip contentStyle={tooltipStyle} labelFormatter={dateLabel} formatter={scoreWithCoverage} />
        <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
        {brandLines.map((line, index) => (
          <Line
            key={line.key}
            dataKey={line.key}
            name={line.name}
            stroke={lineColours[index]}
            strokeWidth={line.key === 'overallScore' ? 2.5 : 1.5}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </Frame>
  );
}

/** Several brands' overall scores on one time axis. */
export function BrandsOverallChart({ histories }: { histories: TBrandScoreHistory[] }) {
  const rows: Row[] = histories
    .flatMap((history) =>
      history.points.map((point: TScoreHistoryPoint) => ({
        time: Date.parse(point.completedAt),
        [history.brandId]: point.overallScore,
      })),
    )
    .sort((a, b) => a.time - b.time);
  return (
    <Frame label="Overall score history by brand">
      <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: -16 }}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        {timeAxis}
        {scoreAxis}
        <Tooltip contentStyle={tooltipStyle} labelFormatter={dateLabel} />
        <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
        {histories.map((history, index) => (
          <Line
            key={history.brandId}
            dataKey={history.brandId}
            name={history.brandName}
            stroke={lineColours[index % lineColours.length]}
            strokeWidth={2}
            dot={{ r: 3 }}
            // Each brand has a point only where it was audited: its line joins its own audits.
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </Frame>
  );
}
