import { StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TAuditDetail } from '../../../shared/schemas/audits.ts';
import type { TReportContext } from '../context.ts';
import { colours, FONT_BOLD, FONT_ITALIC } from '../theme.ts';
import { AiNote, P, SectionTitle } from './primitives.tsx';

const styles = StyleSheet.create({
  columns: { flexDirection: 'row', marginHorizontal: -6 },
  column: { flex: 1, marginHorizontal: 6 },
  stacked: { marginBottom: 12 },
  card: { borderRadius: 6, borderWidth: 0.75, borderColor: colours.rule, padding: 12, paddingBottom: 6, flexGrow: 1 },
  cardHead: { flexDirection: 'row', alignItems: 'center', marginBottom: 8 },
  badge: { width: 16, height: 16, borderRadius: 8, alignItems: 'center', justifyContent: 'center', marginRight: 7 },
  badgeText: { fontFamily: FONT_BOLD, fontSize: 10, color: colours.white, lineHeight: 1 },
  cardTitle: { fontFamily: FONT_BOLD, fontSize: 11, color: colours.ink },
  count: { fontSize: 8.5, color: colours.muted, marginLeft: 5 },
  item: { flexDirection: 'row', marginBottom: 6 },
  bullet: { width: 4, height: 4, borderRadius: 2, marginTop: 4.5, marginRight: 7 },
  itemText: { flex: 1, fontSize: 9, lineHeight: 1.45, color: colours.text },
  empty: { fontSize: 9, color: colours.muted, fontFamily: FONT_ITALIC },
});

const kinds = {
  strengths: {
    title: 'Strengths',
    symbol: '+',
    colour: '#16A34A',
    empty: 'No strengths were recorded for this audit.',
  },
  weaknesses: {
    title: 'Weaknesses',
    symbol: '!',
    colour: '#DC2626',
    empty: 'No weaknesses were recorded for this audit.',
  },
} as const;

function ListCard({ kind, items }: { kind: keyof typeof kinds; items: string[] }) {
  const k = kinds[kind];
  return (
    <View style={styles.card}>
      <View style={styles.cardHead} minPresenceAhead={40}>
        <View style={[styles.badge, { backgroundColor: k.colour }]}>
          <Text style={styles.badgeText}>{k.symbol}</Text>
        </View>
        <Text style={styles.cardTitle}>{k.title}</Text>
        <Text style={styles.count}>{`(${items.length})`}</Text>
      </View>
      {items.length === 0 ? <Text style={styles.empty}>{k.empty}</Text> : null}
      {items.map((item, i) => (
        <View key={i} style={styles.item} wrap={false}>
          <View style={[styles.bullet, { backgroundColor: k.colour }]} />
          <P style={styles.itemText}>{item}</P>
        </View>
      ))}
    </View>
  );
}

export function StrengthsWeaknesses({ audit, ctx }: { audit: TAuditDetail; ctx: TReportContext }) {
  const length = (items: string[]) => items.reduce((sum, s) => sum + s.length, 0);
  // Side by side reads best; very long lists stack so each can break across pages on its own.
  const sideBySide = Math.max(length(audit.strengths), length(audit.weaknesses)) < 1400;
  return (
    <>
      <SectionTitle
        title="Strengths and weaknesses"
        accent={ctx.theme.secondary}
        lead="What the brand already does well, and what holds it back, drawn from the measured checks."
      />
      {audit.writtenBy === 'ai' ? <AiNote text="Narrative written with AI from the measured findings" /> : null}
      {sideBySide ? (
        <View style={styles.columns} wrap={false}>
          <View style={styles.column}>
            <ListCard kind="strengths" items={audit.strengths} />
          </View>
          <View style={styles.column}>
            <ListCard kind="weaknesses" items={audit.weaknesses} />
          </View>
        </View>
      ) : (
        <View>
          <View style={styles.stacked}>
            <ListCard kind="strengths" items={audit.strengths} />
          </View>
          <ListCard kind="weaknesses" items={audit.weaknesses} />
        </View>
      )}
    </>
  );
}
