import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { sortRecommendations } from '../../../shared/recommendation-order.ts';
import type { TRecommendation } from '../../../shared/schemas/audits.ts';
import type { TReportContext } from '../context.ts';
import { formatHours, formatNumber } from '../text.ts';
import { colours, FONT_BOLD, FONT_ITALIC, priorityColours } from '../theme.ts';
import { P, Pill, SectionTitle } from './primitives.tsx';

const col = { index: 20, category: 74, priority: 56, hours: 42, impact: 46 };

const styles = StyleSheet.create({
  table: { borderTopWidth: 0.75, borderTopColor: colours.rule },
  head: {
    flexDirection: 'row',
    backgroundColor: colours.panelStrong,
    paddingVertical: 6,
    paddingHorizontal: 6,
  },
  headText: { fontFamily: FONT_BOLD, fontSize: 7, color: colours.muted, letterSpacing: 0.6 },
  row: {
    flexDirection: 'row',
    paddingVertical: 6.5,
    paddingHorizontal: 6,
    borderBottomWidth: 0.75,
    borderBottomColor: colours.rule,
  },
  index: { width: col.index, fontFamily: FONT_BOLD, fontSize: 9, color: colours.faint },
  main: { flex: 1, paddingRight: 10 },
  title: { fontFamily: FONT_BOLD, fontSize: 9.5, color: colours.ink, marginBottom: 2.5, lineHeight: 1.3 },
  description: { fontSize: 8.5, color: colours.text, lineHeight: 1.4 },
  category: { width: col.category, fontSize: 8, color: colours.text, paddingRight: 6, lineHeight: 1.3 },
  priority: { width: col.priority, alignItems: 'flex-start' },
  hours: { width: col.hours, fontSize: 9, color: colours.text, textAlign: 'right' },
  impact: { width: col.impact, fontFamily: FONT_BOLD, fontSize: 10, textAlign: 'right' },
  empty: { fontSize: 9, color: colours.muted, fontFamily: FONT_ITALIC, paddingVertical: 10 },
});

function Row({ rec, index, accent }: { rec: TRecommendation; index: number; accent: string | null }) {
  const p = priorityColours[rec.priority];
  return (
    <View style={styles.row} wrap={false}>
      <Text style={styles.index}>{index + 1}</Text>
      <View style={styles.main}>
        <P style={styles.title}>{rec.title}</P>
        <P style={styles.description}>{rec.description}</P>
      </View>
      <P style={styles.category}>{rec.category}</P>
      <View style={styles.priority}>
        <Pill label={rec.priority} fg={p.fg} bg={p.bg} width={46} />
      </View>
      <Text style={styles.hours}>{formatHours(rec.estimatedHours)}</Text>
      <Text style={[styles.impact, { color: rec.scoreImpact > 0 ? '#15803D' : colours.muted }]}>
        {rec.scoreImpact > 0 ? `+${formatNumber(rec.scoreImpact)}` : formatNumber(rec.scoreImpact)}
      </Text>
      {accent ? (
        <View style={{ position: 'absolute', left: 0, top: 6.5, bottom: 6.5, width: 2, backgroundColor: accent }} />
      ) : null}
    </View>
  );
}

export function RecommendationsTable({
  recommendations,
  ctx,
}: {
  recommendations: TRecommendation[];
  ctx: TReportContext;
}) {
  const sorted = sortRecommendations(recommendations);
  const totalHours = recommendations.reduce((sum, r) => sum + r.estimatedHours, 0);
  return (
    <>
      <SectionTitle
        spaceAbove={22}
        title="Recommendations"
        accent={ctx.theme.secondary}
        lead={
          sorted.length > 0
            ? `Ordered by the points each fix adds to the overall score when its check passes; about ${formatHours(totalHours)} of work in all.`
            : undefined
        }
      />
      {sorted.length === 0 ? (
        <Text style={styles.empty}>No recommendations were made for this audit.</Text>
      ) : (
        <View style={styles.table}>
          <View style={styles.head} fixed>
            <Text style={[styles.headText, { width: col.index }]}>#</Text>
            <Text style={[styles.headText, { flex: 1 }]}>RECOMMENDATION</Text>
            <Text style={[styles.headText, { width: col.category }]}>CATEGORY</Text>
            <Text style={[styles.headText, { width: col.priority }]}>PRIORITY</Text>
            <Text style={[styles.headText, { width: col.hours, textAlign: 'right' }]}>EST. TIME</Text>
            <Text style={[styles.headText, { width: col.impact, textAlign: 'right' }]}>IMPACT</Text>
          </View>
          {sorted.map((rec, i) => (
            <Row key={i} rec={rec} index={i} accent={i < 3 ? ctx.theme.primary : null} />
          ))}
        </View>
      )}
    </>
  );
}
