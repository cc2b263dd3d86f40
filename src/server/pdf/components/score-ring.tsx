import { Circle, Path, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { bandLabel, scoreBand } from '../score-bands.ts';
import { bandColours, colours, FONT_BOLD } from '../theme.ts';

const styles = StyleSheet.create({
  centre: {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    bottom: 0,
    alignItems: 'center',
    justifyContent: 'center',
  },
  label: { fontSize: 7.5, color: colours.muted, letterSpacing: 0.6, marginTop: 1 },
});

/** Point on a circle, angle in degrees clockwise from twelve o'clock. */
function polar(cx: number, cy: number, r: number, degrees: number) {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return { x: cx + r * Math.cos(radians), y: cy + r * Math.sin(radians) };
}

function arcPath(cx: number, cy: number, r: number, fraction: number): string {
  const end = Math.min(fraction, 0.9999) * 360;
  const from = polar(cx, cy, r, 0);
  const to = polar(cx, cy, r, end);
  const large = end > 180 ? 1 : 0;
  return `M ${from.x.toFixed(2)} ${from.y.toFixed(2)} A ${r} ${r} 0 ${large} 1 ${to.x.toFixed(2)} ${to.y.toFixed(2)}`;
}

/** The overall score as a ring gauge, coloured by its band; null draws an empty ring that says so. */
export function ScoreRing({ score, size = 150 }: { score: number | null; size?: number }) {
  if (score === null) return <EmptyRing size={size} />;
  const stroke = size * 0.09;
  const r = (size - stroke) / 2;
  const c = size / 2;
  const value = Math.max(0, Math.min(100, Math.round(score)));
  const band = scoreBand(value);
  const colour = bandColours[band].bar;
  return (
    <View style={{ width: size, height: size }}>
      <Svg width={size} height={size} viewBox={`0 0 ${size} ${size}`}>
        <Circle cx={c} cy={c} r={r} stroke={colours.panelStrong} strokeWidth={stroke} fill="none" />
        {/* quarter ticks */}
        {[0, 90, 180, 270].map((deg) => {
          const a = polar(c, c, r - stroke / 2 - 3, deg);
          const b = polar(c, c, r - stroke / 2 - 7, deg);
          return <Path key={deg} d={`M ${a.x} ${a.y} L ${b.x} ${b.y}`} stroke={colours.rule} strokeWidth={1} />;
        })}
        {value > 0 ? (
          <Path
            d={arcPath(c, c, r, value / 100)}
            stroke={colour}
            strokeWidth={stroke}
            strokeLinecap="round"
            fill="none"
          />
        ) : null}
      </Svg>
      <View style={styles.centre}>
        <Text style={{ fontFamily: FONT_BOLD, fontSize: size * 0.3, color: colours.ink, lineHeight: 1 }}>{value}</Text>
        <Text style={styles.label}>OUT OF 100</Text>
        <Text style={{ fontFamily: FONT_BOLD, fontSize: 9, color: bandColours[band].fg, marginTop: 5 }}>
          {bandLabel(band)}
        </Text>
      </View>
    </View>
  );
}

function EmptyRing({ size }: { size: number }) {
  const stroke = size * 0.09;
  const r = (size - stroke) / 2;
  const c = size / 2;
  return (
    <View style={{ width: size, height: size }}>
      <Svg width={size} height={size} viewBox={`0 0 ${size} ${size}`}>
        <Circle cx={c} cy={c} r={r} stroke={colours.panelStrong} strokeWidth={stroke} fill="none" />
      </Svg>
      <View style={styles.centre}>
        <Text style={{ fontFamily: FONT_BOLD, fontSize: size * 0.22, color: colours.muted, lineHeight: 1 }}>-</Text>
        <Text style={[styles.label, { marginTop: 6 }]}>NOT ENOUGH MEASURED</Text>
      </View>
    </View>
  );
}

/** A thin horizontal bar showing a score out of 100. */
export function ScoreBar({ score, height = 4 }: { score: number | null; height?: number }) {
  const band = scoreBand(score);
  return (
    <View style={{ height, borderRadius: height / 2, backgroundColor: colours.panelStrong, flexDirection: 'row' }}>
      {score !== null && score > 0 ? (
        <View
          style={{
            width: `${Math.min(100, Math.max(0, score))}%`,
            borderRadius: height / 2,
            backgroundColor: bandColours[band].bar,
          }}
        />
      ) : null}
    </View>
  );
}
