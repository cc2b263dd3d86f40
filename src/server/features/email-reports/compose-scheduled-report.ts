/**
 * The scheduled report e-mail ('scheduled-report'): one message per recipient and run, composed
 * in the send-email job from the database as it is then. An external recipient's copy carries
 * their own unsubscribe link (and List-Unsubscribe); the owner's does not, and honours their
 * 'email reports' notification setting instead. White label when the owner has it.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { emailReportRuns, emailReports, users } from '../../db/schema/index.ts';
import { defineEmailComposer, EmailNotSendableError } from '../../emails/composer.ts';
import { DEFAULT_PRODUCT_NAME } from '../../emails/templates/email-document.ts';
import { renderEmail } from '../../emails/templates/render-email.tsx';
import { reportBrandingOf } from '../white-label/branding.ts';
import { normalisedAddress, optedOutAddresses, optOutUrlFor } from './opt-out.ts';
import { reportAttachments } from './report-attachments.ts';
import { collectReportContents } from './report-contents.ts';
import { formatSlot } from './schedule.ts';
import { brandBlocks } from './scheduled-report-blocks.ts';

export const SCHEDULED_REPORT_EMAIL_KIND = 'scheduled-report';

export const scheduledReportEmailParams = z.object({
  runId: z.uuid(),
  recipient: z.string().min(3).max(320),
});

const frequencyLabels = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' } as const;

async function loadRun(db: Parameters<typeof collectReportContents>[0], runId: string) {
  const [row] = await db
    .select({ run: emailReportRuns, report: emailReports, owner: users })
    .from(emailReportRuns)
    .innerJoin(emailReports, eq(emailReports.id, emailReportRuns.emailReportId))
    .innerJoin(users, eq(users.id, emailReports.userId))
    .where(eq(emailReportRuns.id, runId));
  if (!row) throw new EmailNotSendableError('The scheduled report was deleted');
  return row;
}

function ownerNameOf(owner: typeof users.$inferSelect): string {
  return [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.email;
}

export const scheduledReportEmail = defineEmailComposer({
  kind: SCHEDULED_REPORT_EMAIL_KIND,
  params: scheduledReportEmailParams,
  async compose(deps, params) {
    const { run, report, owner } = await loadRun(deps.db, params.runId);
    const recipient = normalisedAddress(params.recipient);
    const isOwner = recipient === normalisedAddress(owner.email);
    const isPreview = run.kind === 'preview';
    if (!isPreview && isOwner && !owner.notifyEmailReports)
      throw new EmailNotSendableError('The owner turned e-mail reports off in their notification settings');
    if (!isPreview && (await optedOutAddresses(deps.db, report.id)).has(recipient))
      throw new EmailNotSendableError('The recipient unsubscribed from this report');

    const now = new Date();
    // Only a scheduled send waits for a fresh analysis; a send on request goes with the latest results.
    const freshSince = run.kind === 'scheduled' && report.runFreshAnalysis ? run.createdAt : null;
    const contents = await collectReportContents(deps.db, report, { now, freshSince });
    const attachments = await reportAttachments(deps.db, deps.uploads, contents);
    const branding = await reportBrandingOf(deps.db, owner.id);
    const productName = branding?.companyName ?? DEFAULT_PRODUCT_NAME;
    const when = formatSlot(run.slot, report.timezone);
    const frequency = frequencyLabels[report.frequency];
    const unsubscribeUrl = isOwner ? undefined : optOutUrlFor(deps.config, { reportId: report.id, email: recipient });

    const intro = isPreview
      ? `This is a preview of your ${frequency.toLowerCase()} report "${report.name}", as it would be sent now.`
      : run.kind === 'manual'
        ? `Your ${frequency.toLowerCase()} report "${report.name}", sent on request on ${when}.`
        : `Your ${frequency.toLowerCase()} report "${report.name}" for ${when}.`;
    const blocks = [
      { type: 'paragraph' as const, text: intro },
      ...(run.error ? [{ type: 'note' as const, text: run.error }] : []),
      ...(contents.length === 0
        ? [{ type: 'paragraph' as const, text: 'There are no brands in this report yet: add a brand to see it here.' }]
        : brandBlocks(contents)),
      ...(attachments.length > 0 ? [{ type: 'note' as const, text: 'The full reports are attached as PDFs.' }] : []),
      { type: 'button' as const, label: `Open ${productName}`, url: `${deps.config.publicUrl}/` },
    ];
    const footerNote = isPreview
      ? 'You received this preview because you asked for it.'
      : isOwner
        ? `You received this because you scheduled "${report.name}". Turn e-mail reports off in your notification settings.`
        : `You received this because ${ownerNameOf(owner)} added you to the scheduled report "${report.name}".`;
    const { html, text } = renderEmail({
      preheader: `${report.name}: ${contents.map((content) => content.brand.name).join(', ') || 'no brands yet'}`,
      title: report.name,
      blocks,
      footerNote,
      publicUrl: deps.config.publicUrl,
      ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
      productName,
      ...(branding ? { accentColor: branding.primaryColor } : {}),
    });
    return {
      subject: `${isPreview ? 'Preview: ' : ''}${report.name} (${frequency} report, ${productName})`,
      html,
      text,
      attachments,
      ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
    };
  },
});
