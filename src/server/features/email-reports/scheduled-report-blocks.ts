/**
 * A scheduled report's content as e-mail blocks (rendered as HTML tables and as plain text by
 * renderEmail): one section per brand and module, and a sentence wherever a module has no data.
 */
import { NOT_ENOUGH_MEASURED } from '../../../shared/audit-labels.ts';
import { previousPeriodSpans, reportPeriodSpans } from '../../../shared/schemas/sentiment-reports.ts';
import { shortDate } from '../../../shared/sentiment-report-format.ts';
import type { EmailBlock } from '../../emails/templates/email-document.ts';
import type { AuditContent, BrandContent, CompetitiveContent, SentimentContent } from './report-contents.ts';

// an area with too few checks applied, or social media with no profile read, has no score: never a 0 or a guess
const score = (value: number | null) => (value === null ? NOT_ENOUGH_MEASURED : `${value}/100`);
const percent = (value: number) => `${value}%`;

export const noAuditText = 'No completed audit yet: run a Brand Audit to see scores and recommendations here.';
export const noInsightsText = 'No consumer insights yet: add or discover insights to see the sentiment here.';
export const noCompetitiveText =
  'No competitive analysis yet: generate one on Competitor Tracking to see its summary here.';

function auditBlocks(brandName: string, audit: AuditContent | null): EmailBlock[] {
  const heading: EmailBlock = { type: 'heading', text: `${brandName}: brand audit` };
  if (!audit) return [heading, { type: 'paragraph', text: noAuditText }];
  const blocks: EmailBlock[] = [
    heading,
    {
      type: 'figures',
      rows: [
        { label: 'Audited', value: shortDate(audit.completedAt.toISOString()) },
        { label: 'Overall score', value: score(audit.overallScore) },
        { label: 'Website', value: score(audit.websiteScore) },
        { label: 'Social media', value: score(audit.socialMediaScore) },
        { label: 'Brand assets', value: score(audit.brandAssetsScore) },
      ],
    },
  ];
  if (audit.topRecommendations.length > 0) {
    blocks.push({ type: 'paragraph', text: 'Top recommendations:' });
    blocks.push({
      type: 'list',
      items: audit.topRecommendations.map(
        (item) => `${item.title} (${item.priority} priority, up to +${item.scoreImpact} points)`,
      ),
    });
  }
  return blocks;
}

/** 'Improving: from 3.1 over 12 mentions in the previous 7 days' */
export function trendSentence(sentiment: SentimentContent): string {
  const span = previousPeriodSpans[sentiment.period];
  if (sentiment.previousMentions === 0 || sentiment.previousSentiment === null)
    return `No mentions in ${span} to compare with`;
  const direction =
    sentiment.trendDirection === 'improving'
      ? 'Improving'
      : sentiment.trendDirection === 'declining'
        ? 'Declining'
        : 'Steady';
  const mentions = `${sentiment.previousMentions.toLocaleString('en-GB')} ${sentiment.previousMentions === 1 ? 'mention' : 'mentions'}`;
  return `${direction}: ${sentiment.trendDirection === 'neutral' ? 'against' : 'from'} ${sentiment.previousSentiment.toFixed(1)} over ${mentions} in ${span}`;
}

function sentimentBlocks(brandName: string, sentiment: SentimentContent | null): EmailBlock[] {
  const heading: EmailBlock = { type: 'heading', text: `${brandName}: consumer insights` };
  if (!sentiment) return [heading, { type: 'paragraph', text: noInsightsText }];
  const span = reportPeriodSpans[sentiment.period];
  if (sentiment.totalMentions === 0) {
    return [heading, { type: 'paragraph', text: `No mentions in ${span}. ${trendSentence(sentiment)}.` }];
  }
  return [
    heading,
    {
      type: 'figures',
      rows: [
        { label: 'Period', value: span.replace(/^the /, 'The ') },
        { label: 'Mentions', value: sentiment.totalMentions.toLocaleString('en-GB') },
        {
          label: 'Average sentiment',
          value:
            sentiment.overallSentiment === null ? 'Not measured' : `${sentiment.overallSentiment.toFixed(1)} out of 5`,
        },
        {
          label: 'Positive / neutral / negative',
          value: [sentiment.positivePercentage, sentiment.neutralPercentage, sentiment.negativePercentage]
            .map(percent)
            .join(' / '),
        },
        { label: 'Trend', value: trendSentence(sentiment) },
      ],
    },
  ];
}

function competitiveBlocks(brandName: string, competitive: CompetitiveContent | null): EmailBlock[] {
  const heading: EmailBlock = { type: 'heading', text: `${brandName}: competitive analysis` };
  if (!competitive) return [heading, { type: 'paragraph', text: noCompetitiveText }];
  const blocks: EmailBlock[] = [
    heading,
    {
      type: 'figures',
      rows: [
        { label: 'Period', value: `${shortDate(competitive.startDate)} to ${shortDate(competitive.endDate)}` },
        { label: 'Ads analysed', value: competitive.totalAdsAnalysed.toLocaleString('en-GB') },
        { label: 'Competitors', value: competitive.competitors.toLocaleString('en-GB') },
      ],
    },
  ];
  if (competitive.headline.length > 0) blocks.push({ type: 'list', items: competitive.headline });
  return blocks;
}

/** Every brand's sections, in the order of the report's modules. */
export function brandBlocks(contents: BrandContent[]): EmailBlock[] {
  return contents.flatMap((content) => {
    const name = content.brand.name;
    return [
      ...(content.audit === undefined ? [] : auditBlocks(name, content.audit)),
      ...(content.sentiment === undefined ? [] : sentimentBlocks(name, content.sentiment)),
      ...(content.competitive === undefined ? [] : competitiveBlocks(name, content.competitive)),
    ];
  });
}
