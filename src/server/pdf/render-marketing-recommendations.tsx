import { Document, renderToBuffer, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { TMarketingRecommendations } from '../../shared/schemas/recommendations.ts';
import { ContentPage, CoverPage } from './components/page-chrome.tsx';
import { SectionTitle } from './components/primitives.tsx';
import {
  planCover,
  RecommendationsCover,
  summaryParagraphs,
  type TCoverPlan,
} from './components/recommendations-cover.tsx';
import {
  AboutRecommendations,
  CompetitiveAdvantage,
  ExecutiveSummarySection,
  KeyFindings,
  LongTermGoals,
  QuickWins,
} from './components/recommendations-sections.tsx';
import { orderStrategies, StrategyBlock } from './components/recommendations-strategy.tsx';
import { buildReportContext, type TPdfBranding, type TReportContext } from './context.ts';
import { pdfSafeDeep } from './text.ts';
import { colours, FONT_ITALIC } from './theme.ts';

export type { TPdfBranding } from './context.ts';

export type TMarketingRecommendationsPdfInput = {
  brandName: string;
  /** when the audit the recommendations build on was run */
  auditDate: Date;
  overallScore: number;
  recommendations: TMarketingRecommendations;
};

export type TRenderMarketingRecommendationsOptions = {
  branding?: TPdfBranding | null;
  /** shown on the cover as the report date; defaults to now */
  generatedAt?: Date;
};

const styles = StyleSheet.create({
  empty: { fontFamily: FONT_ITALIC, fontSize: 9.5, color: colours.muted },
});

function MarketingRecommendations({
  input,
  ctx,
  plan,
}: {
  input: TMarketingRecommendationsPdfInput;
  ctx: TReportContext;
  plan: TCoverPlan;
}) {
  const { recommendations } = input;
  const strategies = orderStrategies(recommendations.marketingStrategies);
  const maker = ctx.branding?.companyName ?? 'Brandlens';
  return (
    <Document
      title={`${ctx.brandName}: marketing recommendations`}
      subject={`Marketing recommendations for ${ctx.brandName}, from its brand audit`}
      author={maker}
      creator={maker}
      producer={maker}
      language="en-GB"
    >
      <CoverPage ctx={ctx}>
        <RecommendationsCover
          ctx={ctx}
          recommendations={recommendations}
          overallScore={input.overallScore}
          strategies={strategies}
          plan={plan}
        />
      </CoverPage>
      <ContentPage ctx={ctx}>
        {plan.summary ? null : (
          <ExecutiveSummarySection paragraphs={summaryParagraphs(recommendations.executiveSummary)} ctx={ctx} />
        )}
        <KeyFindings items={recommendations.keyFindings} ctx={ctx} spaceAbove={plan.summary ? 0 : 24} />
        <QuickWins items={recommendations.quickWins} ctx={ctx} />
        {strategies.length === 0 ? (
          <View style={{ marginBottom: 20 }}>
            <SectionTitle spaceAbove={24} title="Marketing strategies" accent={ctx.theme.secondary} />
            <Text style={styles.empty}>No strategies were recommended.</Text>
          </View>
        ) : null}
        {strategies.map((strategy, i) => (
          <StrategyBlock
            key={i}
            strategy={strategy}
            index={i}
            ctx={ctx}
            intro={
              i === 0 ? (
                <SectionTitle
                  spaceAbove={24}
                  title="Marketing strategies"
                  accent={ctx.theme.secondary}
                  lead={`${strategies.length === 1 ? 'One strategy' : `${strategies.length} strategies`}, most urgent first. Each rests on findings the audit measured, listed under "Based on".`}
                />
              ) : undefined
            }
          />
        ))}
        <CompetitiveAdvantage text={recommendations.competitiveAdvantage} ctx={ctx} />
        <LongTermGoals items={recommendations.longTermGoals} ctx={ctx} />
        <AboutRecommendations recommendations={recommendations} overallScore={input.overallScore} ctx={ctx} />
      </ContentPage>
    </Document>
  );
}

/**
 * Renders an audit's marketing recommendations as a designed A4 PDF in the audit report's visual
 * language: a cover with the score and executive summary, key findings and quick wins, each strategy
 * with its steps and the measured findings it rests on, then competitive advantage and long-term goals.
 */
export async function renderMarketingRecommendationsPdf(
  input: TMarketingRecommendationsPdfInput,
  options: TRenderMarketingRecommendationsOptions = {},
): Promise<Buffer> {
  const ctx = await buildReportContext({
    brandName: input.brandName || 'Your brand',
    documentKind: 'marketing recommendations',
    auditDate: input.auditDate,
    generatedAt: options.generatedAt ?? new Date(),
    branding: options.branding,
  });
  const safe = { ...input, recommendations: pdfSafeDeep(input.recommendations) };
  return renderToBuffer(
    <MarketingRecommendations input={safe} ctx={ctx} plan={planCover(ctx, safe.recommendations)} />,
  );
}
