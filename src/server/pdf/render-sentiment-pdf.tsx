import { Document, renderToBuffer, Text, View } from '@react-pdf/renderer';
import { bucketTitle } from '../../shared/sentiment-report-format.ts';
import { coverStyles } from './components/cover.tsx';
import { ContentPage, CoverPage } from './components/page-chrome.tsx';
import { AiNote, P, SectionTitle } from './components/primitives.tsx';
import { MentionsChart, SentimentChart } from './components/sentiment-charts.tsx';
import { readingFitsCover, SENTIMENT_AI_NOTE, SentimentCover } from './components/sentiment-cover.tsx';
import {
  AboutFigures,
  ExampleQuotes,
  LatestInsights,
  Sources,
  TopicsAndKeywords,
} from './components/sentiment-sections.tsx';
import { buildReportContext, type TPdfBranding, type TReportContext } from './context.ts';
import type { TSentimentDocument } from './sentiment-document.ts';
import { pdfSafeDeep } from './text.ts';

export type { TSentimentDocument } from './sentiment-document.ts';

const bucketWords = { hour: 'hour', day: 'day', week: 'week (Monday to Sunday)', month: 'calendar month' } as const;

function chartLead(doc: TSentimentDocument, what: string): string {
  const { series } = doc;
  const first = series.points[0];
  const last = series.points.at(-1);
  const range =
    first && last
      ? ` from ${bucketTitle(first.start, series.bucket)} to ${bucketTitle(last.start, series.bucket)}`
      : '';
  return `${what} per ${bucketWords[series.bucket]}${range}, UK time.`;
}

function SentimentPdf({ doc, ctx }: { doc: TSentimentDocument; ctx: TReportContext }) {
  const maker = ctx.branding?.companyName ?? 'Brandlens';
  const readingOnCover = readingFitsCover(doc);
  const title = doc.kind === 'report' ? 'sentiment report' : 'consumer insights report';
  return (
    <Document
      title={`${ctx.brandName}: ${title}`}
      subject={`${doc.kind === 'report' ? 'Sentiment report' : 'Consumer insights'} for ${ctx.brandName}, ${doc.range}`}
      author={maker}
      creator={maker}
      producer={maker}
      language="en-GB"
    >
      <CoverPage ctx={ctx}>
        <SentimentCover doc={doc} ctx={ctx} readingOnCover={readingOnCover} />
      </CoverPage>
      <ContentPage ctx={ctx}>
        {readingOnCover ? null : (
          <View>
            <SectionTitle title="What the figures say" accent={ctx.theme.secondary} />
            {doc.writtenBy === 'ai' ? <AiNote text={SENTIMENT_AI_NOTE} /> : null}
            {doc.reading.map((sentence, i) => (
              <P key={i} style={coverStyles.readingText}>
                {sentence}
              </P>
            ))}
          </View>
        )}
        <View wrap={false}>
          <SectionTitle
            spaceAbove={readingOnCover ? 0 : 24}
            title="Mentions over time"
            accent={ctx.theme.secondary}
            lead={chartLead(doc, 'Mentions')}
          />
          <MentionsChart series={doc.series} spike={doc.spikeAlert} />
        </View>
        <View wrap={false}>
          <SectionTitle
            spaceAbove={24}
            title="Average sentiment over time"
            accent={ctx.theme.secondary}
            lead={`${chartLead(doc, 'Mean score out of 5')} Steps without mentions are left as gaps.`}
          />
          <SentimentChart series={doc.series} accent={ctx.theme.accent} />
        </View>
        <TopicsAndKeywords doc={doc} ctx={ctx} />
        <Sources doc={doc} ctx={ctx} />
        <ExampleQuotes doc={doc} ctx={ctx} />
        <LatestInsights doc={doc} ctx={ctx} />
        {doc.rules.length > 0 ? <AboutFigures rules={doc.rules} /> : <Text />}
      </ContentPage>
    </Document>
  );
}

/**
 * Renders a sentiment report, or the overview of a brand's insights, as a designed A4 PDF in
 * the audit report's visual language: a cover with the average sentiment, the reading and the
 * distribution; the two charts drawn as vector graphics; the spike alert, topics and keywords,
 * sources and example quotes; and how each figure is made.
 */
export async function renderSentimentPdf(
  doc: TSentimentDocument,
  options: { branding?: TPdfBranding | null } = {},
): Promise<Buffer> {
  const ctx = await buildReportContext({
    brandName: doc.brandName || 'Your brand',
    documentKind: doc.kind === 'report' ? 'sentiment report' : 'consumer insights report',
    auditDate: null,
    generatedAt: doc.generatedAt,
    branding: options.branding,
  });
  const { generatedAt, ...text } = doc;
  return renderToBuffer(<SentimentPdf doc={{ ...pdfSafeDeep(text), generatedAt }} ctx={ctx} />);
}
