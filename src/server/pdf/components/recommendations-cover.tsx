import { Text, View } from '@react-pdf/renderer';
import { strategyPriorities, type TMarketingRecommendations } from '../../../shared/schemas/recommendations.ts';
import type { TReportContext } from '../context.ts';
import { formatNumber } from '../text.ts';
import { colours, priorityColours } from '../theme.ts';
import { CoverHero, RankedList, coverStyles as styles, type TCoverFact } from './cover.tsx';
import { AiNote, P, Pill } from './primitives.tsx';
import { ScoreRing } from './score-ring.tsx';

export const AI_NOTE = "Written with AI from the audit's measured findings";

const RING = 150;

/** The executive summary as paragraphs: blank lines, or single line breaks, separate them. */
export function summaryParagraphs(summary: string): string[] {
  return summary
    .split(/\n\s*\n|\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export type TCoverPlan = {
  summary: boolean;
  /** how many strategies the at-a-glance list shows; 0 leaves it out */
  glance: number;
  legend: boolean;
};

/**
 * What fits on the cover, estimated from the text lengths (react-pdf cannot measure before layout,
 * and a cover that overflows would continue on a page without the header strip). Estimates err long.
 * The executive summary goes on first, then as much of the strategies at a glance as fits, then the
 * reading guide; a summary too long for the cover moves into the page flow.
 */
export function planCover(ctx: TReportContext, recommendations: TMarketingRecommendations): TCoverPlan {
  const available = 842 - 40 - 58 - 12;
  const lines = (text: string, perLine: number) =>
    text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / perLine)), 0);
  // hero: the band above the content top, less the 40 pt of page padding it bleeds into
  const nameSize = ctx.brandName.length > 40 ? 22 : 30;
  const nameLines = lines(ctx.brandName, nameSize === 30 ? 26 : 36);
  const heroTop = (ctx.logoPng ? 34 : 18) + 18;
  const hero = 30 + heroTop + nameLines * nameSize * 1.15 + 6 + (ctx.branding ? 16 : 0) + 60 - 40;
  // summary beside the ring: 9.5 pt text in a column about 330 pt wide
  const paragraphs = summaryParagraphs(recommendations.executiveSummary);
  const text =
    22 +
    (recommendations.writtenBy === 'ai' ? 20 : 0) +
    paragraphs.reduce((sum, p) => sum + lines(p, 64) * 14.25 + 5, 0);
  const summary = 20 + Math.max(RING + 16, text);
  const strategies = recommendations.marketingStrategies;
  const rowHeights = strategies.map((s) => (s.strategy.length > 70 ? 44 : 33));
  const legend = 16 + 100;

  const plan: TCoverPlan = { summary: false, glance: 0, legend: false };
  let used = hero;
  if (used + summary > available) return plan;
  plan.summary = true;
  used += summary;
  let glance = 18 + 16;
  for (const [i, height] of rowHeights.entries()) {
    const more = i < rowHeights.length - 1 ? 18 : 0;
    if (used + glance + height + more > available) break;
    glance += height;
    plan.glance = i + 1;
  }
  // a list cut to a single row says too little; leave it to the pages that follow
  if (plan.glance === 1 && strategies.length > 1) plan.glance = 0;
  if (plan.glance > 0) used += glance + (plan.glance < strategies.length ? 18 : 0);
  plan.legend = strategies.length > 0 && used + legend <= available;
  return plan;
}

export function RecommendationsCover({
  ctx,
  recommendations,
  overallScore,
  strategies,
  plan,
}: {
  ctx: TReportContext;
  recommendations: TMarketingRecommendations;
  overallScore: number;
  /** in the order the document presents them */
  strategies: TMarketingRecommendations['marketingStrategies'];
  plan: TCoverPlan;
}) {
  const facts: TCoverFact[] = [];
  if (ctx.auditDate) facts.push({ label: 'Audit date', value: ctx.auditDate });
  facts.push({ label: 'Strategies', value: formatNumber(strategies.length) });
  facts.push({ label: 'Quick wins', value: formatNumber(recommendations.quickWins.length) });
  if (ctx.generatedOn) facts.push({ label: 'Report generated', value: ctx.generatedOn });
  return (
    <View>
      <CoverHero ctx={ctx} kicker="MARKETING RECOMMENDATIONS" facts={facts} />
      <View style={[styles.summary, { alignItems: 'flex-start' }]}>
        <View style={{ alignItems: 'center' }}>
          <ScoreRing score={overallScore} size={RING} />
          <Text style={[styles.tileLabel, { marginTop: 6, marginBottom: 0 }]}>OVERALL AUDIT SCORE</Text>
        </View>
        <View style={styles.reading}>
          <Text style={styles.h2}>Executive summary</Text>
          {recommendations.writtenBy === 'ai' ? (
            <AiNote text={AI_NOTE} style={{ marginTop: 0, marginBottom: 8 }} />
          ) : null}
          {plan.summary ? (
            summaryParagraphs(recommendations.executiveSummary).map((paragraph, i) => (
              <P key={i} style={styles.readingText}>
                {paragraph}
              </P>
            ))
          ) : (
            <P style={styles.readingText}>The executive summary follows on the next page.</P>
          )}
        </View>
      </View>
      {plan.glance > 0 ? (
        <RankedList
          title="Strategies at a glance"
          ctx={ctx}
          rows={strategies.slice(0, plan.glance).map((s) => ({
            title: s.strategy,
            meta: [s.category, s.timeline].filter((v) => v.trim()).join('  |  '),
            pill: { label: s.priority, ...priorityColours[s.priority] },
          }))}
        />
      ) : null}
      {plan.glance > 0 && plan.glance < strategies.length ? (
        <Text style={[styles.prioMeta, { marginTop: 5 }]}>
          {`and ${strategies.length - plan.glance} more ${strategies.length - plan.glance === 1 ? 'strategy' : 'strategies'}, set out in full in the pages that follow`}
        </Text>
      ) : null}
      {plan.legend ? (
        <View style={styles.panel} wrap={false}>
          <Text style={[styles.h2, { fontSize: 10.5 }]}>How to read these recommendations</Text>
          <View style={[styles.legendRow, { alignItems: 'center' }]}>
            <Text style={[styles.legendText, { marginRight: 8 }]}>Priority:</Text>
            {strategyPriorities.map((priority) => (
              <View key={priority} style={{ marginRight: 6 }}>
                <Pill label={priority} {...priorityColours[priority]} width={52} />
              </View>
            ))}
          </View>
          <P style={styles.note}>
            The strategies are ordered by priority. Each one sets out its steps, the timeline and the impact to expect,
            and lists under "Based on" the audit checks it rests on, with what each one measured.
          </P>
          <P style={[styles.note, { color: colours.muted }]}>
            {`The score is the audit's overall score out of 100${ctx.auditDate ? `, measured on ${ctx.auditDate}` : ''}. Re-run the audit to see the effect of the changes.`}
          </P>
        </View>
      ) : null}
    </View>
  );
}
