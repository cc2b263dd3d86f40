import { Circle, G, Line, Path, Rect, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import type { TSeries, TSpikeAlert } from '../../../shared/schemas/sentiment-reports.ts';
import { bucketLabel, REPORT_TIME_ZONE, sentimentBand } from '../../../shared/sentiment-report-format.ts';
import { countAxis, gappedLinePath, labelIndices } from '../chart-geometry.ts';
import { bandColours, colours, FONT, FONT_ITALIC } from '../theme.ts';
import { A4_WIDTH, PAGE_MARGIN_X } from './page-chrome.tsx';

export const sentimentColours = {
  positive: '#16A34A',
  neutral: '#94A3B8',
  negative: '#DC2626',
} as const;

const WIDTH = A4_WIDTH - 2 * PAGE_MARGIN_X;
const HEIGHT = 150;
const AXIS = 26;
const BOTTOM = 16;
const TOP = 10;
const PLOT_WIDTH = WIDTH - AXIS - 4;
const PLOT_HEIGHT = HEIGHT - BOTTOM - TOP;
const MAX_LABELS = 8;

const styles = StyleSheet.create({
  legend: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 6 },
  legendItem: { flexDirection: 'row', alignItems: 'center', marginRight: 14 },
  swatch: { width: 8, height: 8, borderRadius: 2, marginRight: 4 },
  legendText: { fontSize: 7.5, color: colours.muted },
  empty: { fontFamily: FONT_ITALIC, fontSize: 9, color: colours.muted, paddingVertical: 10 },
});

const axisText = { fontFamily: FONT, fontSize: 6.5, fill: colours.muted } as const;

const slotWidth = (count: number) => PLOT_WIDTH / Math.max(1, count);
const centreOf = (index: number, count: number) => AXIS + slotWidth(count) * (index + 0.5);

function XLabels({ series }: { series: TSeries }) {
  const count = series.points.length;
  return (
    <>
      {labelIndices(count, MAX_LABELS).map((index) => {
        const point = series.points[index];
        if (!point) return null;
        const label = bucketLabel(point.start, series.bucket);
        // centred under its step, kept inside the chart at both ends
        const x = Math.min(Math.max(centreOf(index, count) - label.length * 1.6, AXIS), WIDTH - label.length * 3.3);
        return (
          <Text key={index} x={x} y={HEIGHT - 4} style={axisText}>
            {label}
          </Text>
        );
      })}
    </>
  );
}

type LegendItem = { label: string; colour: string; marker?: 'triangle' };

function Legend({ items }: { items: LegendItem[] }) {
  return (
    <View style={styles.legend}>
      {items.map((item) => (
        <View key={item.label} style={styles.legendItem}>
          {item.marker === 'triangle' ? (
            <Svg width={8} height={8} viewBox="0 0 8 8" style={{ marginRight: 4 }}>
              <Path d="M 0 1 L 8 1 L 4 7 Z" fill={item.colour} />
            </Svg>
          ) : (
            <View style={[styles.swatch, { backgroundColor: item.colour }]} />
          )}
          <Text style={styles.legendText}>{item.label}</Text>
        </View>
      ))}
    </View>
  );
}

/** Mentions per step, stacked by sentiment; the spike day is marked. */
export function MentionsChart({ series, spike }: { series: TSeries; spike: TSpikeAlert | null }) {
  const count = series.points.length;
  if (series.points.every((point) => point.mentions === 0)) {
    return <Text style={styles.empty}>No mentions in this period, so there is nothing to chart.</Text>;
  }
  const { top, ticks } = countAxis(Math.max(...series.points.map((point) => point.mentions)));
  const y = (value: number) => TOP + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT;
  const barWidth = Math.max(1.5, Math.min(16, slotWidth(count) * 0.68));
  const dayKeyOf = new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE });
  const isSpikeDay = (start: string) =>
    spike !== null && series.bucket === 'day' && dayKeyOf.format(new Date(start)) === spike.day;
  const spikeShown = series.points.some((point) => isSpikeDay(point.start));
  return (
    <View wrap={false}>
      <Svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`}>
        {ticks.map((tick) => (
          <Line key={tick} x1={AXIS} y1={y(tick)} x2={WIDTH} y2={y(tick)} stroke={colours.rule} strokeWidth={0.5} />
        ))}
        {ticks.map((tick) => (
          <Text key={`label-${tick}`} x={2} y={y(tick) + 2} style={axisText}>
            {tick.toLocaleString('en-GB')}
          </Text>
        ))}
        {series.points.map((point, index) => {
          const x = centreOf(index, count) - barWidth / 2;
          let base = TOP + PLOT_HEIGHT;
          const parts = (['negative', 'neutral', 'positive'] as const).map((label) => {
            const height = (point[label] / top) * PLOT_HEIGHT;
            base -= height;
            return height > 0 ? (
              <Rect key={label} x={x} y={base} width={barWidth} height={height} fill={sentimentColours[label]} />
            ) : null;
          });
          const isSpike = isSpikeDay(point.start);
          return (
            <G key={index}>
              {parts}
              {isSpike ? (
                <Path
                  d={`M ${x + barWidth / 2 - 4} ${base - 8} L ${x + barWidth / 2 + 4} ${base - 8} L ${x + barWidth / 2} ${base - 2} Z`}
                  fill={sentimentColours.negative}
                />
              ) : null}
            </G>
          );
        })}
        <XLabels series={series} />
      </Svg>
      <Legend
        items={[
          { label: 'Positive', colour: sentimentColours.positive },
          { label: 'Neutral', colour: sentimentColours.neutral },
          { label: 'Negative', colour: sentimentColours.negative },
          ...(spikeShown
            ? [{ label: 'Spike alert day', colour: sentimentColours.negative, marker: 'triangle' as const }]
            : []),
        ]}
      />
    </View>
  );
}

/** Average sentiment out of 5 per step; steps without mentions are gaps, not zeros. */
export function SentimentChart({ series, accent }: { series: TSeries; accent: string }) {
  const count = series.points.length;
  const values = series.points.map((point) => point.averageSentiment);
  if (values.every((value) => value === null)) {
    return <Text style={styles.empty}>No mentions in this period, so there is no sentiment to chart.</Text>;
  }
  const y = (value: number) => TOP + PLOT_HEIGHT - ((value - 1) / 4) * PLOT_HEIGHT;
  const x = (index: number) => centreOf(index, count);
  return (
    <View wrap={false}>
      <Svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`}>
        {[1, 2, 3, 4, 5].map((tick) => (
          <Line
            key={tick}
            x1={AXIS}
            y1={y(tick)}
            x2={WIDTH}
            y2={y(tick)}
            stroke={tick === 3 ? colours.faint : colours.rule}
            strokeWidth={tick === 3 ? 0.75 : 0.5}
            strokeDasharray={tick === 3 ? '3 2' : undefined}
          />
        ))}
        {[1, 2, 3, 4, 5].map((tick) => (
          <Text key={`label-${tick}`} x={2} y={y(tick) + 2} style={axisText}>
            {tick.toFixed(1)}
          </Text>
        ))}
        <Path d={gappedLinePath(values, x, y)} stroke={accent} strokeWidth={1.5} fill="none" />
        {values.map((value, index) =>
          value === null ? null : (
            <Circle
              key={index}
              cx={x(index)}
              cy={y(value)}
              r={count > 40 ? 1.4 : 2.2}
              fill={bandColours[sentimentBand(value)].bar}
            />
          ),
        )}
        <XLabels series={series} />
      </Svg>
      <Legend
        items={[
          { label: '4.0 and above: good', colour: bandColours.good.bar },
          { label: '3.0 to 3.9: fair', colour: bandColours.middling.bar },
          { label: 'Below 3.0: poor', colour: bandColours.poor.bar },
          { label: 'Dashed line: neutral (3.0)', colour: colours.faint },
        ]}
      />
    </View>
  );
}
