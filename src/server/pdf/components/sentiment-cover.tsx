import { Circle, Path, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import { insightSourceLabels } from '../../../shared/schemas/insights.ts';
import { scoreBandLabels } from '../../../shared/scoring-bands.ts';
import { sentimentBand, shortDate, trendLabels } from '../../../shared/sentiment-report-format.ts';
import type { TReportContext } from '../context.ts';
import type { TSentimentDocument } from '../sentiment-document.ts';
import { formatNumber } from '../text.ts';
import { bandColours, colours, FONT_BOLD } from '../theme.ts';
import { CoverHero, coverStyles, type TCoverFact } from './cover.tsx';
import { AiNote, P } from './primitives.tsx';
import { sentimentColours } from './sentiment-charts.tsx';
import { SpikePanel } from './sentiment-sections.tsx';

export const SENTIMENT_AI_NOTE = "Written with AI from the report's figures";
const GAUGE = 140;
const bandRanges = { good: '4.0 to 5.0', middling: '3.0 to 3.9', poor: 'below 3.0' } as const;

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
  gaugeLabel: { fontSize: 7.5, color: colours.muted, letterSpacing: 0.6, marginTop: 1 },
  tileValue: { fontFamily: FONT_BOLD, fontSize: 20, lineHeight: 1, marginBottom: 4 },
  tileSmall: { fontFamily: FONT_BOLD, fontSize: 12, lineHeight: 1.2, marginBottom: 4 },
  bar: { flexDirection: 'row', height: 10, borderRadius: 5, marginTop: 14, backgroundColor: colours.panelStrong },
  barLegend: { flexDirection: 'row', justifyContent: 'space-between', marginTop: 4 },
  barText: { fontSize: 7.5, color: colours.muted },
});

/** Angle in degrees clockwise from twelve o'clock to a point on the circle. */
function polar(c: number, r: number, degrees: number) {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return { x: c + r * Math.cos(radians), y: c + r * Math.sin(radians) };
}

/** The average sentiment as a ring filled to score / 5, coloured by its band. */
export function SentimentGauge({ score, size = GAUGE }: { score: number | null; size?: number }) {
  const stroke = size * 0.09;
  const r = (size - stroke) / 2;
  const c = size / 2;
  const band = score === null ? null : sentimentBand(score);
  const end = score === null ? 0 : Math.min(0.9999, Math.max(0, score / 5)) * 360;
  const from = polar(c, r, 0);
  const to = polar(c, r, end);
  return (
    <View style={{ width: size, height: size }}>
      <Svg width={size} height={size} viewBox={`0 0 ${size} ${size}`}>
        <Circle cx={c} cy={c} r={r} stroke={colours.panelStrong} strokeWidth={stroke} fill="none" />
        {band ? (
          <Path
            d={`M ${from.x} ${from.y} A ${r} ${r} 0 ${end > 180 ? 1 : 0} 1 ${to.x} ${to.y}`}
            stroke={bandColours[band].bar}
            strokeWidth={stroke}
            strokeLinecap="round"
            fill="none"
          />
        ) : null}
      </Svg>
      <View style={styles.centre}>
        {score === null || !band ? (
          <>
            <Text style={{ fontFamily: FONT_BOLD, fontSize: size * 0.2, color: colours.muted, lineHeight: 1 }}>-</Text>
            <Text style={[styles.gaugeLabel, { marginTop: 6 }]}>NOT MEASURED</Text>
          </>
        ) : (
          <>
            <Text style={{ fontFamily: FONT_BOLD, fontSize: size * 0.28, color: colours.ink, lineHeight: 1 }}>
              {score.toFixed(1)}
            </Text>
            <Text style={styles.gaugeLabel}>OUT OF 5</Text>
            <Text style={{ fontFamily: FONT_BOLD, fontSize: 9, color: bandColours[band].fg, marginTop: 5 }}>
              {scoreBandLabels[band]}
            </Text>
          </>
        )}
      </View>
    </View>
  );
}

/**
 * Whether the reading fits beside the gauge on the cover (react-pdf cannot measure before
 * layout, so it is estimated from its length, erring long); otherwise it opens the next page.
 */
export function readingFitsCover(doc: TSentimentDocument): boolean {
  const lines = doc.reading.reduce((sum, sentence) => sum + Math.ceil(sentence.length / 62), 0);
  const height = 22 + (doc.writtenBy === 'ai' ? 20 : 0) + lines * 14.25 + doc.reading.length * 5;
  // what the hero, tiles, distribution, spike panel and reading guide leave of the page
  const spike = doc.spikeAlert ? 64 + (doc.spikeAlert.otherSpikeDays.length > 0 ? 18 : 0) : 50;
  return height <= 360 - spike;
}

function Tile({ label, accent, children }: { label: string; accent: string; children: React.ReactNode }) {
  return (
    <View style={[coverStyles.tile, { borderTopColor: accent }]}>
      <Text style={coverStyles.tileLabel}>{label.toUpperCase()}</Text>
      {children}
    </View>
  );
}

function ShareTile({ doc, label }: { doc: TSentimentDocument; label: 'positive' | 'neutral' | 'negative' }) {
  const count = doc.counts[label];
  return (
    <Tile label={label} accent={sentimentColours[label]}>
      <Text style={[styles.tileValue, { color: label === 'neutral' ? colours.ink : sentimentColours[label] }]}>
        {doc.totalMentions === 0 ? '-' : `${doc.percentages[label]}%`}
      </Text>
      <Text style={coverStyles.tileFoot}>{`${formatNumber(count)} ${count === 1 ? 'mention' : 'mentions'}`}</Text>
    </Tile>
  );
}

function FourthTile({ doc }: { doc: TSentimentDocument }) {
  if (doc.trend) {
    const colour =
      doc.trend.direction === 'improving'
        ? sentimentColours.positive
        : doc.trend.direction === 'declining'
          ? sentimentColours.negative
          : colours.ink;
    return (
      <Tile label="Trend" accent={colour}>
        <Text style={[styles.tileSmall, { color: colour }]}>{trendLabels[doc.trend.direction]}</Text>
        <P style={coverStyles.tileFoot}>{doc.trend.detail}</P>
      </Tile>
    );
  }
  const latest = doc.latest[0];
  return (
    <Tile label="Latest insight" accent={colours.rule}>
      <Text style={[styles.tileSmall, { color: colours.ink }]}>{latest ? shortDate(latest.collectedAt) : '-'}</Text>
      <P style={coverStyles.tileFoot}>
        {latest ? [insightSourceLabels[latest.source], latest.platform].filter(Boolean).join(', ') : 'None'}
      </P>
    </Tile>
  );
}

export function SentimentCover({
  doc,
  ctx,
  readingOnCover,
}: {
  doc: TSentimentDocument;
  ctx: TReportContext;
  readingOnCover: boolean;
}) {
  const facts: TCoverFact[] = [];
  if (doc.periodName) facts.push({ label: 'Period', value: doc.periodName });
  facts.push({ label: doc.kind === 'report' ? 'Covers' : 'Insights from', value: doc.range });
  facts.push({ label: 'Mentions', value: formatNumber(doc.totalMentions) });
  if (ctx.generatedOn)
    facts.push({ label: doc.kind === 'report' ? 'Generated' : 'Report made', value: ctx.generatedOn });
  const shares = (['positive', 'neutral', 'negative'] as const).filter((label) => doc.percentages[label] > 0);
  return (
    <View>
      <CoverHero
        ctx={ctx}
        kicker={doc.kind === 'report' ? 'SENTIMENT REPORT' : 'CONSUMER INSIGHTS REPORT'}
        facts={facts}
      />
      <View style={[coverStyles.summary, { alignItems: 'flex-start' }]}>
        <View style={{ alignItems: 'center' }}>
          <SentimentGauge score={doc.overallSentiment} />
          <Text style={[coverStyles.tileLabel, { marginTop: 6, marginBottom: 0 }]}>AVERAGE SENTIMENT</Text>
        </View>
        <View style={coverStyles.reading}>
          <Text style={coverStyles.h2}>What the figures say</Text>
          {doc.writtenBy === 'ai' ? (
            <AiNote text={SENTIMENT_AI_NOTE} style={{ marginTop: 0, marginBottom: 8 }} />
          ) : null}
          {readingOnCover ? (
            doc.reading.map((sentence, i) => (
              <P key={i} style={coverStyles.readingText}>
                {sentence}
              </P>
            ))
          ) : (
            <P style={coverStyles.readingText}>The reading of the figures follows on the next page.</P>
          )}
        </View>
      </View>
      <View style={coverStyles.tiles}>
        <ShareTile doc={doc} label="positive" />
        <ShareTile doc={doc} label="neutral" />
        <ShareTile doc={doc} label="negative" />
        <FourthTile doc={doc} />
      </View>
      <View style={styles.bar}>
        {shares.map((label, i) => (
          <View
            key={label}
            style={{
              width: `${doc.percentages[label]}%`,
              backgroundColor: sentimentColours[label],
              borderTopLeftRadius: i === 0 ? 5 : 0,
              borderBottomLeftRadius: i === 0 ? 5 : 0,
              borderTopRightRadius: i === shares.length - 1 ? 5 : 0,
              borderBottomRightRadius: i === shares.length - 1 ? 5 : 0,
            }}
          />
        ))}
      </View>
      <View style={styles.barLegend}>
        <Text style={styles.barText}>
          {doc.totalMentions === 0
            ? 'No mentions: the distribution is not measured.'
            : 'Share of mentions by sentiment; whole percentages adding up to 100.'}
        </Text>
        <Text style={styles.barText}>
          {`${formatNumber(doc.totalMentions)} ${doc.totalMentions === 1 ? 'mention' : 'mentions'} ${doc.span}`}
        </Text>
      </View>
      <View style={{ marginTop: 16 }}>
        <SpikePanel doc={doc} />
      </View>
      <HowToRead />
    </View>
  );
}

function HowToRead() {
  return (
    <View style={coverStyles.panel} wrap={false}>
      <Text style={[coverStyles.h2, { fontSize: 10.5 }]}>How to read this report</Text>
      <View style={coverStyles.legendRow}>
        {(['good', 'middling', 'poor'] as const).map((band) => (
          <View key={band} style={coverStyles.legendItem}>
            <View style={[coverStyles.dot, { backgroundColor: bandColours[band].bar }]} />
            <Text style={coverStyles.legendText}>{`${scoreBandLabels[band]}: ${bandRanges[band]}`}</Text>
          </View>
        ))}
      </View>
      <P style={coverStyles.note}>
        Every mention is scored from 1 (very negative) to 5 (very positive), with 3 neutral, when it is added. The
        average sentiment is the mean of those scores. Nothing in this report is estimated: what was not measured is
        shown as not measured.
      </P>
    </View>
  );
}
