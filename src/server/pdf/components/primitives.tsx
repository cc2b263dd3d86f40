import { Link, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { Style } from '@react-pdf/types';
import type { ReactNode } from 'react';
import { bandLabel, scoreBand } from '../score-bands.ts';
import { breakPieces, proseBreaks } from '../text.ts';
import { bandColours, colours, FONT, FONT_BOLD, FONT_ITALIC } from '../theme.ts';

const styles = StyleSheet.create({
  pill: {
    borderRadius: 8,
    paddingHorizontal: 6,
    paddingVertical: 2,
    fontFamily: FONT_BOLD,
    fontSize: 7,
    textAlign: 'center',
  },
  pieces: { flexDirection: 'row', flexWrap: 'wrap' },
  sectionTitle: { fontFamily: FONT_BOLD, fontSize: 16, color: colours.ink, marginBottom: 4 },
  sectionLead: { fontSize: 9, color: colours.muted, lineHeight: 1.45, marginBottom: 12 },
  rule: { height: 2, width: 28, marginBottom: 8 },
  aiNote: {
    flexDirection: 'row',
    alignItems: 'center',
    alignSelf: 'flex-start',
    marginTop: -4,
    marginBottom: 12,
    paddingHorizontal: 7,
    paddingVertical: 3,
    borderRadius: 4,
    backgroundColor: colours.panel,
    borderWidth: 0.5,
    borderColor: colours.rule,
  },
  aiNoteText: { fontSize: 7.5, color: colours.muted, fontFamily: FONT_ITALIC },
});

const noBreaks = (word: string) => [word];

/** Prose that wraps at word boundaries and breaks only over-long words. */
export function P({ children, style }: { children: ReactNode; style?: Style | Style[] }) {
  return (
    <Text style={style} hyphenationCallback={proseBreaks}>
      {children}
    </Text>
  );
}

/** Coloured rounded label. */
export function Pill({ label, fg, bg, width }: { label: string; fg: string; bg: string; width?: number }) {
  return (
    <View style={[styles.pill, { backgroundColor: bg }, width ? { width } : {}]}>
      <Text style={{ color: fg }}>{label}</Text>
    </View>
  );
}

export function BandPill({ score }: { score: number | null }) {
  const band = scoreBand(score);
  const c = bandColours[band];
  return <Pill label={bandLabel(band)} fg={c.fg} bg={c.bg} />;
}

/**
 * URLs, selectors and values: split into pieces laid out in a wrapping row, so a long URL breaks
 * at its slashes without a hyphen being inserted into it.
 */
export function BreakText({
  text,
  style,
  href,
  max,
  box,
}: {
  text: string;
  style?: Style;
  href?: string;
  /** about how many characters fit on one line */
  max?: number;
  /** layout style for the outer element (width, margins) */
  box?: Style;
}) {
  const parts = breakPieces(text, max);
  if (parts.length === 1 && !href) {
    return (
      <Text style={[style ?? {}, box ?? {}]} hyphenationCallback={noBreaks}>
        {text}
      </Text>
    );
  }
  const pieces = parts.map((piece, i) => (
    <Text key={i} style={style} hyphenationCallback={noBreaks}>
      {piece}
    </Text>
  ));
  if (href && /^https?:\/\//i.test(href)) {
    return (
      <Link src={href} style={[styles.pieces, { textDecoration: 'none' }, box ?? {}]}>
        {pieces}
      </Link>
    );
  }
  return <View style={[styles.pieces, box ?? {}]}>{pieces}</View>;
}

/** Small muted chip saying which text was written with AI; placed under a section title by default. */
export function AiNote({ text, style }: { text: string; style?: Style }) {
  return (
    <View style={[styles.aiNote, style ?? {}]}>
      <Text style={styles.aiNoteText}>{text}</Text>
    </View>
  );
}

export function SectionTitle({
  title,
  lead,
  accent,
  spaceAbove = 0,
}: {
  title: string;
  lead?: string;
  accent: string;
  spaceAbove?: number;
}) {
  return (
    <View minPresenceAhead={120} wrap={false} style={{ marginTop: spaceAbove }}>
      <View style={[styles.rule, { backgroundColor: accent }]} />
      <Text style={styles.sectionTitle}>{title}</Text>
      {lead ? <P style={styles.sectionLead}>{lead}</P> : <View style={{ height: 8 }} />}
    </View>
  );
}

/** Score out of 100 in band colour, or a muted 'Not measured'. */
export function ScoreValue({ score, size = 12 }: { score: number | null; size?: number }) {
  const band = scoreBand(score);
  if (score === null) {
    return <Text style={{ fontFamily: FONT, fontSize: size * 0.75, color: colours.muted }}>Not measured</Text>;
  }
  return (
    <Text style={{ fontFamily: FONT_BOLD, fontSize: size, color: bandColours[band].fg }}>
      {Math.round(score)}
      <Text style={{ fontFamily: FONT, fontSize: size * 0.6, color: colours.muted }}> / 100</Text>
    </Text>
  );
}
