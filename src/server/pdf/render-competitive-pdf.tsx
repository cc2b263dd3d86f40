import { Document, renderToBuffer, Text, View } from '@react-pdf/renderer';
import { adsFromLine, competitorCountOf } from '../../shared/competitor-report-counts.ts';
import { findingKindLabels, findingKinds, type TCompetitorReport } from '../../shared/schemas/competitor-reports.ts';
import { shortDate } from '../../shared/sentiment-report-format.ts';
import { countOf, joinWords } from '../../shared/words.ts';
import {
  Bars,
  findingColours,
  HowMade,
  Intelligence,
  KeyFindings,
  Longevity,
  NotDisclosed,
  TopCompetitorsTable,
  WeeklyChart,
} from './components/competitive-sections.tsx';
import { CoverHero, coverStyles, type TCoverFact } from './components/cover.tsx';
import { MetaFormats } from './components/meta-formats.tsx';
import { ContentPage, CoverPage } from './components/page-chrome.tsx';
import { P, SectionTitle } from './components/primitives.tsx';
import { TikTokAdsSection } from './components/tiktok-ads-section.tsx';
import { buildReportContext, type TPdfBranding, type TReportContext } from './context.ts';
import { formatNumber, pdfSafeDeep } from './text.ts';
import { colours, FONT_BOLD } from './theme.ts';

export type TCompetitiveDocument = { brandName: string; report: TCompetitorReport };

function Tile({ label, value, foot, accent }: { label: string; value: string; foot: string; accent: string }) {
  return (
    <View style={[coverStyles.tile, { borderTopColor: accent }]}>
      <Text style={coverStyles.tileLabel}>{label.toUpperCase()}</Text>
      <Text style={{ fontFamily: FONT_BOLD, fontSize: 20, color: colours.ink, lineHeight: 1 }}>{value}</Text>
      <P style={coverStyles.tileFoot}>{foot}</P>
    </View>
  );
}

/** 'active ads: Acme', or for a tie 'active ads each: Acme, Beta and Gamma (tied)' */
export function mostActiveFoot(names: string[]): string {
  if (names.length === 0) return 'no ad running';
  return names.length === 1 ? `active ads: ${names[0]}` : `active ads each: ${joinWords(names)} (tied)`;
}

function Cover({ report, ctx }: { report: TCompetitorReport; ctx: TReportContext }) {
  const facts: TCoverFact[] = [
    { label: 'Covers', value: `${shortDate(report.startDate)} to ${shortDate(report.endDate)}` },
    { label: 'Ads analysed', value: formatNumber(report.totalAdsAnalysed) },
    { label: 'Competitors', value: formatNumber(competitorCountOf(report)) },
  ];
  if (ctx.generatedOn) facts.push({ label: 'Generated', value: ctx.generatedOn });
  const active = report.topCompetitors.reduce((sum, competitor) => sum + competitor.activeAds, 0);
  const longest = report.advertisingIntelligence.longevity[0];
  const mostActive = Math.max(0, ...report.topCompetitors.map((competitor) => competitor.activeAds));
  // a tie names every leader, never the first of them alone
  const leaders = report.topCompetitors.filter((competitor) => mostActive > 0 && competitor.activeAds === mostActive);
  const [topPattern, runnerUp] = [...report.advertisingIntelligence.messagingPatterns].sort(
    (a, b) => b.adCount - a.adCount,
  );
  // a tie has no single most used message
  const leading = topPattern && topPattern.adCount > (runnerUp?.adCount ?? 0) ? topPattern : null;
  return (
    <View>
      <CoverHero ctx={ctx} kicker="COMPETITIVE ANALYSIS" facts={facts} />
      <View style={coverStyles.tiles}>
        <Tile
          label="Ads analysed"
          value={formatNumber(report.totalAdsAnalysed)}
          foot={adsFromLine(report)}
          accent={ctx.theme.primary}
        />
        <Tile
          label="Still running"
          value={formatNumber(active)}
          foot="active at the end of the period"
          accent={ctx.theme.secondary}
        />
        <Tile
          label="Longest run"
          value={longest ? `${longest.runningDays} d` : '-'}
          foot={longest ? (longest.isActive ? 'and still running' : 'now stopped') : 'no ad has dates'}
          accent={findingColours.threats.fg}
        />
        <Tile
          label="Most active"
          value={leaders.length ? formatNumber(mostActive) : '-'}
          foot={mostActiveFoot(leaders.map((competitor) => competitor.name))}
          accent={findingColours.opportunities.fg}
        />
      </View>
      <View style={coverStyles.panel}>
        <Text style={coverStyles.h2}>Findings at a glance</Text>
        {findingKinds.map((kind) => (
          <View key={kind} style={{ flexDirection: 'row', marginBottom: 4 }}>
            <Text style={{ width: 110, fontFamily: FONT_BOLD, fontSize: 9, color: findingColours[kind].fg }}>
              {`${findingKindLabels[kind]} (${report.keyFindings[kind].length})`}
            </Text>
            <P style={[coverStyles.note, { flex: 1 }]}>
              {report.keyFindings[kind][0]?.text ?? 'None met its rule in this period.'}
            </P>
          </View>
        ))}
        {leading ? (
          <P style={[coverStyles.note, { marginTop: 6 }]}>
            {`Most used message: ${leading.label.toLowerCase()}, in ${leading.adCount} of ${countOf(report.totalAdsAnalysed, 'ad')} (${leading.share}%).`}
          </P>
        ) : null}
        {report.writtenBy === 'ai' ? (
          <P style={coverStyles.note}>The findings were worded with AI from the figures.</P>
        ) : null}
      </View>
      <View style={{ marginTop: 10 }}>
        <Bars
          kind="each"
          title="Messages in use (share of the period's ads)"
          total={report.totalAdsAnalysed}
          accent={ctx.theme.accent}
          entries={report.advertisingIntelligence.messagingPatterns.map((entry) => ({
            key: entry.pattern,
            label: entry.label,
            count: entry.adCount,
          }))}
        />
        <Bars
          kind="parts"
          title="Where they advertise"
          total={report.totalAdsAnalysed}
          accent={ctx.theme.primary}
          entries={report.adTrends.byPlatform}
        />
      </View>
    </View>
  );
}

function CompetitivePdf({ report, ctx }: { report: TCompetitorReport; ctx: TReportContext }) {
  const maker = ctx.branding?.companyName ?? 'Brandlens';
  const total = report.totalAdsAnalysed;
  return (
    <Document
      title={`${ctx.brandName}: competitive analysis`}
      author={maker}
      creator={maker}
      producer={maker}
      language="en-GB"
    >
      <CoverPage ctx={ctx}>
        <Cover report={report} ctx={ctx} />
      </CoverPage>
      <ContentPage ctx={ctx}>
        <SectionTitle
          title="Top competitors"
          accent={ctx.theme.secondary}
          lead="Ads seen in the period per competitor, most active first; running days from first to last seen."
        />
        <TopCompetitorsTable report={report} />
        <View wrap={false}>
          <SectionTitle
            spaceAbove={20}
            title="New ads per week"
            accent={ctx.theme.secondary}
            lead="Ads first seen in the period, per ISO week (Monday to Sunday, UTC)."
          />
          <WeeklyChart report={report} accent={ctx.theme.accent} />
        </View>
        <View wrap={false}>
          <SectionTitle spaceAbove={20} title="How they advertise" accent={ctx.theme.secondary} />
          <Bars
            kind="parts"
            title="Ad types"
            entries={report.adTrends.byType}
            total={total}
            accent={ctx.theme.accent}
          />
          <Bars
            kind="parts"
            title="Campaign objectives"
            entries={report.adTrends.byObjective}
            total={total}
            accent={ctx.theme.secondary}
          />
        </View>
        <MetaFormats report={report} ctx={ctx} />
        <Intelligence report={report} ctx={ctx} />
        <Longevity report={report} />
        <TikTokAdsSection report={report} />
        <KeyFindings report={report} ctx={ctx} />
        <NotDisclosed report={report} />
        <HowMade rules={report.rules} />
      </ContentPage>
    </Document>
  );
}

/**
 * A competitive analysis as a designed A4 PDF in the audit report's visual language: a cover with
 * the headline figures and findings, the competitors table, new ads per week and the mix of
 * platforms, types and objectives as vector bars, the advertising intelligence, the findings with
 * the ads they cite, what the sources did not disclose, and how every figure is made.
 */
export async function renderCompetitivePdf(
  doc: TCompetitiveDocument,
  options: { branding?: TPdfBranding | null } = {},
): Promise<Buffer> {
  const ctx = await buildReportContext({
    brandName: doc.brandName || 'Your brand',
    documentKind: 'competitive analysis',
    auditDate: null,
    generatedAt: new Date(doc.report.createdAt),
    branding: options.branding,
  });
  return renderToBuffer(<CompetitivePdf report={pdfSafeDeep(doc.report)} ctx={ctx} />);
}
