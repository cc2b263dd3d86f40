/**
 * The competitive analysis by e-mail: the headline figures and findings in the message, the
 * designed PDF attached. Composed in the send-email job from the stored report.
 */
import { z } from 'zod';
import { findingKindLabels, findingKinds } from '../../../shared/schemas/competitor-reports.ts';
import { shortDate } from '../../../shared/sentiment-report-format.ts';
import { defineEmailComposer, type EmailComposeDeps, EmailNotSendableError } from '../../emails/composer.ts';
import { type EmailBlock, renderEmail } from '../../emails/templates/render-email.tsx';
import { AppError } from '../../http/errors.ts';
import { reportBrandingOf } from '../white-label/branding.ts';
import { emailBrandingOf, reportSourceOf } from '../white-label/email-branding.ts';

export const competitiveAnalysisEmailParams = z.object({
  reportId: z.uuid(),
  message: z.string().max(2000).nullable(),
  senderName: z.string().max(200),
});

async function renderPdfOrRefuse(deps: EmailComposeDeps, reportId: string) {
  const { renderCompetitiveReportPdf } = await import('./report-pdf.ts');
  try {
    return await renderCompetitiveReportPdf(deps.db, reportId, { uploads: deps.uploads });
  } catch (error) {
    // The report (or its brand) was deleted: sending later will not change that.
    if (error instanceof AppError && error.status < 500) throw new EmailNotSendableError(error.message);
    throw error;
  }
}

export const competitiveAnalysisEmail = defineEmailComposer({
  kind: 'competitive-analysis-report',
  params: competitiveAnalysisEmailParams,
  async compose(deps, params) {
    const { pdf, fileName, report, brandName, ownerId } = await renderPdfOrRefuse(deps, params.reportId);
    const range = `${shortDate(report.startDate)} to ${shortDate(report.endDate)}`;
    const blocks: EmailBlock[] = [
      {
        type: 'paragraph',
        text: `${params.senderName} sent you the competitive analysis for ${brandName}. The full report is attached as a PDF.`,
      },
    ];
    if (params.message) blocks.push({ type: 'quote', text: params.message, cite: params.senderName });
    blocks.push({
      type: 'figures',
      rows: [
        { label: 'Period', value: range },
        { label: 'Ads analysed', value: report.totalAdsAnalysed.toLocaleString('en-GB') },
        { label: 'Competitors', value: report.topCompetitors.length.toLocaleString('en-GB') },
        ...findingKinds.map((kind) => ({
          label: findingKindLabels[kind],
          value: String(report.keyFindings[kind].length),
        })),
      ],
    });
    const headline = findingKinds.flatMap((kind) =>
      report.keyFindings[kind].slice(0, 1).map((finding) => finding.text),
    );
    if (headline.length > 0) blocks.push({ type: 'list', items: headline });
    blocks.push({
      type: 'button',
      label: 'Open Competitor Tracking',
      url: `${deps.config.publicUrl}/competitor-tracking`,
    });
    const branding = await reportBrandingOf(deps.db, ownerId);
    const { html, text } = renderEmail({
      ...emailBrandingOf(branding),
      preheader: `${report.totalAdsAnalysed.toLocaleString('en-GB')} competitor ads analysed for ${brandName}, ${range}`,
      title: `${brandName}: competitive analysis`,
      blocks,
      footerNote: `You received this because ${params.senderName} sent you a ${reportSourceOf(branding)} report.`,
      publicUrl: deps.config.publicUrl,
    });
    return {
      subject: `${brandName} competitive analysis report`,
      html,
      text,
      attachments: [{ filename: fileName, contentType: 'application/pdf', content: pdf }],
      ...(branding ? { senderName: branding.companyName } : {}),
    };
  },
});
