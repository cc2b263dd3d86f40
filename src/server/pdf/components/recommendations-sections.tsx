import { Circle, Path, StyleSheet, Svg, Text, View } from '@react-pdf/renderer';
import type { TMarketingRecommendations } from '../../../shared/schemas/recommendations.ts';
import { brandingContacts, type TReportContext } from '../context.ts';
import { colours, FONT_BOLD, FONT_ITALIC, tint } from '../theme.ts';
import { P, SectionTitle } from './primitives.tsx';

const QUICK_WIN = { fg: '#15803D', bg: '#F0FDF4', border: '#BBF7D0', icon: '#16A34A' };

const styles = StyleSheet.create({
  finding: {
    flexDirection: 'row',
    paddingVertical: 7,
    borderBottomWidth: 0.5,
    borderBottomColor: colours.rule,
  },
  findingNumber: {
    width: 20,
    height: 20,
    borderRadius: 10,
    alignItems: 'center',
    justifyContent: 'center',
    marginRight: 10,
  },
  findingNumberText: { fontFamily: FONT_BOLD, fontSize: 9, lineHeight: 1 },
  findingText: { flex: 1, fontSize: 9.5, color: colours.text, lineHeight: 1.45, paddingTop: 2.5 },
  win: {
    flexDirection: 'row',
    alignItems: 'flex-start',
    backgroundColor: QUICK_WIN.bg,
    borderWidth: 0.75,
    borderColor: QUICK_WIN.border,
    borderRadius: 5,
    paddingVertical: 7,
    paddingHorizontal: 9,
    marginBottom: 5,
  },
  winIcon: { marginRight: 9, marginTop: 0.5 },
  winText: { flex: 1, fontSize: 9.5, color: colours.ink, lineHeight: 1.45 },
  callout: { borderRadius: 6, borderLeftWidth: 3, paddingVertical: 12, paddingHorizontal: 14 },
  calloutText: { fontSize: 10, color: colours.ink, lineHeight: 1.55 },
  goal: { flexDirection: 'row' },
  rail: { width: 24, alignItems: 'center' },
  railLine: { position: 'absolute', top: 14, bottom: -2, left: 11.25, width: 1.5 },
  dot: { width: 12, height: 12, borderRadius: 6, borderWidth: 2.5, backgroundColor: colours.white, marginTop: 2 },
  goalBody: { flex: 1, paddingBottom: 11, paddingLeft: 6 },
  goalLabel: { fontFamily: FONT_BOLD, fontSize: 6.8, color: colours.muted, letterSpacing: 0.8, marginBottom: 2 },
  goalText: { fontSize: 9.5, color: colours.ink, lineHeight: 1.45 },
  empty: { fontFamily: FONT_ITALIC, fontSize: 9, color: colours.muted, paddingVertical: 4 },
  about: { marginTop: 22, padding: 14, borderRadius: 6, backgroundColor: colours.panel },
  aboutTitle: { fontFamily: FONT_BOLD, fontSize: 10.5, color: colours.ink, marginBottom: 5 },
  aboutText: { fontSize: 8.5, color: colours.text, lineHeight: 1.5, marginBottom: 3 },
});

const nonEmpty = (items: string[]) => items.map((item) => item.trim()).filter(Boolean);

export function ExecutiveSummarySection({ paragraphs, ctx }: { paragraphs: string[]; ctx: TReportContext }) {
  return (
    <>
      <SectionTitle title="Executive summary" accent={ctx.theme.secondary} />
      {paragraphs.map((paragraph, i) => (
        <P key={i} style={[styles.findingText, { paddingTop: 0, marginBottom: 6 }]}>
          {paragraph}
        </P>
      ))}
    </>
  );
}

export function KeyFindings({ items, ctx, spaceAbove }: { items: string[]; ctx: TReportContext; spaceAbove: number }) {
  const findings = nonEmpty(items);
  return (
    <>
      <SectionTitle
        spaceAbove={spaceAbove}
        title="Key findings"
        accent={ctx.theme.secondary}
        lead="What the audit measured that matters most for the brand's marketing."
      />
      {findings.length === 0 ? <Text style={styles.empty}>No key findings were recorded.</Text> : null}
      {findings.map((finding, i) => (
        <View key={i} style={styles.finding} wrap={false}>
          <View style={[styles.findingNumber, { backgroundColor: ctx.theme.accentTint }]}>
            <Text style={[styles.findingNumberText, { color: ctx.theme.accent }]}>{i + 1}</Text>
          </View>
          <P style={styles.findingText}>{finding}</P>
        </View>
      ))}
    </>
  );
}

function Tick() {
  return (
    <Svg width={14} height={14} viewBox="0 0 14 14" style={styles.winIcon}>
      <Circle cx={7} cy={7} r={7} fill={QUICK_WIN.icon} />
      <Path d="M 3.9 7.2 L 6.1 9.3 L 10.2 4.9" stroke={colours.white} strokeWidth={1.6} fill="none" />
    </Svg>
  );
}

export function QuickWins({ items, ctx }: { items: string[]; ctx: TReportContext }) {
  const wins = nonEmpty(items);
  return (
    <>
      <SectionTitle
        spaceAbove={24}
        title="Quick wins"
        accent={ctx.theme.secondary}
        lead="Small fixes, each a couple of hours or less, that can start straight away."
      />
      {wins.length === 0 ? <Text style={styles.empty}>No quick wins were found in this audit.</Text> : null}
      {wins.map((win, i) => (
        <View key={i} style={styles.win} wrap={false}>
          <Tick />
          <P style={styles.winText}>{win}</P>
        </View>
      ))}
    </>
  );
}

export function CompetitiveAdvantage({ text, ctx }: { text: string; ctx: TReportContext }) {
  if (text.trim() === '') return null;
  return (
    <>
      <SectionTitle
        spaceAbove={6}
        title="Competitive advantage"
        accent={ctx.theme.secondary}
        lead="Where the brand already stands out, and how to build on it."
      />
      {/* kept whole when it fits on a page; a very long text may break */}
      <View
        style={[styles.callout, { backgroundColor: ctx.theme.accentTint, borderLeftColor: ctx.theme.primary }]}
        wrap={text.length > 1600}
      >
        <P style={styles.calloutText}>{text.trim()}</P>
      </View>
    </>
  );
}

export function LongTermGoals({ items, ctx }: { items: string[]; ctx: TReportContext }) {
  const goals = nonEmpty(items);
  return (
    <>
      <SectionTitle
        spaceAbove={24}
        title="Long-term goals"
        accent={ctx.theme.secondary}
        lead="Where to aim over the coming months, once the strategies above are under way."
      />
      {goals.length === 0 ? <Text style={styles.empty}>No long-term goals were set.</Text> : null}
      {goals.map((goal, i) => (
        <View key={i} style={styles.goal} wrap={false}>
          <View style={styles.rail}>
            {i < goals.length - 1 ? (
              <View style={[styles.railLine, { backgroundColor: tint(ctx.theme.accent, 0.35) }]} />
            ) : null}
            <View style={[styles.dot, { borderColor: ctx.theme.accent }]} />
          </View>
          <View style={styles.goalBody}>
            <Text style={styles.goalLabel}>{`GOAL ${i + 1}`}</Text>
            <P style={styles.goalText}>{goal}</P>
          </View>
        </View>
      ))}
    </>
  );
}

/** Closing note: what the recommendations rest on, and who prepared them. */
export function AboutRecommendations({
  recommendations,
  overallScore,
  ctx,
}: {
  recommendations: TMarketingRecommendations;
  overallScore: number;
  ctx: TReportContext;
}) {
  const preparedBy = ctx.branding?.companyName ?? 'Brandlens';
  const contact = brandingContacts(ctx).join(' or ');
  return (
    <View style={styles.about} wrap={false}>
      <Text style={styles.aboutTitle}>About these recommendations</Text>
      <P style={styles.aboutText}>
        {`They build on the brand audit of ${ctx.brandName}${ctx.auditDate ? ` run on ${ctx.auditDate}` : ''}, which scored ${Math.round(overallScore)} out of 100 overall. Every strategy lists, under "Based on", the audit checks it rests on and what each one measured; the full evidence is in the audit report.`}
      </P>
      {recommendations.writtenBy === 'ai' ? (
        <P style={styles.aboutText}>
          The wording was written with AI from the audit's measured findings. The findings each strategy is based on
          were checked against the audit and are quoted from it as measured.
        </P>
      ) : null}
      <P style={styles.aboutText}>
        {`Prepared by ${preparedBy}${ctx.generatedOn ? ` on ${ctx.generatedOn}` : ''}.${contact ? ` Questions: ${contact}.` : ''}`}
      </P>
    </View>
  );
}
