/**
 * The consumer insights report by e-mail: the figures in the message, the designed PDF attached.
 * Composed in the send-email job from the brand's insights as they are when it runs.
 */
import { z } from 'zod';
import { dayKeyLabel } from '../../../shared/sentiment-report-format.ts';
import { defineEmailComposer, type EmailComposeDeps, EmailNotSendableError } from '../../emails/composer.ts';
import { type EmailBlock, renderEmail } from '../../emails/templates/render-email.tsx';
import { AppError } from '../../http/errors.ts';
import { reportBrandingOfBrand } from '../white-label/branding.ts';
import { emailBrandingOf, reportSourceOf } from '../white-label/email-branding.ts';
import type { SentimentPdfSummary } from './report-pdfs.ts';

export const consumerInsightsEmailParams = z.object({
  brandId: z.uuid(),
  /** the sender's own note, shown as their words */
  message: z.string().max(2000).nullable(),
  /** who sent it, as the reader knows them */
  senderName: z.string().max(200),
});

const percent = (value: number) => `${value}%`;

function figuresOf(summary: SentimentPdfSummary): EmailBlock {
  return {
    type: 'figures',
    rows: [
      { label: 'Period', value: summary.range },
      { label: 'Mentions', value: summary.totalMentions.toLocaleString('en-GB') },
      {
        label: 'Average sentiment',
        value: summary.overallSentiment === null ? 'Not measured' : `${summary.overallSentiment.toFixed(1)} out of 5`,
      },
      {
        label: 'Positive / neutral / negative',
        value: [summary.positivePercentage, summary.neutralPercentage, summary.negativePercentage]
          .map(percent)
          .join(' / '),
      },
    ],
  };
}

/** The message's blocks: the sender's note, the figures, any spike, the reading, where to see more. */
export function consumerInsightsEmailBlocks(
  summary: SentimentPdfSummary,
  params: z.output<typeof consumerInsightsEmailParams>,
  publicUrl: string,
): EmailBlock[] {
  const blocks: EmailBlock[] = [
    {
      type: 'paragraph',
      text: `${params.senderName} sent you the consumer insights report for ${summary.brandName}. The full report is attached as a PDF.`,
    },
  ];
  if (params.message) blocks.push({ type: 'quote', text: params.message, cite: params.senderName });
  blocks.push(figuresOf(summary));
  if (summary.spikeAlert) {
    const spike = summary.spikeAlert;
    blocks.push({
      type: 'note',
      text: `Spike alert: on ${dayKeyLabel(spike.day)}, ${spike.negativeShare}% of ${spike.mentions} mentions were negative, against ${spike.baselineShare}% on a usual day.`,
    });
  }
  if (summary.reading.length > 0) blocks.push({ type: 'list', items: summary.reading });
  if (summary.writtenBy === 'ai')
    blocks.push({ type: 'note', text: 'The reading above was written by AI from these figures.' });
  blocks.push({ type: 'button', label: 'Open Consumer Insights', url: `${publicUrl}/consumer-insights` });
  return blocks;
}

async function renderPdfOrRefuse(deps: EmailComposeDeps, brandId: string) {
  const { renderConsumerInsightsPdf } = await import('./report-pdfs.ts');
  try {
    return await renderConsumerInsightsPdf(deps.db, brandId, { uploads: deps.uploads });
  } catch (error) {
    // The brand was deleted, or its insights were: sending later will not change that.
    if (error instanceof AppError && error.status < 500) throw new EmailNotSendableError(error.message);
    throw error;
  }
}

export const consumerInsightsEmail = defineEmailComposer({
  kind: 'consumer-insights-report',
  params: consumerInsightsEmailParams,
  async compose(deps, params) {
    const { pdf, fileName, summary } = await renderPdfOrRefuse(deps, params.brandId);
    const branding = await reportBrandingOfBrand(deps.db, params.brandId);
    const { html, text } = renderEmail({
      ...emailBrandingOf(branding),
      preheader: `${summary.totalMentions.toLocaleString('en-GB')} mentions of ${summary.brandName}, ${summary.range}`,
      title: `${summary.brandName}: consumer insights`,
      blocks: consumerInsightsEmailBlocks(summary, params, deps.config.publicUrl),
      footerNote: `You received this because ${params.senderName} sent you a ${reportSourceOf(branding)} report.`,
      publicUrl: deps.config.publicUrl,
    });
    return {
      subject: `${summary.brandName} consumer insights report`,
      html,
      text,
      attachments: [{ filename: fileName, contentType: 'application/pdf', content: pdf }],
      ...(branding ? { senderName: branding.companyName } : {}),
    };
  },
});
